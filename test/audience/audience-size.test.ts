import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  openTemplatePostgres,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

/**
 * POST /v2/audience/size over HTTP (docs/api/audience-filters.md, "Audience size"). Each engine has
 * a database of its own, so the panel counted is exactly the one signed up here. The clock is
 * fixed: half the German panel turns 36 on this very day, and each half alone is under the privacy
 * floor.
 */
const NOW = Date.parse('2026-06-15T12:00:00Z');
const GERMANS = 28;
const AMERICANS = 3;
const FLOOR = { count: null, fewer_than: 25 };

const german = (birthDate: string) => ({
  country_id: 'DE',
  state_id: 'DE-BY',
  city_id: '2867714',
  timezone: 'Europe/Berlin',
  birth_date: birthDate,
  attributes: { 'multi_select--seniority': ['senior'], 'multi_select--language': ['de', 'en'] },
});

describe.each(engines())('POST /v2/audience/size on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let germans: TestParticipant[];
  let size: (filters: unknown, token?: string) => ReturnType<ReturnType<typeof client>['post']>;

  beforeAll(async () => {
    loadGeographyOnce();
    const database =
      engine === 'postgres' ? await openTemplatePostgres('cohort_audience_', 4) : undefined;
    server = await startTestServer(engine, {}, { database, clock: () => NOW });
    organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    size = (filters, token = organization.apiKey) =>
      client(server, token).post('/v2/audience/size', { filters });
    germans = [];
    for (let n = 0; n < GERMANS; n++) {
      germans.push(await signUp(server, german(n % 2 ? '1990-06-15' : '1990-06-16')));
    }
    for (let n = 0; n < AMERICANS; n++) await signUp(server);
  });
  afterAll(() => server?.close());

  it('counts the active panel matching the filters, and says only "fewer than 25" below that', async () => {
    expect((await size([])).body).toEqual({ count: GERMANS + AMERICANS });
    expect((await size([{ 'multi_select--country': { $in: ['DE'] } }])).body).toEqual({
      count: GERMANS,
    });
    const americans = await size([{ 'multi_select--country': { $in: ['US'] } }]);
    expect(americans.status).toBe(200);
    expect(americans.body).toEqual(FLOOR);
    expect((await size([{ 'multi_select--country': { $in: ['FR'] } }])).body).toEqual(FLOOR);
  });

  it('matches places, ages and options as opportunity filters do', async () => {
    const cases: [unknown[], unknown][] = [
      [[{ 'multi_select--state': { $in: ['DE-BY'] } }], { count: GERMANS }],
      [[{ 'multi_select--city': { $in: ['2867714'] } }], { count: GERMANS }],
      [[{ 'multi_select--country': { $nin: ['US'] } }], { count: GERMANS }],
      [[{ 'multi_select--city': { $nin: ['2867714'] } }], FLOOR],
      [
        [{ 'integer--age': { $gte: 35, $lte: 36 } }, { 'multi_select--language': { $in: ['de'] } }],
        { count: GERMANS },
      ],
      // 13 turn 36 today, 13 tomorrow.
      [[{ 'integer--age': { $gte: 36 } }, { 'multi_select--country': { $in: ['DE'] } }], FLOOR],
      [[{ 'integer--age': { $lte: 35 } }, { 'multi_select--country': { $in: ['DE'] } }], FLOOR],
      [
        [{ 'multi_select--seniority': { $in: ['senior', 'manager'] } }],
        { count: GERMANS + AMERICANS },
      ],
      [[{ 'multi_select--seniority': { $nin: ['senior'] } }], FLOOR],
    ];
    for (const [filters, expected] of cases) {
      expect({ filters, body: (await size(filters)).body }).toEqual({ filters, body: expected });
    }
  });

  it('counts people who took part in the organization’s own studies, or did not', async () => {
    const study = await launchStudy(server, organization, { numParticipants: 5 });
    for (const participant of germans.slice(0, 2)) await apply(participant, study.id);
    expect((await size([{ 'reference--exclude_participants': { $in: [study.id] } }])).body).toEqual(
      { count: GERMANS + AMERICANS - 2 },
    );
    expect((await size([{ 'reference--include_participants': { $in: [study.id] } }])).body).toEqual(
      FLOOR,
    );
    expect(
      (
        await size([
          { 'multi_select--country': { $in: ['DE'] } },
          { 'reference--exclude_participants': { $in: [study.id] } },
        ])
      ).body,
    ).toEqual({ count: GERMANS - 2 });
  });

  it('follows profile changes at once', async () => {
    const seniors = [{ 'multi_select--seniority': { $in: ['senior'] } }];
    const entry = { attributes: { 'multi_select--seniority': ['entry'] } };
    expect((await size(seniors)).body).toEqual({ count: GERMANS + AMERICANS });
    for (const participant of germans.slice(0, 4)) {
      expect((await participant.api.patch('/v2/participant/me', entry)).status).toBe(200);
    }
    expect((await size(seniors)).body).toEqual({ count: GERMANS + AMERICANS - 4 });
    expect((await size([{ 'multi_select--seniority': { $in: ['entry'] } }])).body).toEqual(FLOOR);
    const moved = { country_id: 'FR', state_id: null, city_id: null, timezone: 'Europe/Paris' };
    for (const participant of germans.slice(0, 2)) {
      expect((await participant.api.patch('/v2/participant/me', moved)).status).toBe(200);
    }
    expect((await size([{ 'multi_select--country': { $in: ['DE'] } }])).body).toEqual({
      count: GERMANS - 2,
    });
    for (const participant of germans.slice(0, 2)) {
      await participant.api.patch('/v2/participant/me', german('1990-06-16'));
    }
    expect((await size([{ 'multi_select--country': { $in: ['DE'] } }])).body).toEqual({
      count: GERMANS,
    });
  });

  it('leaves out participants who are not active and test participants', async () => {
    const { db } = server.database;
    const germany = [{ 'multi_select--country': { $in: ['DE'] } }];
    await db
      .updateTable('participants')
      .set({ status: 'suspended' })
      .where('id', '=', germans[0]!.id)
      .execute();
    expect((await size(germany)).body).toEqual({ count: GERMANS - 1 });
    await db
      .updateTable('participants')
      .set({ is_test: 1 })
      .where('id', '=', germans[1]!.id)
      .execute();
    expect((await size(germany)).body).toEqual({ count: GERMANS - 2 });
    await db
      .updateTable('participants')
      .set({ status: 'active', is_test: 0 })
      .where('id', 'in', [germans[0]!.id, germans[1]!.id])
      .execute();
    expect((await size(germany)).body).toEqual({ count: GERMANS });
  });

  it('refuses invalid filters with every problem, as opportunity filters are refused', async () => {
    const other = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const theirs = await launchStudy(server, other);
    const response = await size([
      { 'multi_select--country': { $in: ['Germany'] } },
      { 'integer--age': { $gte: 12 } },
      { 'multi_select--shoe_size': { $in: ['44'] } },
      { 'multi_select--seniority': { $all: ['senior'] } },
      { 'reference--exclude_participants': { $in: [theirs.id] } },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'The filters are invalid',
      issues: [
        {
          message:
            'filters[0].multi_select--country.$in: "Germany" is not an option id; use the option id DE for name Germany',
        },
        { message: 'filters[1].integer--age.$gte: 12 is outside the allowed range 18 to 99' },
        {
          message: 'filters[2]: unknown filter slug "multi_select--shoe_size"; see GET /v2/filters',
        },
        {
          message:
            'filters[3].multi_select--seniority: operator "$all" is not allowed for a multi_select filter; use $in or $nin',
        },
        {
          message: `filters[4].reference--exclude_participants.$in: "${theirs.id}" is not an opportunity of this organization`,
        },
      ],
    });

    const missing = await client(server, organization.apiKey).post('/v2/audience/size', {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ message: 'body.filters: is required' }]);
    const extra = await client(server, organization.apiKey).post('/v2/audience/size', {
      filters: [],
      limit: 5,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('BAD_REQUEST');
    const notArray = await size({ 'multi_select--country': { $in: ['DE'] } });
    expect(notArray.status).toBe(400);
  });

  it('takes any API key of the organization, a viewer’s too, and nothing else', async () => {
    const viewer = await createTestKey(server, organization.id, 'viewer');
    expect((await size([], viewer.apiKey)).body).toEqual({ count: GERMANS + AMERICANS });
    const anonymous = await client(server).post('/v2/audience/size', { filters: [] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    const participant = await size([], germans[0]!.token);
    expect(participant.status).toBe(401);
  });
});
