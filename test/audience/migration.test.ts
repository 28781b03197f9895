import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertParticipant } from '../../src/participants/store.ts';
import { migrateToLatest } from '../../src/platform/db/database.ts';
import type { DB } from '../../src/schema.ts';
import { engines, openDatabaseBefore } from '../support/harness.ts';

/**
 * Migration 0017 on a database that already holds participants: each gets an audience key, their
 * attributes JSON is copied into participant_attributes, and participants written afterwards,
 * by the store or by a bare INSERT, are numbered as well.
 */
const AUDIENCE_MIGRATION = '0017-audience-index';

async function rawParticipant(db: Kysely<DB>, attributes: string) {
  const id = `par_${randomBytes(8).toString('hex')}`;
  const now = new Date().toISOString();
  await db
    .insertInto('participants')
    .values({
      id,
      name: 'Before',
      email: `${id}@example.org`,
      timezone: 'UTC',
      birth_date: '1990-01-01',
      country_id: 'DE',
      attributes,
      linked_accounts: '[]',
      background: '{}',
      token_hash: id,
      status: 'active',
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  return id;
}

describe.each(engines())('migration 0017 on %s', (engine) => {
  it('numbers existing participants and copies their attributes into the index', async () => {
    const database = await openDatabaseBefore(engine, AUDIENCE_MIGRATION);
    const { db } = database;
    try {
      const first = await rawParticipant(
        db,
        JSON.stringify({
          'multi_select--seniority': ['senior', 'senior'],
          'multi_select--language': ['en', 'de'],
        }),
      );
      const second = await rawParticipant(db, '{}');
      const third = await rawParticipant(db, '{"multi_select--gender": ["female"]}');
      await migrateToLatest(db);

      const keys = await db
        .selectFrom('participants')
        .select(['id', 'audience_key'])
        .where('id', 'in', [first, second, third])
        .execute();
      const keyOf = new Map(keys.map((row) => [row.id, Number(row.audience_key)]));
      expect(new Set(keyOf.values()).size).toBe(3);
      for (const key of keyOf.values()) expect(Number.isInteger(key)).toBe(true);
      const indexed = await db
        .selectFrom('participant_attributes')
        .select(['participant_key', 'slug', 'option_id'])
        .orderBy('participant_key')
        .orderBy('slug')
        .orderBy('option_id')
        .execute();
      expect(
        indexed.map((row) => ({ ...row, participant_key: Number(row.participant_key) })),
      ).toEqual(
        [
          { participant_key: keyOf.get(first), slug: 'multi_select--language', option_id: 'de' },
          { participant_key: keyOf.get(first), slug: 'multi_select--language', option_id: 'en' },
          {
            participant_key: keyOf.get(first),
            slug: 'multi_select--seniority',
            option_id: 'senior',
          },
          { participant_key: keyOf.get(third), slug: 'multi_select--gender', option_id: 'female' },
        ].sort((a, b) => a.participant_key! - b.participant_key!),
      );

      // Written afterwards: a bare INSERT and the store are both numbered, after everyone else.
      const later = await rawParticipant(db, '{}');
      const { participant } = await insertParticipant(db, {
        name: 'After',
        email: `after-${randomBytes(4).toString('hex')}@example.org`,
        linkedin_url: null,
        timezone: 'UTC',
        birth_date: '1991-01-01',
        country_id: 'FR',
        state_id: null,
        city_id: null,
        attributes: '{"multi_select--gender": ["male"]}',
        linked_accounts: '[]',
        background: '{}',
      });
      const laterKey = await db
        .selectFrom('participants')
        .select('audience_key')
        .where('id', '=', later)
        .executeTakeFirstOrThrow();
      const highest = Math.max(...keyOf.values());
      expect(Number(laterKey.audience_key)).toBeGreaterThan(highest);
      expect(participant.audience_key).toBeGreaterThan(Number(laterKey.audience_key));
      const stored = await db
        .selectFrom('participant_attributes')
        .select(['slug', 'option_id'])
        .where('participant_key', '=', participant.audience_key)
        .execute();
      expect(stored).toEqual([{ slug: 'multi_select--gender', option_id: 'male' }]);
    } finally {
      await database.destroy();
    }
  });
});
