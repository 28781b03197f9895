import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import type PgModule from 'pg';
import type { DB } from '../../schema.ts';
import { migrations } from './migrations/index.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { attachReader, SqliteReader } from './sqlite-reader.ts';

export type Engine = 'sqlite' | 'postgres';

/** What repositories and domain services take first: the database or an open transaction. */
export type Db = Kysely<DB> | Transaction<DB>;

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the SQLite file lives, or the PostgreSQL URL. */
  location: string;
  destroy(): Promise<void>;
}

const require = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;

/**
 * The PostgreSQL driver, loaded on first use: a process on the embedded database never holds it
 * (pg and its eight helper packages were ~10 MB of a SQLite server's resident memory; docs/
 * decisions.md, "A lean process and the read path").
 */
export function pg(): typeof PgModule {
  if (!pgModule) {
    pgModule = require('pg') as typeof PgModule;
    // pg returns int8 as strings; every bigint column here is cents or milliseconds, well inside 2^53.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
  }
  return pgModule;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  fs.mkdirSync(options.dataDir, { recursive: true });
  return openSqlite(path.join(options.dataDir, 'cohort.sqlite'));
}

export function openSqlite(file: string): Database {
  const sqlite = new DatabaseSync(file);
  sqlite.exec(`
    pragma journal_mode = wal;
    pragma synchronous = normal;
    pragma foreign_keys = on;
    pragma busy_timeout = 5000;
  `);
  // After the write connection has created the file and switched it to WAL, so the reader can open.
  const reader = new SqliteReader(file);
  const db = new Kysely<DB>({
    dialect: new NodeSqliteDialect(sqlite, { onWrite: () => reader.noteWrite() }),
  });
  attachReader(db, reader);
  return {
    db,
    engine: 'sqlite',
    location: file,
    async destroy() {
      await db.destroy();
      reader.close();
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new (pg().Pool)({ connectionString: url, max: poolSize });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    location: url,
    async destroy() {
      await db.destroy();
    },
  };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
