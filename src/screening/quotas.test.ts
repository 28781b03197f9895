import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  admissionCaps,
  crossQuotaCellKey,
  crossQuotaProgress,
  type QuotaCounts,
  quotaAdmission,
  quotaCellKey,
  quotaCellsFor,
  quotaProgress,
} from './quotas.ts';
import type { CrossQuota, Quota, QuotaType } from './schemas.ts';

const gender: Quota = {
  screening_question: 'gender',
  targets: [
    { value: 'Woman', count: 3, type: 'minimum' },
    { value: 'Man', count: 3, type: 'maximum' },
  ],
};

const youngWomen: CrossQuota = {
  label: 'young women',
  join: 'and',
  target: 2,
  quota_type: 'exact',
  conditions: [
    { screening_question: 'gender', answer: 'Woman', operator: 'eq' },
    { screening_question: 'age', answer: '18-29', operator: 'eq' },
  ],
};

const applicant = (gender: string, age: string) => [
  { key: 'gender', answer: [gender] },
  { key: 'age', answer: [age] },
];

describe('quotaCellsFor', () => {
  it('lists the quota targets and cross quota cells the answers fall in', () => {
    expect(quotaCellsFor(applicant('Woman', '18-29'), [gender], [youngWomen])).toEqual([
      quotaCellKey('gender', 'Woman'),
      crossQuotaCellKey('young women'),
    ]);
    expect(quotaCellsFor(applicant('Man', '18-29'), [gender], [youngWomen])).toEqual([
      quotaCellKey('gender', 'Man'),
    ]);
    expect(quotaCellsFor(applicant('Other', '30-49'), [gender], [youngWomen])).toEqual([]);
  });

  it('keeps cell keys apart whatever the keys and answers contain', () => {
    expect(quotaCellKey('a:b', 'c')).not.toBe(quotaCellKey('a', 'b:c'));
  });

  it('follows or-joins and ne conditions', () => {
    const notYoung: CrossQuota = {
      ...youngWomen,
      label: 'not young or man',
      join: 'or',
      conditions: [
        { screening_question: 'age', answer: '18-29', operator: 'ne' },
        { screening_question: 'gender', answer: 'Man', operator: 'eq' },
      ],
    };
    expect(quotaCellsFor(applicant('Woman', '30-49'), [], [notYoung])).toHaveLength(1);
    expect(quotaCellsFor(applicant('Man', '18-29'), [], [notYoung])).toHaveLength(1);
    expect(quotaCellsFor(applicant('Woman', '18-29'), [], [notYoung])).toHaveLength(0);
  });
});

describe('quotaAdmission', () => {
  const decide = (
    counts: QuotaCounts,
    answers: ReturnType<typeof applicant>,
    placesRemaining = 20,
  ) =>
    quotaAdmission({
      quotas: [gender],
      crossQuotas: [youngWomen],
      counts,
      answers,
      placesRemaining,
    });

  it('admits while nothing is full and places are plentiful', () => {
    expect(decide({}, applicant('Man', '30-49'))).toEqual({ admitted: true });
  });

  it('screens out an applicant in a full maximum cell', () => {
    expect(decide({ [quotaCellKey('gender', 'Man')]: 3 }, applicant('Man', '30-49'))).toEqual({
      admitted: false,
      reason: 'quota full: gender = "Man" (maximum 3)',
    });
  });

  it('screens out an applicant in a full exact cross quota cell', () => {
    const decision = decide({ [crossQuotaCellKey('young women')]: 2 }, applicant('Woman', '18-29'));
    expect(decision).toEqual({
      admitted: false,
      reason: 'quota full: cross quota "young women" (exact 2)',
    });
  });

  it('lets a full minimum keep admitting: a minimum is not a cap', () => {
    expect(
      decide({ [quotaCellKey('gender', 'Woman')]: 9 }, applicant('Woman', '30-49')).admitted,
    ).toBe(true);
  });

  it('holds the remaining places for short minimums: non-helpers out, helpers in', () => {
    // Woman needs 3 (0 so far), young women needs 2: with 3 places left, every one is needed.
    expect(decide({}, applicant('Man', '30-49'), 3)).toEqual({
      admitted: false,
      reason:
        'the remaining 3 place(s) are needed for quota targets still short: gender = "Woman" (0 of 3)',
    });
    // She helps the women's minimum, and 2 places still remain for the 2 young women.
    expect(decide({}, applicant('Woman', '30-49'), 3).admitted).toBe(true);
    expect(decide({}, applicant('Woman', '30-49'), 2).admitted).toBe(false);
    expect(decide({}, applicant('Woman', '18-29'), 3)).toEqual({ admitted: true });
    // One place more than needed: a non-helper may take it.
    expect(decide({}, applicant('Man', '30-49'), 4)).toEqual({ admitted: true });
  });

  it('sums the shortfalls of cross quota cells that share a dimension', () => {
    const cell = (label: string, age: string): CrossQuota => ({
      label,
      join: 'and',
      target: 2,
      quota_type: 'minimum',
      dimension: 'age',
      conditions: [{ screening_question: 'age', answer: age, operator: 'eq' }],
    });
    const crossQuotas = [cell('young', '18-29'), cell('middle', '30-49')];
    const decide = (placesRemaining: number, age: string) =>
      quotaAdmission({
        quotas: [],
        crossQuotas,
        counts: {},
        answers: applicant('Man', age),
        placesRemaining,
      }).admitted;
    expect(decide(4, '50+')).toBe(false);
    expect(decide(5, '50+')).toBe(true);
    expect(decide(4, '18-29')).toBe(true);
    // Without a shared dimension each cell is its own group and needs only its own 2.
    const apart = crossQuotas.map(({ dimension: _, ...rest }) => rest);
    expect(
      quotaAdmission({
        quotas: [],
        crossQuotas: apart,
        counts: {},
        answers: applicant('Man', '50+'),
        placesRemaining: 4,
      }).admitted,
    ).toBe(true);
  });

  it('refuses when no place remains', () => {
    expect(decide({}, applicant('Woman', '18-29'), 0)).toEqual({
      admitted: false,
      reason: 'no places remain',
    });
  });
});

