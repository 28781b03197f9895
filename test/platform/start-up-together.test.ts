import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres, openSqlite } from '../../src/platform/db/database.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import {
  type CohortProcess,
  freePort,
  PROCESS_DEADLINE_MS,
  startCohort,
  waitUntilReady,
} from '../support/cohort-process.ts';
import { engines } from '../support/harness.ts';
import { createProcessDatabase, type ProcessDatabase } from '../webhooks/serve-process.ts';

const KNOWN = Object.keys(migrations);

/** Applies the migrations up to and including `last`, as a release that ended there would have. */
async function migrateUpTo(database: Database, last: string) {
  const { error } = await new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  }).migrateTo(last);
  if (error) throw error;
}

async function appliedMigrations(database: Database): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(database.db);
  return rows.map((row) => row.name);
}

/**
 * Several real `cohort` processes started at the same moment on one PostgreSQL database
 * (docs/decisions/0164-start-up-together-and-rolling-restarts.md): they take turns under one
 * advisory lock, the first migrates, and every one becomes ready.
 */
describe.runIf(inject('postgresUrl'))('cohort processes started together on PostgreSQL', () => {
  const started: CohortProcess[] = [];
  const databases: ProcessDatabase[] = [];
  const opened: Database[] = [];

  afterAll(async () => {
    await Promise.all(started.map((cohort) => cohort.kill()));
    await Promise.all(opened.map((database) => database.destroy()));
    await Promise.all(databases.map((database) => database.drop()));
  });

  /** Three `serve` and one `worker` at once; resolves when all four are ready. */
  async function startFour(database: ProcessDatabase) {
    // One machine's data folder for all four: the secret key file is made once among them too.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-together-'));
    const env = { ...database.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const serves = ports.map((port) => startCohort({ ...env, PORT: String(port) }, ['serve']));
    const worker = startCohort(env, ['worker']);
    started.push(...serves, worker);
    await Promise.all([
      ...serves.map((serve) => serve.printed(/listening on (http:\/\/\S+)\/v2/)),
      worker.printed(/Cohort worker \S+ running \(postgres\)/),
    ]);
    await Promise.all(ports.map((port) => waitUntilReady(`http://127.0.0.1:${port}`)));
    for (const cohort of [...serves, worker]) {
      expect(cohort.child.exitCode).toBeNull();
      expect(cohort.errors()).not.toMatch(/error|corrupted|duplicate/i);
    }
    return [...serves, worker];
  }

  it('all become ready on an empty database, which holds each migration once', {
    timeout: 3 * PROCESS_DEADLINE_MS,
  }, async () => {
    const database = await createProcessDatabase('postgres');
    databases.push(database);
    const four = await startFour(database);
    const db = openPostgres(database.location, 1);
    opened.push(db);
    expect(await appliedMigrations(db)).toEqual(KNOWN);
    await Promise.all(four.map((cohort) => cohort.kill()));
  });

  it('all become ready on a database an older release migrated, and bring it up to date', {
    timeout: 3 * PROCESS_DEADLINE_MS,
  }, async () => {
    const database = await createProcessDatabase('postgres');
    databases.push(database);
    const db = openPostgres(database.location, 1);
    opened.push(db);
    const older = KNOWN.slice(0, -5);
    await migrateUpTo(db, older.at(-1)!);
    expect(await appliedMigrations(db)).toEqual(older);

    const four = await startFour(database);
    expect(await appliedMigrations(db)).toEqual(KNOWN);
    await Promise.all(four.map((cohort) => cohort.kill()));
  });
});

/**
 * A database that records a migration this build does not know was migrated by a newer release:
 * every command that migrates refuses it in one line, and exits non-zero.
 */
describe.each(engines())('a database newer than the code on %s', (engine) => {
  let database: ProcessDatabase;

  afterAll(async () => {
    await database?.drop();
  });

  it('serve, worker and migrate refuse to start, in one line naming the migration', {
    timeout: 4 * PROCESS_DEADLINE_MS,
  }, async () => {
    database = await createProcessDatabase(engine);
    const env = { ...database.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const migrate = startCohort(env, ['migrate']);
    expect(await migrate.exited).toEqual({ code: 0, signal: null });
    const db =
      engine === 'sqlite' ? openSqlite(database.location) : openPostgres(database.location, 1);
    try {
      await sql`insert into kysely_migration (name, timestamp) values (${'9999-from-a-newer-release'}, ${new Date().toISOString()})`.execute(
        db.db,
      );
    } finally {
      await db.destroy();
    }

    for (const args of [['serve'], ['worker'], ['migrate']]) {
      const refused = startCohort(env, args);
      const exit = await refused.exited;
      expect(exit.code, refused.output()).toBe(1);
      const lines = refused.errors().trimEnd().split('\n');
      expect(lines, refused.output()).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^cohort: the database was migrated by a newer release of Cohort: it records migration 9999-from-a-newer-release, unknown to this release \(whose last is \S+\); run that release or a newer one$/,
      );
      expect(refused.output()).not.toMatch(/listening on|running/);
    }
  });
});
