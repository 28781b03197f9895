import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/database.ts';
import { type Database, openPostgres, openSqlite } from '../../src/platform/db/database.ts';
import { inGroupCommit } from '../../src/platform/db/group-commit.ts';
import { engines, openEmptyTestPostgres } from '../support/harness.ts';

/**
 * Group commit (docs/decisions/0139-group-commit-on-the-embedded-database.md): transactions that
 * share one commit must each behave as a transaction of their own: serial order, their own failure
 * rolled back alone, answered only once committed.
 */
const open: Record<string, () => Database | Promise<Database>> = {
  sqlite: () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-group-commit-'));
    return openSqlite(path.join(dir, 'test.sqlite'));
  },
  // A database of its own: the run's shared one is listed whole by the tests that migrate it.
  postgres: () => openEmptyTestPostgres(4),
};

describe.each(engines())('inGroupCommit on %s', (engine) => {
  let database: Database | undefined;
  afterEach(async () => {
    if (database) {
      await sql`drop table if exists group_commit_rows`.execute(database.db);
      await database.destroy();
    }
    database = undefined;
  });

  async function table(): Promise<Db> {
    database = await open[engine]!();
    const { db } = database;
    await sql`drop table if exists group_commit_rows`.execute(db);
    await sql`create table group_commit_rows (n integer primary key, label text not null unique)`.execute(
      db,
    );
    return db;
  }

  /** Rows numbered n, read on a connection of its own. */
  async function countElsewhere(n: number): Promise<number> {
    if (engine === 'sqlite') {
      const other = new DatabaseSync(database!.location, { readOnly: true });
      try {
        return other.prepare('select n from group_commit_rows where n = ?').all(n).length;
      } finally {
        other.close();
      }
    }
    const other = openPostgres(database!.location, 1);
    try {
      return (await sql`select n from group_commit_rows where n = ${n}`.execute(other.db)).rows
        .length;
    } finally {
      await other.destroy();
    }
  }

  const rows = async (db: Db) =>
    (
      await sql<{
        n: number;
        label: string;
      }>`select n, label from group_commit_rows order by n`.execute(db)
    ).rows.map((row) => ({ n: Number(row.n), label: row.label }));

  it('keeps every transaction that succeeds and none of one that fails, in arrival order', async () => {
    const db = await table();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, n) =>
        inGroupCommit(db, async (trx) => {
          // Each sees every earlier member's rows, as a transaction after them would.
          const before = await rows(trx);
          await sql`insert into group_commit_rows (n, label) values (${n}, ${`row ${n}`})`.execute(
            trx,
          );
          if (n % 7 === 3) throw new Error(`member ${n} gives up after writing`);
          return before.length;
        }),
      ),
    );
    const failed = outcomes.flatMap((outcome, n) => (outcome.status === 'rejected' ? [n] : []));
    expect(failed).toEqual([3, 10, 17, 24, 31, 38]);
    for (const [n, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected') {
        expect((outcome.reason as Error).message).toBe(`member ${n} gives up after writing`);
      }
    }
    const kept = await rows(db);
    expect(kept.map((row) => row.n)).toEqual(
      Array.from({ length: 40 }, (_, n) => n).filter((n) => !failed.includes(n)),
    );
    if (engine === 'sqlite') {
      // Serial order: member n saw exactly the kept rows of the members before it.
      for (const [n, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') {
          expect(outcome.value).toBe(kept.filter((row) => row.n < n).length);
        }
      }
    }
  });

  it('gives a constraint violation to the member that caused it, and keeps the others', async () => {
    const db = await table();
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'a', 'c'].map((label, n) =>
        inGroupCommit(db, (trx) =>
          sql`insert into group_commit_rows (n, label) values (${n}, ${label})`.execute(trx),
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      engine === 'sqlite'
        ? ['fulfilled', 'fulfilled', 'rejected', 'fulfilled']
        : // Concurrent transactions on PostgreSQL: either of the two 'a's may win.
          expect.arrayContaining(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']),
    );
    expect((await rows(db)).map((row) => row.label).sort()).toEqual(['a', 'b', 'c']);
  });

  it('answers only after the commit: what a member returns is already readable elsewhere', async () => {
    const db = await table();
    const seen = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        inGroupCommit(db, (trx) =>
          sql`insert into group_commit_rows (n, label) values (${n}, ${`r${n}`})`.execute(trx),
        ).then(() => countElsewhere(n)),
      ),
    );
    expect(seen).toEqual(Array(10).fill(1));
  });

  it('runs inside a transaction it is given, as part of it', async () => {
    const db = await table();
    await expect(
      db.transaction().execute(async (trx) => {
        await inGroupCommit(trx, (inner) =>
          sql`insert into group_commit_rows (n, label) values (1, 'inner')`.execute(inner),
        );
        throw new Error('the outer transaction rolls back');
      }),
    ).rejects.toThrow('the outer transaction rolls back');
    expect(await rows(db)).toEqual([]);
  });
});

/**
 * Each member runs in a savepoint, whose journal keeps the images of the pages it changes. On
 * files it spilled past 64 KiB into a new file in the system's temporary folder, made and deleted
 * a group, written ten times an application and holding participants' values
 * (docs/decisions/0196-savepoint-journals-in-memory.md). The file would be open, deleted, while
 * the member still runs: Linux lists it among the process's descriptors.
 */
describe.runIf(engines().includes('sqlite') && process.platform === 'linux')(
  'inGroupCommit on sqlite: savepoint journals',
  () => {
    const temporaryFiles = () =>
      fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => /etilqs_/.test(target));

    it('keeps a member that changes hundreds of KiB of pages off temporary files', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-group-commit-'));
      const database = openSqlite(path.join(dir, 'test.sqlite'));
      try {
        const { db } = database;
        await sql`create table journal_rows (n integer primary key, label text not null)`.execute(
          db,
        );
        // 200 rows of 2 KB, committed: every page a member then changes was in the file before.
        for (let n = 0; n < 200; n++) {
          await sql`insert into journal_rows (n, label) values (${n}, ${'a'.repeat(2000)})`.execute(
            db,
          );
        }
        const during = await inGroupCommit(db, async (trx) => {
          await sql`update journal_rows set label = ${'b'.repeat(2000)}`.execute(trx);
          return temporaryFiles();
        });
        expect(during).toEqual([]);
        const { rows } = await sql<{ changed: number }>`
          select count(*) as changed from journal_rows where label like 'b%'
        `.execute(db);
        expect(Number(rows[0]!.changed)).toBe(200);
      } finally {
        await database.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
