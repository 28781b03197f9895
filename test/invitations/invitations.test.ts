import { createCohortClient } from '@cohort/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
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
 * POST and GET /v2/opportunities/{id}/invitations (docs/api/invitations.md) on each engine: a
 * database of its own, so the eligible counts are this file's participants alone.
 */
describe.each(engines())('invitations on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let researcher: Client;
  const germans: TestParticipant[] = [];
  let american: TestParticipant;

  const invite = (opportunityId: string, body: unknown, headers: Record<string, string> = {}) =>
    researcher.post(`/v2/opportunities/${opportunityId}/invitations`, body, headers);
  const invitationRows = (opportunityId: string) =>
    server.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('opportunity_id', '=', opportunityId)
      .execute();
  const germanStudy = (title: string) =>
    launchStudy(server, organization, {
      title,
      numParticipants: 50,
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });

  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, {}, { ownDatabase: true });
    organization = await createTestOrganization(server, { balanceCents: 10_000_000 });
    researcher = client(server, organization.apiKey);
    const german = { country_id: 'DE', state_id: null, city_id: null, timezone: 'Europe/Berlin' };
    for (let i = 0; i < 8; i++) {
      germans.push(await signUp(server, { ...german, language: i % 2 ? 'de' : 'en' }));
    }
    american = await signUp(server);
  }, 60_000);
  afterAll(() => server.close());

  it('invites a random sample of the eligible, each with a mail in their language', async () => {
    const study = await germanStudy('Eine Woche planen');
    const first = await invite(study.id, { count: 3 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ invited: 3, eligible_not_invited: 5 });

    const rows = await invitationRows(study.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.delivery === 'each' && row.mail_id)).toBe(true);
    expect(rows.map((row) => row.participant_id)).not.toContain(american.id);
    const mails = await server.database.db
      .selectFrom('mail_messages')
      .selectAll()
      .where(
        'id',
        'in',
        rows.map((row) => row.mail_id!),
      )
      .execute();
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      const headers = JSON.parse(mail.headers!);
      expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/cohort\.test\/unsubscribe\/par_/);
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(['en', 'de']).toContain(headers['Content-Language']);
      expect(mail.text_body).toContain(`http://cohort.test/participate/studies/${study.id}`);
      expect(mail.kind).toBe('study_invitation');
    }

    const listed = await researcher.get(`/v2/opportunities/${study.id}/invitations?limit=2`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data[0]).toEqual({
      participant_id: expect.stringMatching(/^par_/),
      invited_at: expect.any(String),
      delivery: 'each',
      mail_status: 'queued',
      applied_at: null,
    });
    expect(listed.body.pagination.has_more).toBe(true);
    const rest = await researcher.get(
      `/v2/opportunities/${study.id}/invitations?cursor=${listed.body.pagination.next_cursor}`,
    );
    expect(rest.body.data).toHaveLength(1);
    expect(
      new Set([...listed.body.data, ...rest.body.data].map((i) => i.participant_id)).size,
    ).toBe(3);

    const second = await invite(study.id, { count: 100 });
    expect(second.body).toEqual({ invited: 5, eligible_not_invited: 0 });
    const third = await invite(study.id, { count: 1 });
    expect(third.body).toEqual({ invited: 0, eligible_not_invited: 0 });
    expect(await invitationRows(study.id)).toHaveLength(8);
  });

  it('shows when an invited participant applied, and never invites one who applied', async () => {
    const study = await germanStudy('Anwendung');
    const applicant = germans[0]!;
    await apply(applicant, study.id);
    const named = await invite(study.id, { participant_ids: [applicant.id, germans[1]!.id] });
    expect(named.status).toBe(400);
    expect(named.body.issues).toEqual([
      { message: expect.stringMatching(/^participant_ids\[0\]: par_\S+ is not eligible/) },
    ]);
    expect(await invitationRows(study.id)).toHaveLength(0);

    const ok = await invite(study.id, { participant_ids: [germans[1]!.id] });
    expect(ok.body).toEqual({ invited: 1, eligible_not_invited: 6 });
    await apply(germans[1]!, study.id);
    const listed = await researcher.get(`/v2/opportunities/${study.id}/invitations`);
    expect(listed.body.data[0].applied_at).toEqual(expect.any(String));
  });

  it('lists every problem of a request in one 400, and writes nothing', async () => {
    const study = await germanStudy('Fehler');
    const cases: [unknown, string[]][] = [
      [{}, ['body: give either count or participant_ids, not both or neither']],
      [
        { count: 2, participant_ids: [germans[0]!.id] },
        ['body: give either count or participant_ids, not both or neither'],
      ],
      [{ count: 0 }, ['body.count: must be >= 1']],
      [{ count: 10_001 }, ['body.count: must be <= 10000']],
      [
        { participant_ids: [american.id, 'par_nobody', germans[2]!.id] },
        [
          expect.stringMatching(/^participant_ids\[0\]: par_\S+ is not eligible/),
          expect.stringMatching(/^participant_ids\[1\]: par_nobody is not eligible/),
        ],
      ],
    ];
    for (const [body, messages] of cases) {
      const response = await invite(study.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('BAD_REQUEST');
      expect(response.body.issues.map((i: { message: string }) => i.message)).toEqual(messages);
    }
    expect(await invitationRows(study.id)).toHaveLength(0);
  });

  it('answers 404 for another organization’s opportunity and 409 unless it is active', async () => {
    const other = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const theirs = await launchStudy(server, other, { title: 'Theirs' });
    const notOurs = await invite(theirs.id, { count: 1 });
    expect(notOurs.status).toBe(404);
    expect((await researcher.get(`/v2/opportunities/${theirs.id}/invitations`)).status).toBe(404);

    const project = await researcher.post('/v2/projects', { name: 'Drafts' });
    const draft = await researcher.post('/v2/opportunities', {
      title: 'Not launched',
      description: 'A draft',
      project_id: project.body.id,
      num_participants: 5,
      expected_days_to_complete: 7,
      device_types: ['desktop'],
      filters: [],
      required_accounts: [],
      customer_screening_review: 'auto_invite',
      screening_option_randomization: 'disabled',
      screening_questions: [],
      quotas: [],
      cross_quotas: [],
      tasks: [
        {
          sequence: 1,
          task_type: 'activity',
          review_type: 'manual_review',
          task_url: 'https://tasks.example/t',
          title: 'Task',
          description: 'Do it',
          duration_minutes: 10,
        },
      ],
    });
    expect(draft.status).toBe(200);
    const refused = await invite(draft.body.id, { count: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.message).toContain('active');
  });

  it('never invites one person twice, from a repeated key or from two calls at once', async () => {
    const study = await germanStudy('Gleichzeitig');
    const key = { 'idempotency-key': `invite-${engine}-once` };
    const [a, b] = [
      await invite(study.id, { count: 2 }, key),
      await invite(study.id, { count: 2 }, key),
    ];
    expect(b.body).toEqual(a.body);
    expect(await invitationRows(study.id)).toHaveLength(2);

    const racing = await Promise.all([
      invite(study.id, { count: 8 }),
      invite(study.id, { count: 8 }),
      invite(study.id, { count: 8 }),
    ]);
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await invitationRows(study.id);
    expect(new Set(rows.map((row) => row.participant_id)).size).toBe(rows.length);
    expect(rows).toHaveLength(8);
    expect(racing.reduce((sum, r) => sum + r.body.invited, 0)).toBe(6);
  });

  it('is one call of the SDK, resent after a lost answer with the same key: invited once', async () => {
    const study = await germanStudy('Über das SDK');
    const keys: string[] = [];
    let lose = 1;
    const cohort = createCohortClient({
      baseUrl: `${server.url}/v2`,
      apiKey: organization.apiKey,
      sleep: async () => {},
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        const response = await fetch(request);
        if (lose-- > 0) throw new TypeError('fetch failed: connection reset');
        return response;
      },
    });
    const result = await cohort.inviteParticipants(study.id, { count: 3 });
    expect(result).toEqual({ invited: 3, eligible_not_invited: 5 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await invitationRows(study.id)).toHaveLength(3);
    const page = [];
    for await (const invitation of cohort.paginate('/opportunities/{opportunityId}/invitations', {
      params: { path: { opportunityId: study.id } },
    })) {
      page.push(invitation);
    }
    expect(page).toHaveLength(3);
  });

  it('are in the participant’s export, and gone with their erasure', async () => {
    const study = await germanStudy('Export');
    const person = germans[7]!;
    expect((await invite(study.id, { participant_ids: [person.id] })).body.invited).toBe(1);
    const exported = await person.api.get('/v2/participant/me/export');
    expect(exported.status).toBe(200);
    expect(exported.body.invitations).toContainEqual({
      opportunity_id: study.id,
      invited_at: expect.any(String),
      delivery: 'each',
    });
    expect(exported.body.account.new_studies).toBe('each');
    expect((await person.api.delete('/v2/participant/me')).status).toBe(200);
    const left = await server.database.db
      .selectFrom('invitations')
      .select('id')
      .where('participant_id', '=', person.id)
      .execute();
    expect(left).toEqual([]);
    germans.pop();
  });

  it('draws samples that never hold a participant twice, nor one outside the audience', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), async (count) => {
        const study = await germanStudy(`Stichprobe ${count}`);
        const response = await invite(study.id, { count });
        const rows = await invitationRows(study.id);
        const ids = rows.map((row) => row.participant_id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(Math.min(count, germans.length));
        expect(response.body.invited).toBe(ids.length);
        const germanIds = new Set(germans.map((g) => g.id));
        expect(ids.every((id) => germanIds.has(id))).toBe(true);
      }),
      { numRuns: 4 },
    );
  });
});
