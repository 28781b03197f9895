import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import { insertMany } from '../../src/platform/db/insert-many.ts';
import { newId } from '../../src/platform/ids.ts';
import { engines, openMigratedTestDatabase } from '../support/harness.ts';

/**
 * insertMany (src/platform/db/insert-many.ts) writes what it is given, exactly, on both engines:
 * on PostgreSQL every column travels as one array, so text that array literals quote (commas,
 * braces, quotes, backslashes, the word NULL) must come back as it went, nulls as nulls.
 */
describe.each(engines())('insertMany on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedTestDatabase(engine);
  });
  afterAll(() => database?.destroy());

  const awkward = [
    'plain',
    '',
    'NULL',
    'a, b',
    '{braces}',
    '"double" and \'single\'',
    'back\\slash',
    'line\nbreak',
    'ünïcødé ✓ 🎉',
  ];

  it('writes every row as given, in one call of more rows than a SQLite chunk', async () => {
    const created = new Date().toISOString();
    const rows = Array.from({ length: 1_203 }, (_, n) => ({
      id: newId('mail'),
      to_address: `person${n}@example.test`,
      subject: awkward[n % awkward.length]!,
      text_body: `${awkward[(n + 1) % awkward.length]} ${n}`,
      html_body: n % 2 === 0 ? null : awkward[n % awkward.length]!,
      headers: null,
      attachments: null,
      kind: 'session' as const,
      status: 'kept' as const,
      attempts: n % 3,
      last_error: null,
      created_at: created,
      sent_at: null,
    }));
    await insertMany(database.db, 'mail_messages', rows);
    const read = await database.db
      .selectFrom('mail_messages')
      .selectAll()
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const byId = new Map(read.map((row) => [row.id, row]));
    expect(read).toHaveLength(rows.length);
    for (const row of rows) {
      const back = byId.get(row.id)!;
      expect(back.subject).toBe(row.subject);
      expect(back.text_body).toBe(row.text_body);
      expect(back.html_body).toBe(row.html_body);
      expect(Number(back.attempts)).toBe(row.attempts);
      expect(back.last_error).toBeNull();
    }
  });

  it('skips rows that break a unique constraint and answers only the rows written', async () => {
    const key = newId('job');
    const job = (dedupe: string | null, n: number) => ({
      id: newId('job'),
      kind: 'test.insert_many',
      payload: JSON.stringify({ n }),
      status: 'pending' as const,
      run_at: new Date().toISOString(),
      attempts: 0,
      max_attempts: 3,
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: dedupe,
      lane: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      finished_at: null,
    });
    const first = [job(`${key}:a`, 1), job(`${key}:b`, 2)];
    expect(
      await insertMany(database.db, 'jobs', first, {
        skipConflictsOn: ['dedupe_key'],
        returning: 'id',
      }),
    ).toEqual(first.map((row) => row.id));
    const again = [job(`${key}:a`, 3), job(`${key}:c`, 4), job(null, 5)];
    const written = await insertMany(database.db, 'jobs', again, {
      skipConflictsOn: ['dedupe_key'],
      returning: 'id',
    });
    expect([...written].sort()).toEqual([again[1]!.id, again[2]!.id].sort());
    const payloads = await database.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'test.insert_many')
      .where('dedupe_key', 'like', `${key}:%`)
      .orderBy('dedupe_key')
      .execute();
    expect(payloads.map((row) => JSON.parse(row.payload).n)).toEqual([1, 2, 4]);
  });

  it('writes nothing for no rows', async () => {
    expect(await insertMany(database.db, 'jobs', [])).toEqual([]);
  });
});
