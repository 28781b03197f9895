import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerKind } from './ledger-entries.table.ts';
import { statementFromSums } from './month-statement.ts';

describe('statementFromSums', () => {
  it('splits each month into charges, refunds and credit, newest month first', () => {
    expect(
      statementFromSums([
        { month: '2026-10', kind: 'credit', amount_cents: 100_000 },
        { month: '2026-10', kind: 'launch_charge', amount_cents: -30_000 },
        { month: '2026-11', kind: 'stop_refund', amount_cents: 5_000 },
        { month: '2026-11', kind: 'bonus', amount_cents: -1_000 },
        { month: '2026-11', kind: 'participant_payout', amount_cents: 0 },
      ]),
    ).toEqual([
      { month: '2026-11', charged_cents: 1_000, refunded_cents: 5_000, credit_cents: 0 },
      { month: '2026-10', charged_cents: 30_000, refunded_cents: 0, credit_cents: 100_000 },
    ]);
  });

  it('accounts for every cent of the ledger', () => {
    const kinds: LedgerKind[] = [
      'credit',
      'launch_charge',
      'stop_refund',
      'expiry_refund',
      'rejection_refund',
      'participant_payout',
      'bonus',
      'bonus_fee',
      'payout_run',
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            month: fc.constantFrom('2026-09', '2026-10', '2026-11'),
            kind: fc.constantFrom(...kinds),
            amount_cents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
          }),
        ),
        (sums) => {
          const total = sums.reduce((sum, s) => sum + s.amount_cents, 0);
          const statement = statementFromSums(sums);
          const net = statement.reduce(
            (sum, m) => sum + m.credit_cents + m.refunded_cents - m.charged_cents,
            0,
          );
          expect(net).toBe(total);
        },
      ),
    );
  });
});
