import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrganization, findOrganization } from '../../src/organizations/store.ts';
import { type Database, migrateToLatest, openSqlite } from '../../src/platform/db/database.ts';
import { rowMapper } from '../../src/platform/db/prepared.ts';
import { SqliteReader } from '../../src/platform/db/sqlite-reader.ts';
import { findProject, insertProject } from '../../src/projects/store.ts';

const opened: Database[] = [];
async function freshDatabase() {
  const database = openSqlite(
    path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-driver-')), 'db.sqlite'),
  );
  opened.push(database);
  await migrateToLatest(database.db);
  return database;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.destroy()));
});

describe('Kysely over node:sqlite', () => {
  it('commits a transaction whole, and rolls one back whole when it throws', async () => {
    const { db } = await freshDatabase();
    const organization = await db
      .transaction()
      .execute((trx) =>
        createOrganization(trx, { name: 'Committed', platformFeeCents: 100, balanceCents: 500 }),
      );
    expect((await findOrganization(db, organization.id))?.balance_cents).toBe(500);
    await expect(
      db.transaction().execute(async (trx) => {
        await insertProject(trx, organization.id, { name: 'Never' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const projects = await db.selectFrom('projects').selectAll().execute();
    expect(projects).toEqual([]);
  });

  it('serializes concurrent transactions on the one connection instead of interleaving them', async () => {
    const { db } = await freshDatabase();
    const organization = await createOrganization(db, { name: 'Busy', platformFeeCents: 100 });
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        db.transaction().execute(async (trx) => {
          order.push(`${name}:start`);
          await insertProject(trx, organization.id, { name });
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(`${name}:end`);
        }),
      ),
    );
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });

  it('never shows a hot read another request’s uncommitted write', async () => {
    const { db } = await freshDatabase();
    const organization = await createOrganization(db, { name: 'Isolated', platformFeeCents: 100 });
    let projectId = '';
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writer = db.transaction().execute(async (trx) => {
      projectId = (await insertProject(trx, organization.id, { name: 'Pending' })).id;
      await held;
    });
    while (!projectId) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await findProject(db, organization.id, projectId)).toBeUndefined();
    release();
    await writer;
    expect((await findProject(db, organization.id, projectId))?.name).toBe('Pending');
  });

  it('binds booleans, dates and objects the way the rest of the code stores them', async () => {
    const { db } = await freshDatabase();
    const { sql } = await import('kysely');
    const row = await sql<{
      b: number;
      d: string;
      j: string;
    }>`select ${true} as b, ${new Date(0)} as d, ${{ a: 1 }} as j`.execute(db);
    expect(row.rows[0]).toEqual({ b: 1, d: '1970-01-01T00:00:00.000Z', j: '{"a":1}' });
  });
});

describe('remembered hot reads', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('serve a result again only until a connection commits, another process included', async () => {
    const database = await freshDatabase();
    const organization = await createOrganization(database.db, {
      name: 'Cached',
      platformFeeCents: 100,
    });
    const project = await insertProject(database.db, organization.id, { name: 'Before' });
    expect((await findProject(database.db, organization.id, project.id))?.name).toBe('Before');
    // A write through this process's writer is seen at once, in the same event-loop turn.
    await database.db
      .updateTable('projects')
      .set({ name: 'After' })
      .where('id', '=', project.id)
      .execute();
    expect((await findProject(database.db, organization.id, project.id))?.name).toBe('After');
    // A commit by another connection, as the CLI makes from another process, is seen from the
    // next turn on: whatever arrives after the commit is read in a later turn than the commit.
    const other = openSqlite(database.location);
    opened.push(other);
    await other.db
      .updateTable('projects')
      .set({ name: 'Elsewhere' })
      .where('id', '=', project.id)
      .execute();
    await nextTurn();
    expect((await findProject(database.db, organization.id, project.id))?.name).toBe('Elsewhere');
    // Remembered rows are shared, so they cannot be changed by a caller.
    const row = await findProject(database.db, organization.id, project.id);
    expect(Object.isFrozen(row)).toBe(true);
  });

  it('remember a result by every parameter, its place and its type', async () => {
    const database = await freshDatabase();
    const reader = new SqliteReader(database.location);
    try {
      const pair = 'select ? as a, ? as b';
      const first = reader.all(pair, ['x', 'y']);
      expect(reader.all(pair, ['x', 'y'])).toBe(first);
      expect(reader.all(pair, ['y', 'x'])).toEqual([{ a: 'y', b: 'x' }]);
      expect(reader.all(pair, [1, 'y'])).toEqual([{ a: 1, b: 'y' }]);
      expect(reader.all(pair, ['1', 'y'])).toEqual([{ a: '1', b: 'y' }]);
      expect(reader.all(pair, [null, 'y'])).toEqual([{ a: null, b: 'y' }]);
      expect(reader.all(pair, ['x', 'y'])).toBe(first);
      const none = reader.all('select 7 as seven', []);
      expect(none).toEqual([{ seven: 7 }]);
      expect(reader.all('select 7 as seven', [])).toBe(none);
      // A blob is compared by content, which a map cannot do: read afresh every time.
      const blob = reader.all('select length(?) as n', [new Uint8Array([1, 2, 3])]);
      expect(blob).toEqual([{ n: 3 }]);
      expect(reader.all('select length(?) as n', [new Uint8Array([1, 2, 3])])).not.toBe(blob);
    } finally {
      reader.close();
    }
  });

  it('ask SQLite whether anything changed once per event-loop turn, not once per read', async () => {
    const database = await freshDatabase();
    const organization = await createOrganization(database.db, {
      name: 'Turns',
      platformFeeCents: 1,
    });
    const project = await insertProject(database.db, organization.id, { name: 'One' });
    await findProject(database.db, organization.id, project.id);
    const other = openSqlite(database.location);
    opened.push(other);
    await other.db
      .updateTable('projects')
      .set({ name: 'Two' })
      .where('id', '=', project.id)
      .execute();
    // Same turn as the last check: the remembered row still answers.
    expect((await findProject(database.db, organization.id, project.id))?.name).toBe('One');
    await nextTurn();
    expect((await findProject(database.db, organization.id, project.id))?.name).toBe('Two');
  });

  it('map a remembered row once, and map again once the database has changed', async () => {
    const database = await freshDatabase();
    const organization = await createOrganization(database.db, {
      name: 'Mapped',
      platformFeeCents: 1,
    });
    const project = await insertProject(database.db, organization.id, { name: 'Mapped' });
    let calls = 0;
    const upperName = rowMapper((row: { name: string }) => {
      calls++;
      return { name: row.name.toUpperCase() };
    });
    const read = async () =>
      upperName((await findProject(database.db, organization.id, project.id))!);
    const first = await read();
    expect(await read()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(calls).toBe(1);
    await database.db
      .updateTable('projects')
      .set({ name: 'Changed' })
      .where('id', '=', project.id)
      .execute();
    expect(await read()).toEqual({ name: 'CHANGED' });
    expect(calls).toBe(2);
    // Rows that are not shared (a transaction's, or PostgreSQL's) are mapped every time.
    const fresh = { name: 'fresh' };
    upperName(fresh);
    upperName(fresh);
    expect(calls).toBe(4);
  });
});
