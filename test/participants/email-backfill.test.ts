import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, createScratchDatabase } from '../../fixtures/scratch-postgres.ts';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { signUpParticipant, updateParticipantProfile } from '../../src/participants/index.ts';
import { type Database, openPostgres } from '../../src/platform/db/database.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import { engines, openTestDatabase } from '../support/harness.ts';
import { profile } from '../support/participant-side.ts';

/**
 * Migration 0016 gives every existing account its mailbox
 * (docs/decisions/0082-one-account-per-mailbox.md). Accounts that already shared one are kept as
 * they are: the oldest holds the mailbox, the others keep working, and a new sign-up for it is
 * refused.
 */
describe.each(engines())('the mailbox backfill of migration 0016 on %s', (engine) => {
  let database: Database;
  let dropScratch: (() => Promise<void>) | undefined;

  const migrateWhile = (keep: (name: string) => boolean) =>
    new Migrator({
      db: database.db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(Object.entries(migrations).filter(([name]) => keep(name))),
      },
    }).migrateToLatest();

  beforeAll(async () => {
    loadGeography();
    if (engine === 'sqlite') {
      database = openTestDatabase('sqlite');
    } else {
      const base = new URL(inject('postgresUrl'));
      const { name, url } = await createScratchDatabase(base, 'cohort_backfill_');
      database = openPostgres(url, 2);
      dropScratch = () => adminQuery(base, `drop database if exists ${name}`);
    }
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
    await dropScratch?.();
  });

  it('keeps colliding accounts, gives the oldest the mailbox, and refuses a new one for it', async () => {
    const before = await migrateWhile((name) => name < '0016');
    expect(before.error).toBeUndefined();
    const now = new Date().toISOString();
    const insert = (id: string, email: string) =>
      sql`insert into participants (id, name, email, timezone, birth_date, country_id, attributes,
        linked_accounts, background, token_hash, status, created_at, updated_at)
        values (${id}, ${'Ana Lima'}, ${email}, ${'UTC'}, ${'1990-01-01'}, ${'US'}, ${'{}'},
        ${'[]'}, ${'{"experiences":[],"educations":[]}'}, ${randomBytes(16).toString('hex')},
        ${'active'}, ${now}, ${now})`.execute(database.db);
    await insert('par_0001', 'ana.lima@gmail.com');
    await insert('par_0002', 'analima+old@googlemail.com');
    await insert('par_0003', 'ben@example.org');

    const after = await migrateWhile(() => true);
    expect(after.error).toBeUndefined();
    const rows = await database.db
      .selectFrom('participants')
      .select(['id', 'email', 'email_canonical', 'is_test'])
      .where('id', 'in', ['par_0001', 'par_0002', 'par_0003'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'par_0001',
        email: 'ana.lima@gmail.com',
        email_canonical: 'analima@gmail.com',
        is_test: 0,
      },
      { id: 'par_0002', email: 'analima+old@googlemail.com', email_canonical: null, is_test: 0 },
      { id: 'par_0003', email: 'ben@example.org', email_canonical: 'ben@example.org', is_test: 0 },
    ]);
    const secret = await database.db
      .selectFrom('instance_secrets')
      .select('secret')
      .where('name', '=', 'network_fingerprint')
      .executeTakeFirstOrThrow();
    expect(secret.secret).toMatch(/^[\w-]{43}$/);

    // The younger account still saves its profile; a new sign-up for the mailbox is refused.
    const younger = await database.db
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', 'par_0002')
      .executeTakeFirstOrThrow();
    const saved = await updateParticipantProfile(
      database.db,
      younger,
      { name: 'Ana L.' },
      new Date(),
    );
    expect(saved.name).toBe('Ana L.');
    await expect(
      signUpParticipant(database.db, profile({ email: 'a.n.a.lima@gmail.com' }), new Date()),
    ).rejects.toMatchObject({ name: 'ConflictError' });
  });
});