describe('progress views', () => {
  it('shows each target with its current count, unknown counts as 0', () => {
    expect(quotaProgress([gender], { [quotaCellKey('gender', 'Man')]: 2 })).toEqual([
      {
        screening_question: 'gender',
        targets: [
          { value: 'Woman', count: 3, current: 0, type: 'minimum' },
          { value: 'Man', count: 3, current: 2, type: 'maximum' },
        ],
      },
    ]);
    expect(crossQuotaProgress([youngWomen], { [crossQuotaCellKey('young women')]: 1 })).toEqual([
      { ...youngWomen, current: 1 },
    ]);
  });
});

describe('admissionCaps', () => {
  const values = ['a', 'b', 'c'];
  it('bounds each counter exactly as quotaAdmission decides, with maximum targets only', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ value: fc.constantFrom(...values), count: fc.integer({ min: 1, max: 5 }) }),
          { selector: (t) => t.value, maxLength: 3 },
        ),
        fc.array(
          fc.record({
            x: fc.constantFrom(...values),
            y: fc.constantFrom(...values),
            target: fc.integer({ min: 1, max: 5 }),
          }),
          { maxLength: 3 },
        ),
        fc.dictionary(fc.constantFrom(...values), fc.nat(6)),
        fc.array(fc.nat(6), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(...values),
        fc.constantFrom(...values),
        (targets, cross, xCounts, crossCounts, placesRemaining, x, y) => {
          const quotas: Quota[] =
            targets.length > 0
              ? [
                  {
                    screening_question: 'x',
                    targets: targets.map((t) => ({ ...t, type: 'maximum' as const })),
                  },
                ]
              : [];
          const crossQuotas: CrossQuota[] = cross.map((c, i) => ({
            label: `cell ${i}`,
            join: 'and',
            target: c.target,
            quota_type: 'maximum',
            conditions: [
              { screening_question: 'x', answer: c.x, operator: 'eq' },
              { screening_question: 'y', answer: c.y, operator: 'eq' },
            ],
          }));
          const counts: Record<string, number> = {};
          for (const [value, n] of Object.entries(xCounts)) counts[quotaCellKey('x', value)] = n;
          cross.forEach((_, i) => {
            counts[crossQuotaCellKey(`cell ${i}`)] = crossCounts[i]!;
          });
          const answers = [
            { key: 'x', answer: [x] },
            { key: 'y', answer: [y] },
          ];
          const caps = admissionCaps(quotas, crossQuotas, answers)!;
          const withinCaps = [...caps].every(([key, cap]) => (counts[key] ?? 0) + 1 <= cap);
          const admitted = quotaAdmission({
            quotas,
            crossQuotas,
            counts,
            answers,
            placesRemaining,
          }).admitted;
          expect(admitted).toBe(placesRemaining > 0 && withinCaps);
          expect([...caps.keys()].sort()).toEqual(
            quotaCellsFor(answers, quotas, crossQuotas).sort(),
          );
        },
      ),
    );
  });

  it('is undefined when a minimum or exact target weighs several counters', () => {
    expect(admissionCaps([gender], [], applicant('Man', '30-39'))).toBeUndefined();
    expect(admissionCaps([], [youngWomen], applicant('Woman', '18-29'))).toBeUndefined();
    expect(admissionCaps([], [], applicant('Woman', '18-29'))).toEqual(new Map());
  });
});

