import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCohortClient,
  downloadHoursCsv,
  downloadSubmissionsCsv,
} from '../../packages/sdk/src/index.ts';
import { parseCsv } from '../../src/platform/csv.ts';
import { Browserless, createDashboardUser, startDashboardServer } from '../dashboard/support.ts';
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
  FAILING_ANSWERS,
  launchStudy,
  loadGeographyOnce,
  PASSING_ANSWERS,
  type Study,
  signUp,
} from '../support/participant-side.ts';

/** CSV exports of submissions, hours and the ledger: streamed, and read back whole. */
describe.each(engines())('exports on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let customer: Client;
  let study: Study;
  const participants: string[] = [];

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    customer = client(server, organization.apiKey);
    study = await launchStudy(server, organization);
    for (const answers of [PASSING_ANSWERS, FAILING_ANSWERS, PASSING_ANSWERS]) {
      const participant = await signUp(server);
      participants.push(participant.id);
      await apply(participant, study.id, answers);
    }
  }, 60_000);
  afterAll(() => server?.close());

  async function download(path: string, token = organization.apiKey) {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { response, rows: parseCsv(await response.text()) };
  }

  it('exports every submission with one column per screening question', async () => {
    const { response, rows } = await download(`/v2/opportunities/${study.id}/submissions.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${study.id}-submissions.csv"`,
    );
    const [header, ...data] = rows;
    expect(header).toEqual([
      'submission_id',
      'participant_id',
      'status',
      'screening_outcome',
      'created_at',
      'started_at',
      'submitted_at',
      'decided_at',
      'paid_cents',
      'rejection_category',
      'rejection_reason',
      'abandoned_reason',
      'quality_flags',
      'answer:role',
      'answer:tools',
    ]);
    expect(data).toHaveLength(3);
    const byParticipant = new Map(data.map((row) => [row[1], row]));
    expect(byParticipant.get(participants[0]!)).toMatchObject({
      2: 'screen_passed',
      13: 'Designer',
      14: 'Figma; Paint',
    });
    expect(byParticipant.get(participants[1]!)).toMatchObject({ 2: 'screened_out', 13: 'Student' });
    // Every submission of the study, each once.
    const stored = await server.database.db
      .selectFrom('submissions')
      .select('id')
      .where('opportunity_id', '=', study.id)
      .execute();
    expect(data.map((row) => row[0]).sort()).toEqual(stored.map((row) => row.id).sort());
  });

  it('streams the same file through the SDK, and refuses an unknown study with its error', async () => {
    const cohort = createCohortClient({ baseUrl: `${server.url}/v2`, apiKey: organization.apiKey });
    const stream = await downloadSubmissionsCsv(cohort, study.id);
    const text = await new Response(stream).text();
    const api = await download(`/v2/opportunities/${study.id}/submissions.csv`);
    expect(parseCsv(text)).toEqual(api.rows);
    const hours = await downloadHoursCsv(cohort, study.id, {
      from: '2026-01-01',
      to: '2026-01-08',
    });
    expect(await new Response(hours).text()).toBe(
      'participant_id,submission_id,date,timezone,seconds,hours\r\n',
    );
    await expect(downloadSubmissionsCsv(cohort, 'opp_unknown')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('is a 404 for another organization, before any line is written', async () => {
    const stranger = await createTestOrganization(server);
    const { response } = await download(
      `/v2/opportunities/${study.id}/submissions.csv`,
      stranger.apiKey,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('exports the hours of a window, and refuses a bad window with every problem', async () => {
    const { response, rows } = await download(
      `/v2/opportunities/${study.id}/hours.csv?from=2026-01-01&to=2026-02-01`,
    );
    expect(response.status).toBe(200);
    expect(rows).toEqual([
      ['participant_id', 'submission_id', 'date', 'timezone', 'seconds', 'hours'],
    ]);
    const bad = await download(`/v2/opportunities/${study.id}/hours.csv?from=2026-01-01`);
    expect(bad.response.status).toBe(400);
  });

  it('downloads the same submissions and the whole ledger from the dashboard', async () => {
    const owner = await createDashboardUser(server, organization.id, 'owner');
    const browser = new Browserless(server.url);
    await browser.signIn(owner.email, owner.password);
    const page = await browser.get(`/dashboard/studies/${study.id}/submissions.csv`);
    expect(page.status).toBe(200);
    const api = await download(`/v2/opportunities/${study.id}/submissions.csv`);
    expect(parseCsv(page.text)).toEqual(api.rows);

    const hours = await browser.get(
      `/dashboard/studies/${study.id}/hours.csv?from=2026-01-01&to=2026-02-01`,
    );
    expect(hours.status).toBe(200);
    expect(parseCsv(hours.text)).toEqual(
      (await download(`/v2/opportunities/${study.id}/hours.csv?from=2026-01-01&to=2026-02-01`))
        .rows,
    );
    expect(
      (await browser.get(`/dashboard/studies/${study.id}/hours.csv?from=2026-01-01`)).status,
    ).toBe(400);

    const ledger = await browser.get('/dashboard/finance/ledger.csv');
    expect(ledger.status).toBe(200);
    const [header, ...entries] = parseCsv(ledger.text);
    expect(header!.slice(0, 5)).toEqual([
      'entry_id',
      'created_at',
      'kind',
      'amount_cents',
      'balance_after_cents',
    ]);
    const balance = (await customer.get('/v2/organization')).body.balance.balance_cents;
    expect(entries.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(balance);
    expect(Number(entries[0]![4])).toBe(balance);

    // The statement: this month charged the launch, and credited the opening balance.
    const finance = await browser.get('/dashboard/finance');
    const month = new Date(server.context.clock()).toISOString().slice(0, 7);
    const charged = -entries
      .filter((row) => row[2] === 'launch_charge')
      .reduce((sum, row) => sum + Number(row[3]), 0);
    const dollars = (cents: number) =>
      `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    const row = new RegExp(`<td>${month}</td>\\s*<td class="num">([^<]+)</td>`).exec(finance.text);
    expect(row?.[1]).toBe(dollars(charged));
  });
});
