import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents, recordLedgerEntry } from '../../src/finance/ledger.ts';
import { hourlyAmountCents } from '../../src/payout-runs/compute.ts';
import {
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { balanceOf, type Clock, payingStudy, startWork, type Worker } from '../support/money.ts';
import { loadGeographyOnce, signUp } from '../support/participant-side.ts';

type Step =
  | { kind: 'track'; who: number; minutes: number }
  | { kind: 'submit' | 'approve'; who: number }
  | { kind: 'bonus'; who: number; cents: number }
  | { kind: 'run' | 'doubleRun' }
  | { kind: 'credit'; cents: number };

const who = fc.nat(3);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('track' as const),
      who,
      minutes: fc.integer({ min: 1, max: 90 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('submit' as const, 'approve' as const), who }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bonus' as const),
      who,
      cents: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('run' as const, 'doubleRun' as const) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      cents: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
);

const RATE = 2_400;
const FEE_POINTS = 500;

interface ModelSubmission {
  worker: Worker;
  hourly: boolean;
  status: 'in_progress' | 'awaiting_review' | 'approved';
  approvedOnce: boolean;
  tracked: number;
  paidSeconds: number;
  unpaidSeconds: number;
}

/**
 * Random sequences of tracked time, hand-ins, approvals (one-time and hourly), bonuses, payout runs
 * (alone and two at once) and credit, against a model, on both engines: after every step the
 * balance is what the model says and equals the ledger sum; every 402 is exactly when the model's
 * balance plus overdraft falls short; and nobody is paid twice for the same work (each time entry
 * paid once, each one-time incentive at most once, every approved second paid by the end).
 */
describe.each(engines())('money across approvals, bonuses and payout runs on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.parse('2026-07-01T09:00:00.000Z') };
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 1_000_000, bonusFeeBasisPoints: FEE_POINTS },
      { clock: () => clock.now },
    );
  }, 60_000);
  afterAll(() => server.close());

  it('keeps balance == ledger sum and pays each unit of work once', async () => {
    const { db } = server.database;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (extraBalance, overdraft, steps) => {
          const organization = await createTestOrganization(server, {
            balanceCents: 200_000 + extraBalance,
            overdraftLimitCents: overdraft,
          });
          const oneTime = await payingStudy(server, organization, {
            numParticipants: 2,
            title: 'Once',
          });
          const hourly = await payingStudy(server, organization, {
            numParticipants: 2,
            title: 'Hourly',
            pay: { frequency: 'hourly', hourlyRateCents: RATE },
          });
          const api = hourly.customer;
          // The launches took what they cost; one ledger movement leaves `extraBalance`, so 402s
          // come up, and from here the model follows every movement.
          await recordLedgerEntry(db, {
            organizationId: organization.id,
            kind: 'credit',
            amountCents: extraBalance - (await balanceOf(server, organization.id)),
          });
          let balance = extraBalance;
          const people = [await signUp(server), await signUp(server)];
          const submissions: ModelSubmission[] = [];
          for (const person of people) {
            for (const study of [oneTime, hourly]) {
              submissions.push({
                worker: await startWork(server, clock, study.id, person),
                hourly: study === hourly,
                status: 'in_progress',
                approvedOnce: false,
                tracked: 0,
                paidSeconds: 0,
                unpaidSeconds: 0,
              });
            }
          }
          const affordable = (cents: number) => balance + overdraft >= cents;
          const runTotal = () =>
            submissions
              .filter((s) => s.hourly && s.approvedOnce && s.unpaidSeconds > 0)
              .reduce((sum, s) => sum + hourlyAmountCents(s.paidSeconds, s.unpaidSeconds, RATE), 0);
          const settleRun = () => {
            for (const s of submissions) {
              if (s.hourly && s.approvedOnce) {
                s.paidSeconds += s.unpaidSeconds;
                s.unpaidSeconds = 0;
              }
            }
          };

          for (const s of steps) {
            if (s.kind === 'track') {
              // One person works on one thing at a time: their hourly submission, if still open.
              const target = submissions.filter((x) => x.hourly)[s.who % 2]!;
              if (target.status !== 'in_progress') continue;
              const seconds = await target.worker.track(s.minutes);
              target.tracked += seconds;
              target.unpaidSeconds += seconds;
            } else if (s.kind === 'submit') {
              const target = submissions[s.who]!;
              if (target.status !== 'in_progress' || (target.hourly && target.approvedOnce))
                continue;
              await target.worker.submit();
              target.status = 'awaiting_review';
            } else if (s.kind === 'approve') {
              const target = submissions[s.who]!;
              const response = await api.post(
                `/v2/submissions/${target.worker.submissionId}/approve`,
                {},
              );
              if (target.status !== 'awaiting_review') {
                expect(response.status).toBe(409);
                continue;
              }
              expect(response.status, response.text).toBe(200);
              target.status = target.hourly ? 'in_progress' : 'approved';
              target.approvedOnce = true;
            } else if (s.kind === 'bonus') {
              const target = submissions[s.who]!;
              const studyId = target.hourly ? hourly.id : oneTime.id;
              const fee = Math.floor((s.cents * FEE_POINTS + 5_000) / 10_000);
              const response = await api.post(`/v2/opportunities/${studyId}/bonuses`, {
                bonuses: [{ submission_id: target.worker.submissionId, amount_cents: s.cents }],
              });
              if (affordable(s.cents + fee)) {
                expect(response.status, response.text).toBe(200);
                balance -= s.cents + fee;
              } else {
                expect(response.status).toBe(402);
              }
            } else if (s.kind === 'run' || s.kind === 'doubleRun') {
              const expected = runTotal();
              const tries = s.kind === 'run' ? 1 : 2;
              const responses = await Promise.all(
                Array.from({ length: tries }, () =>
                  api.post(`/v2/opportunities/${hourly.id}/payout-runs`, {}),
                ),
              );
              if (affordable(expected)) {
                expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
                const totals = responses
                  .map((r) => r.body.total_cents as number)
                  .sort((a, b) => b - a);
                expect(totals[0]).toBe(expected);
                expect(totals.slice(1).every((t) => t === 0)).toBe(true);
                balance -= expected;
                settleRun();
              } else {
                expect(responses.map((r) => r.status)).toEqual(responses.map(() => 402));
              }
            } else if (s.kind === 'credit') {
              await recordLedgerEntry(db, {
                organizationId: organization.id,
                kind: 'credit',
                amountCents: s.cents,
              });
              balance += s.cents;
            }
            expect(await balanceOf(server, organization.id)).toBe(balance);
            expect(await ledgerSumCents(db, organization.id)).toBe(balance);
          }

          // Enough credit for a last run: every approved second is then paid, each exactly once.
          await recordLedgerEntry(db, {
            organizationId: organization.id,
            kind: 'credit',
            amountCents: 1_000_000,
          });
          const last = await api.post(`/v2/opportunities/${hourly.id}/payout-runs`, {});
          expect(last.status).toBe(200);
          expect(last.body.total_cents).toBe(runTotal());
          settleRun();
          const items = await db
            .selectFrom('payout_items')
            .select(['item_key', 'submission_id'])
            .where('opportunity_id', '=', hourly.id)
            .execute();
          expect(new Set(items.map((i) => i.item_key)).size).toBe(items.length);
          for (const model of submissions.filter((x) => x.hourly)) {
            const lines = await db
              .selectFrom('payout_run_lines')
              .select(['seconds', 'amount_cents'])
              .where('submission_id', '=', model.worker.submissionId)
              .execute();
            const seconds = lines.reduce((sum, line) => sum + Number(line.seconds ?? 0), 0);
            expect(seconds).toBe(model.approvedOnce ? model.tracked : 0);
            const cents = lines.reduce((sum, line) => sum + Number(line.amount_cents), 0);
            expect(cents).toBe(Math.floor((seconds * RATE + 1_800) / 3_600));
          }
          const incentives = await db
            .selectFrom('ledger_entries')
            .select('submission_id')
            .where('organization_id', '=', organization.id)
            .where('kind', '=', 'participant_payout')
            .execute();
          expect(incentives.length).toBe(new Set(incentives.map((r) => r.submission_id)).size);
          expect(incentives.length).toBe(
            submissions.filter((x) => !x.hourly && x.status === 'approved').length,
          );
        },
      ),
      { numRuns: engine === 'postgres' ? 8 : 12 },
    );
  }, 300_000);
});
