import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { type Clock, payingStudy, startWork } from '../support/money.ts';
import { apply, loadGeographyOnce, signUp } from '../support/participant-side.ts';

describe.each(engines())('participant groups on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.parse('2026-06-01T09:00:00.000Z') };
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { clock: () => clock.now },
    );
  }, 60_000);
  afterAll(() => server.close());

  async function customer() {
    const organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
    return { organization, api: client(server, organization.apiKey) };
  }

  it('creates, lists, reads, renames and deletes groups, scoped to the organization', async () => {
    const { organization, api } = await customer();
    const first = await api.post('/v2/participant-groups', { name: ' Pilot alumni ' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^grp_/),
      name: 'Pilot alumni',
      member_count: 0,
      created_at: new Date(clock.now).toISOString(),
      updated_at: new Date(clock.now).toISOString(),
    });
    const second = await api.post('/v2/participant-groups', { name: 'Do not invite' });
    const page = await api.get('/v2/participant-groups?limit=1');
    expect(page.body.data.map((g: { id: string }) => g.id)).toEqual([second.body.id]);
    const rest = await api.get(
      `/v2/participant-groups?limit=1&cursor=${page.body.pagination.next_cursor}`,
    );
    expect(rest.body.data.map((g: { id: string }) => g.id)).toEqual([first.body.id]);

    clock.now += 1000;
    const renamed = await api.patch(`/v2/participant-groups/${first.body.id}`, { name: 'Alumni' });
    expect(renamed.body).toMatchObject({
      id: first.body.id,
      name: 'Alumni',
      updated_at: new Date(clock.now).toISOString(),
    });
    expect((await api.get(`/v2/participant-groups/${first.body.id}`)).body.name).toBe('Alumni');
    expect((await api.patch(`/v2/participant-groups/${first.body.id}`, { name: '' })).status).toBe(
      400,
    );
    expect((await api.post('/v2/participant-groups', {})).status).toBe(400);

    const other = client(server, (await createTestOrganization(server)).apiKey);
    expect((await other.get(`/v2/participant-groups/${first.body.id}`)).status).toBe(404);
    expect((await other.delete(`/v2/participant-groups/${first.body.id}`)).status).toBe(404);
    const { apiKey } = await createTestKey(server, organization.id, 'viewer');
    const viewer = client(server, apiKey);
    expect((await viewer.get('/v2/participant-groups')).status).toBe(200);
    expect((await viewer.post('/v2/participant-groups', { name: 'x' })).status).toBe(403);

    const deleted = await api.delete(`/v2/participant-groups/${second.body.id}`);
    expect(deleted.body).toEqual({ id: second.body.id, deleted: true });
    expect((await api.get(`/v2/participant-groups/${second.body.id}`)).status).toBe(404);
  });

  it('adds members idempotently, by id or everyone approved in a study, and removes them', async () => {
    const { organization, api } = await customer();
    const study = await payingStudy(server, organization, { title: 'Earlier study' });
    const approved = await startWork(server, clock, study.id);
    const working = await startWork(server, clock, study.id);
    await approved.submit();
    await api.post(`/v2/submissions/${approved.submissionId}/approve`, {});
    const stranger = await signUp(server);
    const group = (await api.post('/v2/participant-groups', { name: 'Invite back' })).body;
    const members = `/v2/participant-groups/${group.id}/members`;

    const fromStudy = await api.post(members, { from_opportunity: study.id, status: 'approved' });
    expect(fromStudy.body).toEqual({ group_id: group.id, added: 1, member_count: 1 });
    expect(
      (await api.post(members, { from_opportunity: study.id, status: 'approved' })).body.added,
    ).toBe(0);
    const byIds = await api.post(members, {
      participant_ids: [approved.id, working.id, working.id],
    });
    expect(byIds.body).toEqual({ group_id: group.id, added: 1, member_count: 2 });

    const refused = await api.post(members, {
      participant_ids: [working.id, stranger.id, 'par_nope'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i: { message: string }) => i.message)).toEqual([
      `participant_ids: ${stranger.id} has not applied to a study of this organization`,
      'participant_ids: par_nope has not applied to a study of this organization',
    ]);
    for (const body of [
      {},
      { participant_ids: [approved.id], from_opportunity: study.id },
      { from_opportunity: 'opp_nope' },
      { from_opportunity: study.id, status: 'nope' },
    ]) {
      expect((await api.post(members, body)).status).toBe(400);
    }
    expect((await api.get(`/v2/participant-groups/${group.id}`)).body.member_count).toBe(2);

    const listed = await api.get(`${members}?limit=1`);
    const all = [approved.id, working.id].sort();
    expect(listed.body.data).toEqual([{ participant_id: all[0], added_at: expect.any(String) }]);
    const next = await api.get(`${members}?limit=1&cursor=${listed.body.pagination.next_cursor}`);
    expect(next.body.data.map((m: { participant_id: string }) => m.participant_id)).toEqual([
      all[1],
    ]);

    const removed = await api.delete(`${members}/${working.id}`);
    expect(removed.body).toEqual({ group_id: group.id, participant_id: working.id, deleted: true });
    expect((await api.delete(`${members}/${working.id}`)).status).toBe(404);
    expect((await api.get(`/v2/participant-groups/${group.id}`)).body.member_count).toBe(1);
  });

  it('include and exclude groups in opportunity filters, for discovery and applications', async () => {
    const { organization, api } = await customer();
    const earlier = await payingStudy(server, organization, { title: 'Earlier' });
    const member = await startWork(server, clock, earlier.id);
    const outsider = await signUp(server);
    const group = (await api.post('/v2/participant-groups', { name: 'Panel' })).body;
    await api.post(`/v2/participant-groups/${group.id}/members`, { participant_ids: [member.id] });

    const catalog = await api.get('/v2/filters');
    const slugs = catalog.body.data.map((f: { slug: string }) => f.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['reference--include_groups', 'reference--exclude_groups']),
    );

    const invited = await payingStudy(server, organization, {
      title: 'Members only',
      filters: [{ 'reference--include_groups': { $in: [group.id] } }],
    });
    const others = await payingStudy(server, organization, {
      title: 'Everyone but members',
      filters: [{ 'reference--exclude_groups': { $in: [group.id] } }],
    });
    const seen = async (participant: typeof outsider) =>
      (await participant.api.get('/v2/participant/opportunities?limit=100')).body.data.map(
        (o: { id: string }) => o.id,
      );
    const memberSees = await seen(member);
    expect(memberSees).toContain(invited.id);
    expect(memberSees).not.toContain(others.id);
    const outsiderSees = await seen(outsider);
    expect(outsiderSees).not.toContain(invited.id);
    expect(outsiderSees).toContain(others.id);
    const refused = await outsider.api.post(
      `/v2/participant/opportunities/${invited.id}/applications`,
      {
        answers: [],
      },
    );
    expect(refused.status).toBe(404);
    expect((await apply(member, invited.id, [])).status).toBe('screen_passed');

    // Only the organization's own groups, as with opportunity references.
    const elsewhere = await customer();
    const theirs = (await elsewhere.api.post('/v2/participant-groups', { name: 'Theirs' })).body;
    const project = await api.post('/v2/projects', { name: 'Bad filters' });
    const bad = await api.post('/v2/opportunities', {
      title: 'Bad',
      project_id: project.body.id,
      num_participants: 1,
      tasks: [
        {
          sequence: 1,
          task_type: 'activity',
          task_url: 'https://t.example',
          title: 'T',
          description: 'D',
          duration_minutes: 5,
        },
      ],
      filters: [
        { 'reference--include_groups': { $in: [theirs.id, 'grp_nope'] } },
        { 'reference--exclude_groups': { $nin: [group.id] } },
      ],
    });
    expect(bad.status).toBe(400);
    const messages = bad.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        `filters[0].reference--include_groups.$in: "${theirs.id}" is not a participant group of this organization`,
        'filters[0].reference--include_groups.$in: "grp_nope" is not a participant group of this organization',
        expect.stringContaining(
          'filters[1].reference--exclude_groups: operator "$nin" is not allowed',
        ),
      ]),
    );

    // A group an open opportunity filters on is not deleted; once they close, it can be.
    const conflict = await api.delete(`/v2/participant-groups/${group.id}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.issues[0].message).toContain(invited.id);
    for (const id of [invited.id, others.id]) {
      expect((await api.post(`/v2/opportunities/${id}/stop`, { reason: 'done' })).status).toBe(200);
    }
    expect((await api.delete(`/v2/participant-groups/${group.id}`)).status).toBe(200);
  });
});
