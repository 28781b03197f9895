import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import type PgModule from 'pg';
import type { DB } from '../../schema.ts';
import { StartupError } from '../startup-error.ts';
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
  try {
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.accessSync(options.dataDir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    return openSqlite(path.join(options.dataDir, 'cohort.sqlite'));
  } catch (error) {
    throw new StartupError(
      `cannot open the data folder ${options.dataDir} (${folderProblem(error)}): make it a folder this user may read and write, or set DATA_DIR to another folder`,
    );
  }
}

function folderProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'EEXIST' || code === 'ENOTDIR') return `${code}: a file is in the way`;
  if (code === 'EACCES' || code === 'EPERM') return `${code}: permission denied`;
  if (code === 'EROFS') return `${code}: read-only file system`;
  return code ?? (error as Error).message;
}

export function openSqlite(file: string): Database {
  const sqlite = new DatabaseSync(file);
  // secure_delete: freed space (a deleted row, the old version of an updated one) is overwritten
  // with zeros, so an erased participant's values leave no copy in free pages
  // (docs/participant-data.md).
  sqlite.exec(`
    pragma secure_delete = on;
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
