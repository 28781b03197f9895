import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents } from '../../src/finance/ledger.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  type Study,
  signUp,
} from '../support/participant-side.ts';
import {
  Browserless,
  type Clock,
  createDashboardUser,
  csrfOf,
  startDashboardServer,
} from './support.ts';

/** Review at scale: one decision for the ticked submissions, or for every one awaiting review. */
describe.each(engines())('bulk review in the dashboard on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let organization: TestOrganization;
  let customer: Client;
  let study: Study;
  let browser: Browserless;
  const handedIn: string[] = [];

  /** A participant who applies, starts and hands in the one task: awaiting review. */
  async function workDone(opportunityId: string) {
    const participant = await signUp(server);
    const { submission_id: id } = await apply(participant, opportunityId);
    await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
    const submitted = await participant.api.post(
      `/v2/participant/submissions/${id}/tasks/1/submit`,
      {},
    );
    expect(submitted.body.status).toBe('awaiting_review');
    return id as string;
  }

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, clock } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    customer = client(server, organization.apiKey);
    study = await launchStudy(server, organization, { numParticipants: 6 });
    for (let i = 0; i < 5; i++) handedIn.push(await workDone(study.id));
    const owner = await createDashboardUser(server, organization.id, 'owner');
    browser = new Browserless(server.url);
    await browser.signIn(owner.email, owner.password);
  }, 120_000);
  afterAll(() => server?.close());

  const statusOf = async (id: string) => (await customer.get(`/v2/submissions/${id}`)).body.status;
  const listPage = () => `/dashboard/studies/${study.id}/submissions?status=awaiting_review`;

  async function send(fields: Record<string, string>, ids: string[] = []) {
    const page = await browser.get(listPage());
    return browser.post(`/dashboard/studies/${study.id}/submissions/bulk`, [
      ['_csrf', csrfOf(page.text)],
      ['_back', listPage()],
      ...Object.entries(fields),
      ...ids.map((id): [string, string] => ['ids', id]),
    ]);
  }

  async function decide(fields: Record<string, string>, ids: string[] = []) {
    const response = await send(fields, ids);
    expect(response.status).toBe(303);
    return (await browser.get(listPage())).text;
  }

  /** A refused decision: the list again, the problem beside the field, what was typed kept. */
  async function refuse(fields: Record<string, string>, ids: string[] = []) {
    const response = await send(fields, ids);
    expect(response.status).toBe(400);
    expect(response.text).toContain('id="bulk-review"');
    for (const id of ids) expect(response.text).toMatch(new RegExp(`value="${id}"[^>]* checked`));
    return response.text;
  }

  it('offers a box to tick beside each submission awaiting review', async () => {
    const page = await browser.get(listPage());
    for (const id of handedIn) expect(page.text).toContain(`value="${id}" form="bulk-review"`);
    expect(page.text).toContain('every submission awaiting review (5)');
  });

  it('approves only the ticked ones, paying each, and says what it did', async () => {
    const before = (await customer.get('/v2/organization')).body.balance.balance_cents;
    const other = await launchStudy(server, organization, { title: 'Another study' });
    const elsewhere = await workDone(other.id);
    const text = await decide({ scope: 'selected', decision: 'approve' }, [
      handedIn[0]!,
      handedIn[1]!,
      elsewhere,
    ]);
    expect(text).toContain('Approved 2 submissions. Not possible for 1 submission');
    expect(await statusOf(handedIn[0]!)).toBe('approved');
    expect(await statusOf(handedIn[1]!)).toBe('approved');
    expect(await statusOf(handedIn[2]!)).toBe('awaiting_review');
    // A submission of another study is never decided from this one's page.
    expect(await statusOf(elsewhere)).toBe('awaiting_review');
    const after = (await customer.get('/v2/organization')).body.balance.balance_cents;
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(after);
    expect(after).toBeLessThanOrEqual(before);
  });

  it('refuses a rejection without a category, deciding nothing, the reason kept', async () => {
    const text = await refuse({
      scope: 'all',
      decision: 'reject',
      rejection_reason: 'Blank & unhelpful',
    });
    expect(text).toMatch(
      /id="bulk-category"[^>]*aria-invalid="true"[\s\S]*id="bulk-category-problems">choose a category from the list</,
    );
    expect(text).toContain('Blank &amp; unhelpful</textarea>');
    expect(text).toContain('id="action-reject" name="decision" value="reject" checked');
    expect(text).toContain('id="scope-all" name="scope" value="all" checked');
    expect(await statusOf(handedIn[2]!)).toBe('awaiting_review');
  });

  it('asks what to do when no action is chosen, keeping the ticks', async () => {
    const text = await refuse({ scope: 'selected' }, [handedIn[2]!]);
    expect(text).toContain('id="decision-problems">choose approve, reject, a bonus or a message<');
    expect(await statusOf(handedIn[2]!)).toBe('awaiting_review');
  });

  it('rejects every one awaiting review with one category and reason', async () => {
    const text = await decide({
      scope: 'all',
      decision: 'reject',
      rejection_category: 'LOW_EFFORT',
      rejection_reason: 'The answers were empty.',
    });
    expect(text).toContain('Rejected 3 submissions.');
    const rejected = await server.database.db
      .selectFrom('submissions')
      .select(['id', 'status', 'rejection_category', 'rejection_reason'])
      .where('id', 'in', handedIn.slice(2))
      .execute();
    expect(rejected).toHaveLength(3);
    for (const row of rejected) {
      expect(row).toMatchObject({
        status: 'rejected',
        rejection_category: 'LOW_EFFORT',
        rejection_reason: 'The answers were empty.',
      });
    }
    expect(await statusOf(handedIn[0]!)).toBe('approved');
  });

  it('asks a participant at work to give the place back, and shows it', async () => {
    const participant = await signUp(server);
    const { submission_id: id } = await apply(participant, study.id);
    await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
    // Asked from the side panel, which the list opens without JavaScript through `open`.
    const opened = `/dashboard/studies/${study.id}/submissions?status=in_progress&open=${id}`;
    const page = await browser.get(opened);
    expect(page.text).toContain(`/dashboard/submissions/${id}/request-return`);
    const asked = await browser.post(`/dashboard/submissions/${id}/request-return`, {
      _csrf: csrfOf(page.text),
      _back: opened,
      reason: 'The session was double-booked.',
    });
    expect(asked.status).toBe(303);
    expect(asked.location).toBe(opened);
    const after = await browser.get(
      `/dashboard/studies/${study.id}/submissions?status=in_progress`,
    );
    expect(after.text).toContain('return requested');
    const mine = (await participant.api.get(`/v2/participant/submissions/${id}`)).body;
    expect(mine.return_request_reason).toBe('The session was double-booked.');
  });

  it('pays the ticked a bonus through the ledger, and messages them', async () => {
    const before = (await customer.get('/v2/organization')).body.balance.balance_cents;
    const text = await decide(
      {
        scope: 'selected',
        decision: 'bonus',
        bonus_amount: '2.50',
        bonus_reason: 'Thorough answers',
      },
      [handedIn[0]!, handedIn[1]!],
    );
    expect(text).toContain('Paid 2 bonuses: $5.00 in all.');
    const after = (await customer.get('/v2/organization')).body.balance.balance_cents;
    expect(before - after).toBe(500);
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(after);
    const bonuses = (await customer.get(`/v2/opportunities/${study.id}/bonuses`)).body.data;
    expect(bonuses.map((b: { submission_id: string }) => b.submission_id).sort()).toEqual(
      [handedIn[0]!, handedIn[1]!].sort(),
    );

    const refused = await refuse(
      { scope: 'selected', decision: 'bonus', bonus_amount: 'lots', bonus_reason: 'Kept' },
      [handedIn[0]!],
    );
    expect(refused).toMatch(/id="bulk-bonus-problems">must be a whole number of cents/);
    expect(refused).toContain('name="bonus_amount" value="lots"');
    expect(refused).toContain('name="bonus_reason" value="Kept"');
    expect((await customer.get('/v2/organization')).body.balance.balance_cents).toBe(after);

    const sent = await decide(
      { scope: 'selected', decision: 'message', message_body: 'Thank you!' },
      [handedIn[0]!],
    );
    expect(sent).toContain('Message on its way to 1 participant.');
  });

  it('shows the time a participant tracked on the submission’s page', async () => {
    const participant = await signUp(server);
    const { submission_id: id } = await apply(participant, study.id);
    await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
    const startedAt = clock.now;
    clock.advance(3 * 60 * 60 * 1000);
    const tracked = await participant.api.post('/v2/participant/time-entries', {
      submission_id: id,
      started_at: new Date(startedAt + 60 * 60 * 1000).toISOString(),
      ended_at: new Date(startedAt + 2.5 * 60 * 60 * 1000).toISOString(),
    });
    expect(tracked.status).toBe(200);
    const page = await browser.get(`/dashboard/studies/${study.id}/submissions/${id}`);
    expect(page.text).toContain('Tracked time');
    expect(page.text).toContain('1.5 hours in the latest 1 entry');
  });

  it('draws the side panel alone for the script, and for no other study or organization', async () => {
    const id = handedIn[3]!;
    const panel = await browser.get(
      `/dashboard/studies/${study.id}/submissions/${id}/panel?status=awaiting_review`,
    );
    expect(panel.status).toBe(200);
    expect(panel.text.startsWith('<aside id="review-panel"')).toBe(true);
    // It closes back to the list it was opened from.
    expect(panel.text).toContain(
      `href="/dashboard/studies/${study.id}/submissions?status=awaiting_review" class="panel-close"`,
    );
    const other = await launchStudy(server, organization, { title: 'A third study' });
    const crossed = await browser.get(`/dashboard/studies/${other.id}/submissions/${id}/panel`);
    expect(crossed.status).toBe(404);
    const stranger = await createTestOrganization(server, { balanceCents: 100_000 });
    const theirs = await createDashboardUser(server, stranger.id, 'owner');
    const outsider = new Browserless(server.url);
    await outsider.signIn(theirs.email, theirs.password);
    const refused = await outsider.get(`/dashboard/studies/${study.id}/submissions/${id}/panel`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain(id);
    // An unknown or foreign submission in `open` leaves the list without a panel.
    const list = await browser.get(`/dashboard/studies/${other.id}/submissions?open=${id}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(
      '<aside id="review-panel" class="review-panel card" aria-label="Submission" hidden>',
    );
  });

  it('refuses a viewer', async () => {
    const viewer = await createDashboardUser(server, organization.id, 'viewer');
    const theirs = new Browserless(server.url);
    await theirs.signIn(viewer.email, viewer.password);
    const page = await theirs.get(`/dashboard/studies/${study.id}/submissions`);
    expect(page.text).not.toContain('bulk-review');
    const refused = await theirs.post(`/dashboard/studies/${study.id}/submissions/bulk`, {
      _csrf: csrfOf(page.text),
      scope: 'all',
      decision: 'approve',
    });
    expect(refused.status).toBe(403);
  });
});
