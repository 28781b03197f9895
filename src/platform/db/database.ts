import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator } from 'kysely/migration';
import type { DB } from '../../schema.ts';
import { StartupError } from '../startup-error.ts';
import { whileLocked } from './advisory-lock.ts';
import {
  type CommitSignals,
  notifier,
  PostgresCommitSignals,
  type SignalChannel,
  SqliteCommitSignals,
  signallingPool,
} from './commit-signals.ts';
import { migrations } from './migrations/index.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { namingPool, pg } from './pg-driver.ts';
import { attachReader, SqliteReader } from './sqlite-reader.ts';

export type Engine = 'sqlite' | 'postgres';

/** What repositories and domain services take first: the database or an open transaction. */
export type Db = Kysely<DB> | Transaction<DB>;

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the SQLite file lives, or the PostgreSQL URL. */
  location: string;
  /** Hears commits that inserted jobs or outbox events (the job runner wakes on them). */
  signals: CommitSignals;
  /**
   * For writes whose loss in a crash costs nothing but a repeat: the rate-limit count, the job
   * runner's claims and settlements, webhook delivery records
   * (docs/decisions/0131-relaxed-commits-where-a-crash-only-repeats-work.md). On PostgreSQL its
   * connections commit with `synchronous_commit = off`: the commit returns before its WAL reaches
   * the disk, and a crash forgets at most the last few hundred milliseconds of such writes (3 x
   * wal_writer_delay); locks, atomicity and visibility are unchanged. On the embedded database it
   * is `db` itself.
   */
  relaxed: Kysely<DB>;
  destroy(): Promise<void>;
}

export { pg } from './pg-driver.ts';

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
  // temp_store = memory: a savepoint's journal (the images of the pages it changes, kept to roll
  // it back) stays in memory instead of spilling past 64 KiB to a new file in the system's
  // temporary folder. Group commit runs every application in a savepoint, and on files that was
  // ten writes of a temporary file an application and one file made and deleted a group, with
  // participants' values in its pages
  // (docs/decisions/0196-savepoint-journals-in-memory.md).
  sqlite.exec(`
    pragma secure_delete = on;
    pragma journal_mode = wal;
    pragma synchronous = normal;
    pragma foreign_keys = on;
    pragma busy_timeout = 5000;
    pragma temp_store = memory;
  `);
  // After the write connection has created the file and switched it to WAL, so the reader can open.
  const reader = new SqliteReader(file);
  let signals: SqliteCommitSignals | undefined;
  const db = new Kysely<DB>({
    dialect: new NodeSqliteDialect(sqlite, {
      onWrite: () => {
        reader.noteWrite();
        if (!sqlite.isTransaction) signals?.settled();
      },
    }),
  });
  signals = new SqliteCommitSignals(sqlite, async (statements) => {
    for (const statement of statements) await sql.raw(statement).execute(db);
  });
  attachReader(db, reader);
  return {
    db,
    engine: 'sqlite',
    location: file,
    signals,
    relaxed: db,
    async destroy() {
      await db.destroy();
      reader.close();
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  const relaxedPool = namingPool(
    new (pg().Pool)({
      connectionString: url,
      max: poolSize,
      options: '-c synchronous_commit=off',
    }),
  );
  // Commits that insert jobs or outbox events wake this process's workers at once and NOTIFY the
  // workers of every other process, afterwards.
  const signals = new PostgresCommitSignals(url);
  const send = notifier(relaxedPool, signals.sender);
  const notify = (channels: ReadonlySet<SignalChannel>) => {
    signals.committedHere(channels);
    send(channels);
  };
  const pool = signallingPool(
    namingPool(new (pg().Pool)({ connectionString: url, max: poolSize })),
    notify,
  );
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const relaxed = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: signallingPool(relaxedPool, notify) }),
  });
  return {
    db,
    engine: 'postgres',
    location: url,
    signals,
    relaxed,
    async destroy() {
      signals.close();
      await db.destroy();
      await relaxed.destroy();
      // Kysely ends a pool only if it ran a query on it; the notifier uses the relaxed pool
      // directly, and an idle client left there kept a finished `cohort` command alive for the
      // pool's 10 s idle timeout.
      if (!relaxedPool.ending) await relaxedPool.end();
    },
  };
}

/** The lock every process takes to migrate (advisory-lock.ts): migrations run once, in turn. */
const MIGRATION_LOCK = 'cohort:migrations';

/**
 * Applies every migration this build knows and the database lacks, and answers their names. Any
 * number of processes may call it at once: they take turns under one lock, the first applies
 * what is missing, and the others find nothing to do. A database that records a migration this
 * build does not know was migrated by a newer release, and this one refuses to touch it
 * (docs/decisions/0164-start-up-together-and-rolling-restarts.md).
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  return whileLocked(db, MIGRATION_LOCK, async () => {
    const unknown = await migrationsUnknownToThisBuild(db);
    if (unknown.length > 0) throw newerSchemaError(unknown);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error;
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

/** Migrations the database records that this build does not have; none on an empty database. */
async function migrationsUnknownToThisBuild(db: Kysely<DB>): Promise<string[]> {
  let applied: string[];
  try {
    const rows = await sql<{ name: string }>`select name from ${sql.table(
      DEFAULT_MIGRATION_TABLE,
    )}`.execute(db);
    applied = rows.rows.map((row) => row.name);
  } catch {
    // No migration table yet: nothing was ever applied.
    return [];
  }
  return applied.filter((name) => !Object.hasOwn(migrations, name)).sort();
}

function newerSchemaError(unknown: readonly string[]): StartupError {
  const names =
    unknown.length > 3
      ? `${unknown.slice(0, 3).join(', ')} and ${unknown.length - 3} more`
      : unknown.join(', ');
  const latest = Object.keys(migrations).at(-1);
  return new StartupError(
    `the database was migrated by a newer release of Cohort: it records ${unknown.length === 1 ? 'migration' : 'migrations'} ${names}, unknown to this release (whose last is ${latest}); run that release or a newer one`,
  );
}
