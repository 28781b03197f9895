import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, createScratchDatabase } from '../../fixtures/scratch-postgres.ts';
import { insertParticipant } from '../../src/participants/store.ts';
import { type Database, migrateToLatest, openPostgres } from '../../src/platform/db/database.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import type { DB } from '../../src/schema.ts';
import { engines, openTestDatabase } from '../support/harness.ts';

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
    let database: Database;
    let drop = async () => {};
    if (engine === 'postgres') {
      const base = new URL(inject('postgresUrl'));
      const { name, url } = await createScratchDatabase(base, 'cohort_audience_migration_');
      database = openPostgres(url, 2);
      drop = () => adminQuery(base, `drop database if exists ${name}`);
    } else {
      database = openTestDatabase(engine);
    }
    const { db } = database;
    try {
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf(AUDIENCE_MIGRATION) - 1]!;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(before);
      if (error) throw error;

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
      await drop();
    }
  });
});
