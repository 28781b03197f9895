import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browserless,
  createDashboardUser,
  csrfOf,
  startDashboardServer,
} from '../dashboard/support.ts';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import {
  apply,
  DEFAULT_QUESTIONS,
  DEFAULT_TASKS,
  launchStudy,
  loadGeographyOnce,
  signUp,
} from '../support/participant-side.ts';

/** Who did what, from which key or session: the actions on studies and money, in the audit log. */
describe.each(engines())('actions in the audit log on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server } = await startDashboardServer(engine));
  }, 60_000);
  afterAll(() => server?.close());

  it('records launches, decisions, pauses, stops and credit with the key or the person who acted', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const api = client(server, organization.apiKey);
    const study = await launchStudy(server, organization);
    const participant = await signUp(server);
    const { submission_id: id } = await apply(participant, study.id);
    await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
    await participant.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {});
    expect((await api.post(`/v2/submissions/${id}/approve`, {})).status).toBe(200);

    const owner = await createDashboardUser(server, organization.id, 'owner');
    const browser = new Browserless(server.url);
    await browser.signIn(owner.email, owner.password);
    const studies = await browser.get('/dashboard/studies');
    const paused = await browser.post(`/dashboard/studies/${study.id}/pause`, {
      _csrf: csrfOf(studies.text),
      _back: '/dashboard/studies',
    });
    expect(paused.status).toBe(303);
    const finance = await browser.get('/dashboard/finance');
    const credited = await browser.post('/dashboard/finance/credit', {
      _csrf: csrfOf(finance.text),
      amount: '100',
    });
    expect(credited.status).toBe(303);
    const stopped = await api.post(`/v2/opportunities/${study.id}/stop`, { reason: 'Enough data' });
    expect(stopped.status).toBe(200);

    const events = (await api.get('/v2/audit-events?limit=100')).body.data as {
      action: string;
      actor_kind: string;
      actor_label: string;
      subject_id: string;
    }[];
    const by = (action: string) => events.find((event) => event.action === action);
    expect(by('opportunity.launched')).toMatchObject({
      actor_kind: 'api_key',
      subject_id: study.id,
    });
    expect(by('opportunity.launched')!.actor_label).toMatch(/^API key ck_/);
    expect(by('submission.approved')).toMatchObject({ actor_kind: 'api_key', subject_id: id });
    expect(by('opportunity.paused')).toMatchObject({
      actor_kind: 'session',
      actor_label: owner.email,
    });
    expect(by('credit.added')).toMatchObject({ actor_kind: 'session', actor_label: owner.email });
    expect(by('opportunity.stopped')).toMatchObject({
      actor_kind: 'api_key',
      subject_id: study.id,
    });
  });
  it('records projects, drafts and messages, in the transaction of the change', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const api = client(server, organization.apiKey);
    const project = await api.post('/v2/projects', { name: 'Audited' });
    expect(
      (await api.patch(`/v2/projects/${project.body.id}`, { name: 'Audited twice' })).status,
    ).toBe(200);
    const draft = (name: string) =>
      api.post('/v2/opportunities', {
        title: name,
        project_id: project.body.id,
        num_participants: 3,
        expected_days_to_complete: 7,
        device_types: ['desktop'],
        filters: [],
        required_accounts: [],
        customer_screening_review: 'auto_invite',
        screening_option_randomization: 'disabled',
        screening_questions: DEFAULT_QUESTIONS,
        quotas: [],
        cross_quotas: [],
        tasks: DEFAULT_TASKS,
      });
    const kept = await draft('Kept draft');
    const dropped = await draft('Dropped draft');
    expect(
      (
        await api.patch(`/v2/opportunities/${kept.body.id}`, {
          title: 'Kept, renamed',
          description: 'Now with words',
        })
      ).status,
    ).toBe(200);
    expect((await api.delete(`/v2/opportunities/${dropped.body.id}`)).status).toBe(200);
    // A refused change records nothing: the draft is gone, so a second delete is a 404.
    expect((await api.delete(`/v2/opportunities/${dropped.body.id}`)).status).toBe(404);
    // An invalid create records nothing either.
    expect((await api.post('/v2/opportunities', { title: '' })).status).toBe(400);

    const study = await launchStudy(server, organization);
    const participant = await signUp(server);
    const { submission_id: id } = await apply(participant, study.id);
    await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
    expect(
      (await api.post(`/v2/submissions/${id}/messages`, { body: 'Thanks for joining' })).status,
    ).toBe(200);
    expect(
      (
        await api.post(`/v2/opportunities/${study.id}/messages`, {
          body: 'A note to all',
          status: 'in_progress',
        })
      ).status,
    ).toBe(200);

    const events = (await api.get('/v2/audit-events?limit=100')).body.data as {
      action: string;
      actor_kind: string;
      subject_id: string;
      details: Record<string, unknown>;
    }[];
    const all = (action: string) => events.filter((event) => event.action === action);
    expect(all('project.created').map((event) => event.details.name)).toEqual(
      expect.arrayContaining(['Audited', 'Participant side']),
    );
    expect(all('project.renamed')).toEqual([
      expect.objectContaining({
        actor_kind: 'api_key',
        subject_id: project.body.id,
        details: { from: 'Audited', to: 'Audited twice' },
      }),
    ]);
    expect(
      all('opportunity.created')
        .map((event) => event.subject_id)
        .sort(),
    ).toEqual([kept.body.id, dropped.body.id, study.id].sort());
    expect(all('opportunity.edited')).toEqual([
      expect.objectContaining({
        subject_id: kept.body.id,
        details: { fields: ['description', 'title'] },
      }),
    ]);
    expect(all('opportunity.deleted')).toEqual([
      expect.objectContaining({ subject_id: dropped.body.id, details: { title: 'Dropped draft' } }),
    ]);
    expect(all('message.sent')).toEqual([
      expect.objectContaining({ actor_kind: 'api_key', subject_id: id }),
    ]);
    expect(all('message.bulk_queued')).toEqual([
      expect.objectContaining({
        subject_id: study.id,
        details: expect.objectContaining({ recipient_count: 1 }),
      }),
    ]);
    // The words of a message stay in its thread, never in the log.
    expect(JSON.stringify(events)).not.toContain('Thanks for joining');
  });
});
