import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { weeklyPayoutRunsJob } from '../../src/payout-runs/weekly.job.ts';
import type { JobRow } from '../../src/platform/jobs/jobs.table.ts';
import { jobContextFor } from '../../src/server.ts';
import {
  createTestOrganization,
  engines,
  openTemplatePostgres,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { type Clock, payingStudy, startWork } from '../support/money.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';

const DAY = 24 * 3600_000;

// The schedule looks at every organization's opportunities, so on PostgreSQL it gets a database of
// its own: other test files' studies must not be paid by this one's clock.
describe.each(engines())('the weekly payout schedule on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.now() };
  beforeAll(async () => {
    loadGeographyOnce();
    const database =
      engine === 'postgres' ? await openTemplatePostgres('cohort_payout_schedule_', 5) : undefined;
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { clock: () => clock.now, database },
    );
  }, 60_000);
  afterAll(() => server.close());

  const round = () =>
    weeklyPayoutRunsJob.handle(jobContextFor(server.context, quietLog), {}, {} as JobRow);

  it('pays open hourly opportunities a week after launch, then a week after each run', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const study = await payingStudy(server, organization, {
      pay: { frequency: 'hourly', hourlyRateCents: 6_000 },
    });
    const idle = await payingStudy(server, organization, {
      pay: { frequency: 'hourly', hourlyRateCents: 6_000 },
      title: 'Nobody worked',
    });
    const worker = await startWork(server, clock, study.id);
    await worker.track(30);
    await worker.submit();
    await study.customer.post(`/v2/submissions/${worker.submissionId}/approve`, {});

    // Not a week yet: nothing.
    expect(await round()).toMatchObject({ runAgainInMs: 3600_000, idle: true });
    clock.now += 7 * DAY;
    expect(await round()).toMatchObject({ idle: false });
    const runs = await study.customer.get(`/v2/opportunities/${study.id}/payout-runs`);
    expect(runs.body.data).toEqual([
      expect.objectContaining({ trigger: 'schedule', total_cents: 3_000, line_count: 1 }),
    ]);
    // Nothing to pay on the other: no run is recorded.
    expect(
      (await study.customer.get(`/v2/opportunities/${idle.id}/payout-runs`)).body.data,
    ).toEqual([]);
    const audit = await study.customer.get('/v2/audit-events');
    expect(audit.body.data[0]).toMatchObject({
      action: 'payout_run.paid',
      actor_kind: 'operator',
      actor_label: 'weekly payout schedule',
    });

    // The next week starts at that run.
    await worker.track(30);
    await round();
    expect(
      (await study.customer.get(`/v2/opportunities/${study.id}/payout-runs`)).body.data,
    ).toHaveLength(1);
    clock.now += 7 * DAY;
    await round();
    const later = await study.customer.get(`/v2/opportunities/${study.id}/payout-runs`);
    expect(later.body.data.map((r: { total_cents: number }) => r.total_cents)).toEqual([
      3_000, 3_000,
    ]);
  });
});
