import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOnBitmaps } from '../../src/audience/bitmaps/count.ts';
import { countAudience } from '../../src/audience/count-query.ts';
import { audiencePlan } from '../../src/filters/index.ts';
import { panelCatalog } from '../../src/participants/panel-catalog.ts';
import { profileIssues, type SignupBody } from '../../src/participants/profile.ts';
import { seededParticipant } from '../../src/participants/simulated-panel.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { runCli } from '../support/cli.ts';
import {
  client,
  createTestOrganization,
  engines,
  openTemplatePostgres,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce, signUp } from '../support/participant-side.ts';

/**
 * `cohort panel seed` (docs/decisions/0171-panel-seed.md) into a database of its own per engine:
 * the people it writes, that they are the seed's, valid, varied and counted by the audience index,
 * and the refusal of a database with real participants.
 */
const PARTICIPANTS = 2_000;
const SEED = 11;

describe.each(engines())('cohort panel seed on %s', (engine) => {
  let server: TestServer;
  let database: Database;
  let env: NodeJS.ProcessEnv;
  let seeded: { stdout: string };

  beforeAll(async () => {
    loadGeographyOnce();
    env = { ...process.env };
    if (engine === 'postgres') {
      database = await openTemplatePostgres('cohort_panel_', 4);
      env.DATABASE_URL = database.location;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-panel-'));
      env.DATA_DIR = dataDir;
      delete env.DATABASE_URL;
      await runCli(env, ['migrate']);
      database = openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite'));
    }
    server = await startTestServer(engine, {}, { database });
    seeded = await runCli(
      env,
      ['panel', 'seed', '--participants', String(PARTICIPANTS), '--seed', String(SEED), '--json'],
      { timeout: 120_000 },
    );
  }, 180_000);
  afterAll(() => server?.close());

  const rows = () =>
    database.db
      .selectFrom('participants')
      .selectAll()
      .where('email', 'like', '%@panel.invalid')
      .orderBy('audience_key')
      .execute();

  it("writes the seed's participants: the same people the generator draws for that seed", async () => {
    expect(JSON.parse(seeded.stdout)).toMatchObject({
      created: PARTICIPANTS,
      seed: SEED,
      first: 0,
      real: 0,
    });
    const stored = await rows();
    expect(stored).toHaveLength(PARTICIPANTS);
    const catalog = panelCatalog();
    const byEmail = new Map(stored.map((row) => [row.email, row]));
    for (const n of [0, 1, 777, PARTICIPANTS - 1]) {
      const drawn = seededParticipant(catalog, SEED, n);
      const row = byEmail.get(drawn.email)!;
      expect(row).toMatchObject({
        name: drawn.name,
        birth_date: drawn.birth_date,
        country_id: drawn.country_id,
        state_id: drawn.state_id,
        city_id: drawn.city_id,
        timezone: drawn.timezone,
        attributes: drawn.attributes,
        background: drawn.background,
        is_test: 0,
      });
      expect(Number(row.decided_submissions)).toBe(drawn.decided_submissions);
    }
  });

  it('writes only valid, varied profiles with a plausible record of decisions', async () => {
    const stored = await rows();
    const now = new Date();
    const countries = new Set<string>();
    const slugs = new Set<string>();
    const years = stored.map((row) => Number(row.birth_date.slice(0, 4)));
    let undecided = 0;
    for (const row of stored) {
      const profile: SignupBody = {
        name: row.name,
        email: row.email,
        timezone: row.timezone,
        birth_date: row.birth_date,
        linkedin_url: row.linkedin_url,
        country_id: row.country_id,
        state_id: row.state_id,
        city_id: row.city_id,
        attributes: JSON.parse(row.attributes),
        linked_accounts: JSON.parse(row.linked_accounts),
        background: JSON.parse(row.background),
      };
      expect(profileIssues(profile, now), row.email).toEqual([]);
      countries.add(row.country_id);
      for (const slug of Object.keys(profile.attributes ?? {})) slugs.add(slug);
      const decided = Number(row.decided_submissions);
      const approved = Number(row.approved_submissions);
      if (decided === 0) {
        undecided++;
        expect(row.approval_rate).toBeNull();
      } else {
        expect(approved).toBeLessThanOrEqual(decided);
        expect(Number(row.approval_rate)).toBe(Math.floor((approved * 100) / decided));
      }
    }
    expect(countries.size).toBeGreaterThan(20);
    expect(Math.max(...years) - Math.min(...years)).toBeGreaterThan(40);
    expect([...slugs].sort()).toEqual(
      panelCatalog()
        .attributes.map((attribute) => attribute.slug)
        .sort(),
    );
    expect(undecided / PARTICIPANTS).toBeGreaterThan(0.3);
    expect(undecided / PARTICIPANTS).toBeLessThan(0.5);
  });

  it('indexes their attributes: audience sizes count them', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const size = async (filters: unknown[]) =>
      (await client(server, organization.apiKey).post('/v2/audience/size', { filters })).body;
    expect(await size([])).toEqual({ count: PARTICIPANTS });
    const stored = await rows();
    const holding = (slug: string, id: string) =>
      stored.filter((row) => (JSON.parse(row.attributes)[slug] ?? []).includes(id)).length;
    for (const [slug, id] of [
      ['multi_select--gender', 'female'],
      ['multi_select--language', 'en'],
      ['multi_select--employment_status', 'retired'],
    ] as const) {
      const expected = holding(slug, id);
      expect(expected).toBeGreaterThan(25);
      expect(await size([{ [slug]: { $in: [id] } }])).toEqual({ count: expected });
    }
    const china = stored.filter((row) => row.country_id === 'CN').length;
    expect(await size([{ 'multi_select--country': { $in: ['CN'] } }])).toEqual({ count: china });
  });

  it('builds the indexes it set aside during the load once it is done (decision 0173)', async () => {
    expect(JSON.parse(seeded.stdout).deferredIndexes).toBeGreaterThanOrEqual(4);
    expect(await database.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
    const names =
      engine === 'postgres'
        ? await database.db
            .selectFrom(sql<{ name: string }>`(select indexname as name from pg_indexes)`.as('i'))
            .select('name')
            .execute()
        : await database.db
            .selectFrom(
              sql<{ name: string }>`(select name from sqlite_master where type = 'index')`.as('i'),
            )
            .select('name')
            .execute();
    const present = new Set(names.map((row) => row.name));
    for (const name of [
      'participants_audience',
      'participants_sample',
      'participants_approval_rate',
      'participant_attributes_sample',
    ]) {
      expect(present.has(name), name).toBe(true);
    }
  });

  it('folds every seeded participant into the bitmaps, its triggers and foreign keys back (decisions 0188, 0190)', async () => {
    // Each batch marked its participants dirty; the command folded them before it ended.
    const dirty = await sql<{ count: number | string }>`
      select count(*) as count from audience_dirty
    `.execute(database.db);
    expect(Number(dirty.rows[0]!.count)).toBe(0);
    const everyone = audiencePlan([], new Date());
    expect(await countOnBitmaps(database.db, everyone)).toBe(
      await countAudience(database.db, everyone),
    );
    expect(await countAudience(database.db, everyone)).toBeGreaterThanOrEqual(PARTICIPANTS);
    if (engine === 'postgres') {
      const { rows: triggers } = await sql<{ name: string; enabled: string }>`
        select tgname as name, tgenabled as enabled from pg_trigger
        where tgname in ('participants_dirty', 'participant_attributes_dirty') order by tgname
      `.execute(database.db);
      expect(triggers).toEqual([
        { name: 'participant_attributes_dirty', enabled: 'O' },
        { name: 'participants_dirty', enabled: 'O' },
      ]);
      const { rows: keys } = await sql<{ count: number | string }>`
        select count(*) as count from pg_constraint
        where contype = 'f' and conrelid = 'participant_attributes'::regclass
      `.execute(database.db);
      expect(Number(keys[0]!.count)).toBe(1);
    } else {
      const { rows: triggers } = await sql<{ name: string }>`
        select name from sqlite_master where type = 'trigger'
          and name in ('participants_dirty_insert', 'attributes_dirty_insert') order by name
      `.execute(database.db);
      expect(triggers.map((row) => row.name)).toEqual([
        'attributes_dirty_insert',
        'participants_dirty_insert',
      ]);
    }
  });

  it('refuses a database holding real participants in one line, and seeds it with --force', async () => {
    await signUp(server);
    const refused = await runCli(env, [
      'panel',
      'seed',
      '--participants',
      '10',
      '--seed',
      '3',
    ]).then(
      () => undefined,
      (error) => error as { code: number; stderr: string },
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toMatch(
      /^cohort: this database holds 1 real participant \([^\n]+--force[^\n]+\n$/,
    );
    expect(await rows()).toHaveLength(PARTICIPANTS);

    const forced = await runCli(env, [
      'panel',
      'seed',
      '--participants',
      '10',
      '--seed',
      String(SEED),
      '--force',
      '--json',
    ]);
    // Numbered on from the seed's 2,000: the panel grows as if seeded at once.
    expect(JSON.parse(forced.stdout)).toMatchObject({ created: 10, first: PARTICIPANTS, real: 1 });
    expect(await rows()).toHaveLength(PARTICIPANTS + 10);
  });
});
