import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateIncentive } from '../pricing/index.ts';
import { AUTO_PRICING_BOUNDS, autoPriceFeasibility, type FeasibilityBrief } from './auto-price.ts';
import { formatCents, parseDecimalToCents } from './decimal-cents.ts';
import {
  FEASIBILITY_STATUSES,
  type FeasibilityStatus,
  isTerminalFeasibilityStatus,
  planClose,
  planRespond,
  planWin,
} from './feasibility-status.ts';

const brief: FeasibilityBrief = {
  taskDescription: '30-minute usability interview about a budgeting app',
  panelDescription: 'US adults who use a budgeting app monthly',
  submissionCount: 40,
  timelineHours: 72,
  payRateFrequency: 'ONE_TIME',
  loiMinutes: 30,
};

describe('autoPriceFeasibility', () => {
  it('prices a brief within bounds as incentive plus fee, at the consumer rate', () => {
    const result = autoPriceFeasibility(brief);
    if (result.kind !== 'priced') throw new Error(result.reason);
    const expected = estimateIncentive({
      numParticipants: 40,
      durationMinutes: 30,
      audienceSelectivity: 0.25,
      screenerStrictness: 0.5,
      recruitmentWindowDays: 3,
      b2b: false,
    }).incentiveCents;
    expect(result.b2b).toBe(false);
    expect(result.incentiveCents).toBe(expected);
    expect(result.feeCents).toBe(Math.max(200, Math.round(expected * 0.25)));
    expect(result.cpiCents).toBe(expected + result.feeCents);
  });

  it('prices professional panels at the B2B rate', () => {
    const result = autoPriceFeasibility({
      ...brief,
      panelDescription: 'IT decision makers at companies of 500+ employees',
    });
    const consumer = autoPriceFeasibility(brief);
    if (result.kind !== 'priced' || consumer.kind !== 'priced') throw new Error('not priced');
    expect(result.b2b).toBe(true);
    expect(result.cpiCents).toBeGreaterThan(5 * consumer.incentiveCents);
  });

  it.each([
    ['submissionCount', { submissionCount: 0 }],
    ['submissionCount', { submissionCount: 501 }],
    ['loiMinutes', { loiMinutes: 0 }],
    ['loiMinutes', { loiMinutes: 241 }],
    ['loiMinutes', { loiMinutes: 12.5 }],
    ['timelineHours', { timelineHours: 23 }],
    ['timelineHours', { timelineHours: 2_161 }],
    ['payRateFrequency', { payRateFrequency: 'HOURLY' }],
    ['panelDescription', { panelDescription: '   ' }],
    ['taskDescription', { taskDescription: '' }],
  ])('leaves a brief with %s out of bounds to an operator', (field, change) => {
    const result = autoPriceFeasibility({ ...brief, ...change });
    expect(result.kind).toBe('needs_operator');
    if (result.kind === 'needs_operator') expect(result.reason).toContain(field);
  });

  it('prices exactly the edges of the bounds', () => {
    const { submissionCount, loiMinutes, timelineHours } = AUTO_PRICING_BOUNDS;
    for (const edge of [
      {
        submissionCount: submissionCount.min,
        loiMinutes: loiMinutes.min,
        timelineHours: timelineHours.min,
      },
      {
        submissionCount: submissionCount.max,
        loiMinutes: loiMinutes.max,
        timelineHours: timelineHours.max,
      },
    ]) {
      expect(autoPriceFeasibility({ ...brief, ...edge }).kind).toBe('priced');
    }
  });

  it('always leaves a positive incentive under the CPI', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 240 }),
        fc.integer({ min: 24, max: 2_160 }),
        fc.boolean(),
        (submissionCount, loiMinutes, timelineHours, pro) => {
          const result = autoPriceFeasibility({
            ...brief,
            submissionCount,
            loiMinutes,
            timelineHours,
            panelDescription: pro ? 'software engineers' : 'adults',
          });
          if (result.kind !== 'priced') throw new Error(result.reason);
          expect(result.cpiCents - result.feeCents).toBeGreaterThan(0);
          expect(Number.isSafeInteger(result.cpiCents)).toBe(true);
        },
      ),
    );
  });
});

describe('feasibility state machine', () => {
  const table: [string, FeasibilityStatus, (s: FeasibilityStatus) => unknown, string | null][] = [];
  const moves = {
    respond: planRespond,
    win: planWin,
    lost: (s: FeasibilityStatus) => planClose(s, 'LOST'),
    notPursued: (s: FeasibilityStatus) => planClose(s, 'NOT_PURSUED'),
  };
  const allowed: Record<string, Partial<Record<FeasibilityStatus, FeasibilityStatus>>> = {
    respond: { RECEIVED: 'RESPONDED' },
    win: { RESPONDED: 'WON' },
    lost: { RECEIVED: 'LOST', RESPONDED: 'LOST' },
    notPursued: { RECEIVED: 'NOT_PURSUED', RESPONDED: 'NOT_PURSUED' },
  };
  for (const [name, plan] of Object.entries(moves)) {
    for (const from of FEASIBILITY_STATUSES) {
      table.push([name, from, plan, allowed[name]?.[from] ?? null]);
    }
  }

  it.each(table)('%s from %s', (_name, from, plan, to) => {
    const result = plan(from) as { ok: boolean; to?: string; code?: string; message?: string };
    if (to === null) {
      expect(result).toMatchObject({ ok: false, code: 'CONFLICT' });
      expect(result.message).toBeTruthy();
    } else {
      expect(result).toEqual({ ok: true, to });
    }
  });

  it('never moves a terminal request', () => {
    const anyMove = fc.constantFrom<(s: FeasibilityStatus) => { ok: boolean }>(
      ...Object.values(moves),
    );
    fc.assert(
      fc.property(fc.array(anyMove, { maxLength: 20 }), (sequence) => {
        let status: FeasibilityStatus = 'RECEIVED';
        for (const plan of sequence) {
          const result = plan(status) as { ok: boolean; to?: FeasibilityStatus };
          if (isTerminalFeasibilityStatus(status)) expect(result.ok).toBe(false);
          if (result.ok && result.to) status = result.to;
        }
      }),
    );
  });
});

describe('decimal amounts', () => {
  it.each([
    [4500, '45.00'],
    [5, '0.05'],
    [0, '0.00'],
    [123456, '1234.56'],
    [-250, '-2.50'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    ['45.00', 4500],
    ['45', 4500],
    ['45.5', 4550],
    [' 0.07 ', 7],
    ['45.001', null],
    ['-1.00', null],
    ['1e3', null],
    ['', null],
    ['45.', null],
    ['abc', null],
  ])('parses %j as %s', (text, cents) => {
    expect(parseDecimalToCents(text)).toBe(cents);
  });

  it('round-trips every non-negative amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseDecimalToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});