describe('quota properties', () => {
  const answerValues = ['a', 'b', 'c'];
  const quotaType = fc.constantFrom<QuotaType>('minimum', 'maximum', 'exact');
  const setup = fc.record({
    places: fc.integer({ min: 1, max: 30 }),
    targets: fc.array(
      fc.record({
        value: fc.constantFrom(...answerValues),
        count: fc.integer({ min: 1, max: 8 }),
        type: quotaType,
      }),
      { maxLength: 3 },
    ),
    cross: fc.array(
      fc.record({
        x: fc.constantFrom(...answerValues),
        y: fc.constantFrom(...answerValues),
        target: fc.integer({ min: 1, max: 6 }),
        type: quotaType,
        dimension: fc.option(fc.constantFrom('d1', 'd2')),
      }),
      { maxLength: 3 },
    ),
    applicants: fc.array(
      fc.tuple(fc.constantFrom(...answerValues), fc.constantFrom(...answerValues)),
      {
        maxLength: 80,
      },
    ),
  });

  it('never lets a maximum or exact cell exceed its count, nor admit beyond the places', () => {
    fc.assert(
      fc.property(setup, ({ places, targets, cross, applicants }) => {
        const unique = [...new Map(targets.map((t) => [t.value, t])).values()];
        const quotas: Quota[] =
          unique.length > 0 ? [{ screening_question: 'x', targets: unique }] : [];
        const crossQuotas: CrossQuota[] = cross.map((c, i) => ({
          label: `cell ${i}`,
          join: 'and',
          target: c.target,
          quota_type: c.type,
          ...(c.dimension !== null && { dimension: c.dimension }),
          conditions: [
            { screening_question: 'x', answer: c.x, operator: 'eq' },
            { screening_question: 'y', answer: c.y, operator: 'eq' },
          ],
        }));
        const counts: Record<string, number> = {};
        let remaining = places;
        for (const [x, y] of applicants) {
          const answers = [
            { key: 'x', answer: [x] },
            { key: 'y', answer: [y] },
          ];
          const decision = quotaAdmission({
            quotas,
            crossQuotas,
            counts,
            answers,
            placesRemaining: remaining,
          });
          if (!decision.admitted) continue;
          remaining--;
          for (const cell of quotaCellsFor(answers, quotas, crossQuotas)) {
            counts[cell] = (counts[cell] ?? 0) + 1;
          }
        }
        expect(remaining).toBeGreaterThanOrEqual(0);
        for (const progress of quotaProgress(quotas, counts)) {
          for (const t of progress.targets)
            if (t.type !== 'minimum') expect(t.current).toBeLessThanOrEqual(t.count);
        }
        for (const cell of crossQuotaProgress(crossQuotas, counts)) {
          if (cell.quota_type !== 'minimum') expect(cell.current).toBeLessThanOrEqual(cell.target);
        }
      }),
    );
  });

  it('admits every helper of a minimum that fits the study, up to the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.constantFrom('a', 'b'), { maxLength: 60 }),
        (minimum, extra, stream) => {
          const places = minimum + extra;
          const quotas: Quota[] = [
            { screening_question: 'x', targets: [{ value: 'a', count: minimum, type: 'minimum' }] },
          ];
          const counts: Record<string, number> = {};
          let remaining = places;
          for (const x of stream) {
            const answers = [{ key: 'x', answer: [x] }];
            if (
              !quotaAdmission({
                quotas,
                crossQuotas: [],
                counts,
                answers,
                placesRemaining: remaining,
              }).admitted
            )
              continue;
            remaining--;
            for (const cell of quotaCellsFor(answers, quotas, []))
              counts[cell] = (counts[cell] ?? 0) + 1;
          }
          const helpers = stream.filter((x) => x === 'a').length;
          // Non-helpers never take a place a helper needs, so every helper up to the minimum gets in.
          expect(counts[quotaCellKey('x', 'a')] ?? 0).toBeGreaterThanOrEqual(
            Math.min(minimum, helpers),
          );
        },
      ),
    );
  });
});
