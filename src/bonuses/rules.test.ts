import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BonusTarget,
  bonusCharge,
  bonusFeeCents,
  checkBonusLines,
  MAX_BONUS_CENTS,
  MAX_BONUSES_PER_CALL,
} from './rules.ts';

const OPP = 'opp_1';
const targets = new Map<string, BonusTarget>([
  ['sub_worked', { opportunityId: OPP, participantId: 'par_1', startedAt: '2026-01-01T00:00:00Z' }],
  ['sub_other', { opportunityId: OPP, participantId: 'par_2', startedAt: '2026-01-01T00:00:00Z' }],
  ['sub_invited', { opportunityId: OPP, participantId: 'par_3', startedAt: null }],
  [
    'sub_elsewhere',
    { opportunityId: 'opp_2', participantId: 'par_4', startedAt: '2026-01-01T00:00:00Z' },
  ],
]);

describe('checkBonusLines', () => {
  it('accepts lines for submissions of the opportunity that reached the work', () => {
    expect(
      checkBonusLines(
        [
          { submission_id: 'sub_worked', amount_cents: 250, reason: 'Great detail' },
          { submission_id: 'sub_other', amount_cents: 100 },
        ],
        OPP,
        targets,
      ),
    ).toEqual({
      ok: true,
      lines: [
        {
          submissionId: 'sub_worked',
          amountCents: 250,
          reason: 'Great detail',
          participantId: 'par_1',
        },
        { submissionId: 'sub_other', amountCents: 100, reason: null, participantId: 'par_2' },
      ],
    });
  });

  it('lists every bad line at once', () => {
    const result = checkBonusLines(
      [
        { submission_id: 'sub_worked', amount_cents: 0 },
        { submission_id: 'sub_invited', amount_cents: 100 },
        { submission_id: 'sub_elsewhere', amount_cents: 100 },
        { submission_id: 'sub_nope', amount_cents: 100 },
        { submission_id: 'sub_worked', amount_cents: 100 },
        { submission_id: 'sub_other', amount_cents: 1.5, extra: true },
        'not a line',
      ],
      OPP,
      targets,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.issues.map((issue) => issue.message);
    for (const part of [
      'bonuses[0].amount_cents',
      'bonuses[1].submission_id: sub_invited never started',
      'bonuses[2].submission_id: sub_elsewhere is not a submission of opportunity opp_1',
      'bonuses[3].submission_id: sub_nope is not a submission',
      'bonuses[4].submission_id: sub_worked is already bonused by bonuses[0]',
      'bonuses[5].extra: unknown field',
      'bonuses[5].amount_cents',
      'bonuses[6]: must be an object',
    ]) {
      expect(text.some((message) => message.startsWith(part))).toBe(true);
    }
  });

  it('refuses an empty call and one over the limit', () => {
    expect(checkBonusLines([], OPP, targets).ok).toBe(false);
    const many = Array.from({ length: MAX_BONUSES_PER_CALL + 1 }, () => ({
      submission_id: 'sub_worked',
      amount_cents: 1,
    }));
    expect(checkBonusLines(many, OPP, targets).ok).toBe(false);
  });

  it('never accepts a line outside the bounds, whatever else the call holds', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            submission_id: fc.constantFrom('sub_worked', 'sub_other', 'sub_invited', 'sub_x'),
            amount_cents: fc.oneof(
              fc.integer({ min: -10, max: MAX_BONUS_CENTS + 10 }),
              fc.double(),
            ),
          }),
          { maxLength: 6 },
        ),
        (lines) => {
          const result = checkBonusLines(lines, OPP, targets);
          if (!result.ok) return;
          const ids = result.lines.map((line) => line.submissionId);
          expect(new Set(ids).size).toBe(ids.length);
          expect(result.lines).toHaveLength(lines.length);
          for (const line of result.lines) {
            expect(Number.isSafeInteger(line.amountCents)).toBe(true);
            expect(line.amountCents).toBeGreaterThanOrEqual(1);
            expect(line.amountCents).toBeLessThanOrEqual(MAX_BONUS_CENTS);
            expect(['sub_worked', 'sub_other']).toContain(line.submissionId);
          }
        },
      ),
    );
  });
});

describe('bonus fees', () => {
  it('is 0 without BONUS_FEE_PERCENT, and rounds half up', () => {
    expect(bonusFeeCents(1234, 0)).toBe(0);
    expect(bonusFeeCents(1000, 3333)).toBe(333);
    expect(bonusFeeCents(5, 1000)).toBe(1);
    expect(bonusFeeCents(4, 1000)).toBe(0);
  });

  it('each fee is within half a cent of the percentage, never negative, monotone in the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_BONUS_CENTS }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (amount, points, more) => {
          const fee = bonusFeeCents(amount, points);
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(Math.abs(fee - (amount * points) / 10_000)).toBeLessThanOrEqual(0.5);
          expect(bonusFeeCents(amount + more, points)).toBeGreaterThanOrEqual(fee);
        },
      ),
    );
  });

  it('a call charges the sum of its bonuses and of their fees', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: MAX_BONUS_CENTS }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amounts, points) => {
          const charge = bonusCharge(
            amounts.map((amountCents) => ({ amountCents })),
            points,
          );
          expect(charge.bonusesCents).toBe(amounts.reduce((a, b) => a + b, 0));
          expect(charge.feeCents).toBe(charge.fees.reduce((a, b) => a + b, 0));
          expect(charge.fees).toEqual(amounts.map((amount) => bonusFeeCents(amount, points)));
        },
      ),
    );
  });
});
