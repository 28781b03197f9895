import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalRate, countDecisions, decisionDelta } from './decision-counts.ts';

const STATUSES = ['in_progress', 'awaiting_review', 'approved', 'rejected', 'abandoned'] as const;

describe('the record of decisions', () => {
  it('keeps, change by change, the counts a recount of the final statuses finds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((submissions) =>
          fc.tuple(
            fc.constant(submissions),
            fc.array(fc.tuple(fc.nat({ max: submissions - 1 }), fc.constantFrom(...STATUSES)), {
              maxLength: 40,
            }),
          ),
        ),
        ([submissions, changes]) => {
          const statuses: string[] = Array.from({ length: submissions }, () => 'awaiting_review');
          const kept = { approved: 0, decided: 0 };
          for (const [index, to] of changes) {
            const delta = decisionDelta(statuses[index]!, to);
            kept.approved += delta.approved;
            kept.decided += delta.decided;
            statuses[index] = to;
          }
          expect(kept).toEqual(countDecisions(statuses));
          expect(approvalRate(kept)).toBe(approvalRate(countDecisions(statuses)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('rounds the rate down, and has none before a first decision', () => {
    expect(approvalRate({ approved: 0, decided: 0 })).toBeNull();
    expect(approvalRate({ approved: 24, decided: 25 })).toBe(96);
    expect(approvalRate({ approved: 2, decided: 3 })).toBe(66);
    expect(approvalRate({ approved: 1, decided: 3 })).toBe(33);
    expect(approvalRate({ approved: 0, decided: 7 })).toBe(0);
    expect(approvalRate({ approved: 7, decided: 7 })).toBe(100);
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.nat({ max: 100_000 }), (approved, more) => {
        const decided = approved + more;
        const rate = approvalRate({ approved, decided });
        // Not `return expect(...)`: a property that returns a value is judged by it.
        if (decided === 0) {
          expect(rate).toBeNull();
          return;
        }
        // The largest whole percent not above approved/decided, as the database's integer division.
        expect(rate! * decided).toBeLessThanOrEqual(approved * 100);
        expect((rate! + 1) * decided).toBeGreaterThan(approved * 100);
      }),
    );
  });

  it('counts a rejection turned into an approval once', () => {
    expect(decisionDelta('awaiting_review', 'rejected')).toEqual({ approved: 0, decided: 1 });
    expect(decisionDelta('rejected', 'approved')).toEqual({ approved: 1, decided: 0 });
    expect(decisionDelta('approved', 'rejected')).toEqual({ approved: -1, decided: 0 });
    expect(decisionDelta('in_progress', 'awaiting_review')).toEqual({ approved: 0, decided: 0 });
  });
});
