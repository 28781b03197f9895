import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  launchStudy,
  loadGeographyOnce,
  PASSING_ANSWERS,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

/**
 * The reputation filters (docs/api/audience-filters.md, "Reputation") in the three places an
 * audience is read: the audience size, discovery (a participant below a bound does not see the
 * study, nor may apply), and invitations (the eligible count skips them). The records are written
 * to the rows as decisions would have left them (test/reputation/decisions.test.ts checks that
 * they do). Each engine has a database of its own, so the counts are exactly this panel's.
 */
const PER_GROUP = 30;
const FLOOR = { count: null, fewer_than: 25 };

/** 24 of 25 approved (96%), 2 of 4 (50%), and no decision yet. */
const RECORDS = {
  trusted: { approved_submissions: 24, decided_submissions: 25, approval_rate: 96 },
  middling: { approved_submissions: 2, decided_submissions: 4, approval_rate: 50 },
  fresh: { approved_submissions: 0, decided_submissions: 0, approval_rate: null },
} as const;
type Group = keyof typeof RECORDS;

describe.each(engines())('reputation filters on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  const panel = {} as Record<Group, TestParticipant[]>;
  const size = (filters: unknown) =>
    client(server, organization.apiKey).post('/v2/audience/size', { filters });

  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 }, { ownDatabase: true });
    organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
    for (const group of Object.keys(RECORDS) as Group[]) {
      panel[group] = [];
      for (let n = 0; n < PER_GROUP; n++) panel[group].push(await signUp(server));
      await server.database.db
        .updateTable('participants')
        .set(RECORDS[group])
        .where(
          'id',
          'in',
          panel[group].map((participant) => participant.id),
        )
        .execute();
    }
  }, 180_000);
  afterAll(() => server?.close());

  it('counts the audience by approval rate and approved submissions, bounds included', async () => {
    const rate = (operators: object) => size([{ 'integer--approval_rate': operators }]);
    const approved = (operators: object) => size([{ 'integer--approved_submissions': operators }]);
    // No decision yet matches no bound on the rate, not even $gte 0.
    expect((await rate({ $gte: 0 })).body).toEqual({ count: 2 * PER_GROUP });
    expect((await rate({ $lte: 100 })).body).toEqual({ count: 2 * PER_GROUP });
    expect((await rate({ $gte: 96 })).body).toEqual({ count: PER_GROUP });
    expect((await rate({ $gte: 97 })).body).toEqual(FLOOR);
    expect((await rate({ $lte: 50 })).body).toEqual({ count: PER_GROUP });
    expect((await rate({ $gte: 50, $lte: 96 })).body).toEqual({ count: 2 * PER_GROUP });
    expect((await rate({ $gte: 51, $lte: 95 })).body).toEqual(FLOOR);
    // A count is 0 before a first decision, which $lte matches.
    expect((await approved({ $lte: 2 })).body).toEqual({ count: 2 * PER_GROUP });
    expect((await approved({ $gte: 1 })).body).toEqual({ count: 2 * PER_GROUP });
    expect((await approved({ $gte: 24 })).body).toEqual({ count: PER_GROUP });
    expect((await approved({ $gte: 1, $lte: 2 })).body).toEqual({ count: PER_GROUP });
    expect((await approved({ $gte: 0 })).body).toEqual({ count: 3 * PER_GROUP });
    expect(
      (
        await size([
          { 'integer--approval_rate': { $gte: 90 } },
          { 'integer--approved_submissions': { $gte: 20 } },
        ])
      ).body,
    ).toEqual({ count: PER_GROUP });
  });

  it('refuses a bound outside the range, or not a whole number, with every problem listed', async () => {
    const refused = await size([
      { 'integer--approval_rate': { $gte: 101, $lte: 'high' } },
      { 'integer--approved_submissions': { $gte: -1, $lte: 2.5 } },
      { 'integer--approval_rate': { $gte: 90, $lte: 80 } },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'filters[0].integer--approval_rate.$gte: 101 is outside the allowed range 0 to 100',
      'filters[0].integer--approval_rate.$lte: must be an integer',
      'filters[1].integer--approved_submissions.$gte: -1 is outside the allowed range 0 to 100000',
      'filters[1].integer--approved_submissions.$lte: must be an integer',
      'filters[2].integer--approval_rate: $gte (90) is greater than $lte (80), so nobody matches',
    ]);
  });

  it('lists the filters in the catalog', async () => {
    const catalog = await client(server, organization.apiKey).get('/v2/filters');
    const entries = (catalog.body.data as { slug: string }[]).filter((entry) =>
      entry.slug.startsWith('integer--appro'),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        slug: 'integer--approval_rate',
        type: 'integer',
        category: 'participation',
        operators: ['$gte', '$lte'],
        min: 0,
        max: 100,
      }),
      expect.objectContaining({
        slug: 'integer--approved_submissions',
        type: 'integer',
        min: 0,
        max: 100_000,
      }),
    ]);
  });

  it('shows a study only to participants within its bounds, and lets only them apply', async () => {
    const study = await launchStudy(server, organization, {
      title: 'Trusted testers only',
      filters: [{ 'integer--approval_rate': { $gte: 90 } }],
    });
    const sees = async (participant: TestParticipant) => {
      const listed = await participant.api.get('/v2/participant/opportunities?limit=100');
      return (listed.body.data as { id: string }[]).some((item) => item.id === study.id);
    };
    expect(await sees(panel.trusted[0]!)).toBe(true);
    expect(await sees(panel.middling[0]!)).toBe(false);
    expect(await sees(panel.fresh[0]!)).toBe(false);
    const applyAs = (participant: TestParticipant) =>
      participant.api.post(`/v2/participant/opportunities/${study.id}/applications`, {
        answers: PASSING_ANSWERS,
      });
    expect((await applyAs(panel.middling[1]!)).status).toBe(404);
    expect((await applyAs(panel.fresh[1]!)).status).toBe(404);
    expect((await applyAs(panel.trusted[1]!)).status).toBe(200);
  });

  it('invites only participants within the bounds, and counts no one else as eligible', async () => {
    const customer = client(server, organization.apiKey);
    const study = await launchStudy(server, organization, {
      title: 'Experienced and reliable',
      numParticipants: 100,
      filters: [
        { 'integer--approval_rate': { $gte: 50, $lte: 95 } },
        { 'integer--approved_submissions': { $gte: 2 } },
      ],
    });
    const some = await customer.post(`/v2/opportunities/${study.id}/invitations`, { count: 10 });
    expect(some.status).toBe(200);
    expect(some.body).toEqual({ invited: 10, eligible_not_invited: PER_GROUP - 10 });
    const named = await customer.post(`/v2/opportunities/${study.id}/invitations`, {
      participant_ids: [panel.trusted[2]!.id, panel.fresh[2]!.id],
    });
    expect(named.status).toBe(400);
    expect(named.body.issues).toHaveLength(2);
    const rest = await customer.post(`/v2/opportunities/${study.id}/invitations`, { count: 100 });
    expect(rest.body).toEqual({ invited: PER_GROUP - 10, eligible_not_invited: 0 });
    const listed = await customer.get(`/v2/opportunities/${study.id}/invitations?limit=100`);
    const invited = new Set(
      (listed.body.data as { participant_id: string }[]).map((row) => row.participant_id),
    );
    expect(invited).toEqual(new Set(panel.middling.map((participant) => participant.id)));
  });
});
