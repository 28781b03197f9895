import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browserless,
  createDashboardUser,
  csrfOf,
  startDashboardServer,
} from '../dashboard/support.ts';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { apply, launchStudy, loadGeographyOnce, signUp } from '../support/participant-side.ts';

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
});
