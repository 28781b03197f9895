import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents, recordLedgerEntry } from '../../src/finance/ledger.ts';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';
import { draftBody, newCustomer } from './fixtures.ts';
import { balanceOf, ledgerRows } from './seed.ts';

type Step =
  | { kind: 'create'; participants: number }
  | { kind: 'launch' | 'doubleLaunch' | 'pause' | 'resume' | 'stop' | 'delete'; pick: number }
  | { kind: 'credit'; cents: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      participants: fc.integer({ min: 1, max: 30 }),
    }),
  },
  ...(['launch', 'doubleLaunch', 'pause', 'resume', 'stop', 'delete'] as const).map((kind) => ({
    weight: kind === 'launch' ? 3 : 1,
    arbitrary: fc.record({ kind: fc.constant(kind), pick: fc.nat(20) }),
  })),
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      cents: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
);

interface ModelOpportunity {
  id: string;
  status: 'draft' | 'active' | 'paused' | 'stopped' | 'deleted';
  total: number;
}

/**
 * Random sequences of create, launch (alone or twice at once), pause, resume, stop, delete and
 * credit, checked against a model after every step: the balance is what the model says, equals
 * the ledger sum, and no opportunity is ever charged twice.
 */
describe.each(engines())('the money ledger under random lifecycles on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('keeps balance == ledger sum and charges each draft at most once', async () => {
    const { db } = server.database;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (startingBalance, overdraft, steps) => {
          const customer = await newCustomer(server, {
            balanceCents: startingBalance,
            overdraftLimitCents: overdraft,
          });
          const orgId = customer.organization.id;
          const { api } = customer;
          const opportunities: ModelOpportunity[] = [];
          let balance = startingBalance;
          const pick = (n: number) => opportunities[n % opportunities.length];

          for (const s of steps) {
            if (s.kind === 'create') {
              const created = await api.post(
                '/v2/opportunities',
                draftBody(customer.projectId, { num_participants: s.participants }),
              );
              expect(created.status).toBe(200);
              opportunities.push({
                id: created.body.id,
                status: 'draft',
                total: created.body.pricing.total_cost_cents,
              });
            } else if (s.kind === 'credit') {
              await db.transaction().execute((trx) =>
                recordLedgerEntry(trx, {
                  organizationId: orgId,
                  kind: 'credit',
                  amountCents: s.cents,
                }),
              );
              balance += s.cents;
            } else {
              const target = pick(s.pick);
              if (!target) continue;
              const path = `/v2/opportunities/${target.id}`;
              const gone = target.status === 'deleted';
              if (s.kind === 'launch' || s.kind === 'doubleLaunch') {
                const tries = s.kind === 'launch' ? 1 : 2;
                const responses = await Promise.all(
                  Array.from({ length: tries }, () => api.post(`${path}/launch`, {})),
                );
                const statuses = responses.map((r) => r.status);
                if (gone) expect(statuses.every((x) => x === 404)).toBe(true);
                else if (target.status !== 'draft')
                  expect(statuses.every((x) => x === 409)).toBe(true);
                else if (balance + overdraft < target.total) {
                  expect(statuses.every((x) => x === 402)).toBe(true);
                } else {
                  expect(statuses.filter((x) => x === 200)).toHaveLength(1);
                  expect(statuses.filter((x) => x !== 200).every((x) => x === 409)).toBe(true);
                  balance -= target.total;
                  target.status = 'active';
                }
              } else if (s.kind === 'pause' || s.kind === 'resume') {
                const from = s.kind === 'pause' ? 'active' : 'paused';
                const response = await api.post(`${path}/${s.kind}`, {});
                const expected = gone ? 404 : target.status === from ? 200 : 409;
                expect(response.status).toBe(expected);
                if (expected === 200) target.status = s.kind === 'pause' ? 'paused' : 'active';
              } else if (s.kind === 'stop') {
                const response = await api.post(`${path}/stop`, { reason: 'property test' });
                const stoppable = target.status === 'active' || target.status === 'paused';
                expect(response.status).toBe(gone ? 404 : stoppable ? 200 : 409);
                if (stoppable) {
                  // No participant took a place: every place is refunded.
                  balance += target.total;
                  target.status = 'stopped';
                }
              } else if (s.kind === 'delete') {
                const response = await api.delete(path);
                expect(response.status).toBe(gone ? 404 : target.status === 'draft' ? 200 : 409);
                if (target.status === 'draft') target.status = 'deleted';
              }
            }

            const stored = await balanceOf(db, orgId);
            expect(stored).toBe(balance);
            expect(await ledgerSumCents(db, orgId)).toBe(stored);
          }

          const charges = (await ledgerRows(db, orgId)).filter((r) => r.kind === 'launch_charge');
          const perOpportunity = new Map<string, number>();
          for (const charge of charges) {
            perOpportunity.set(
              charge.opportunity_id!,
              (perOpportunity.get(charge.opportunity_id!) ?? 0) + 1,
            );
          }
          expect([...perOpportunity.values()].every((n) => n === 1)).toBe(true);
          expect(perOpportunity.size).toBe(
            opportunities.filter((o) => o.status !== 'draft' && o.status !== 'deleted').length,
          );
        },
      ),
      { numRuns: engine === 'postgres' ? 25 : 40 },
    );
  }, 120_000);
});
