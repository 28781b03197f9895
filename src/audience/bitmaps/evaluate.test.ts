import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyWords, hasBit, setBit, type Words, WordsPool } from './container.ts';
import { within } from './evaluate.ts';
import {
  APPROVAL_RATE,
  APPROVED_SUBMISSIONS,
  BIRTH_DATE,
  dateNumber,
  facetsOf,
  type SlicedValue,
} from './facets.ts';

/** Words in the process's arena (combined by its WebAssembly operations), reused per property run. */
const arenaWords = new WordsPool();
/** The words `within` works in, reused per call (countChunk resets its own per chunk). */
const work = new WordsPool();
const inTurn = (...args: Parameters<typeof within>) => {
  work.reset();
  return within(args[0], args[1], args[2], work);
};

/**
 * The bitmaps of people (offset n holds values[n], or no value when null), by facet: in
 * JavaScript's memory, or in the arena.
 */
function slicedBitmaps(value: SlicedValue, values: readonly (number | null)[], inArena = false) {
  const facets = new Map<string, Words>();
  arenaWords.reset();
  const fresh = () => (inArena ? arenaWords.take() : emptyWords());
  for (const [offset, held] of values.entries()) {
    const person = {
      status: 'active',
      is_test: 0,
      country_id: null,
      state_id: null,
      city_id: null,
      birth_date: '',
      approval_rate: value === APPROVAL_RATE ? held : null,
      approved_submissions: value === APPROVED_SUBMISSIONS ? held : null,
      no_shows: null,
    };
    for (const facet of facetsOf(person, [])) {
      const words = facets.get(facet) ?? fresh();
      facets.set(facet, words);
      setBit(words, offset);
    }
  }
  return { facet: (name: string) => facets.get(name) };
}

/** Each person admitted exactly when they hold a value within the bounds. */
function expectWithin(
  admitted: Words,
  values: readonly (number | null)[],
  gte: number | undefined,
  lte: number | undefined,
): void {
  for (const [offset, held] of values.entries()) {
    const expected =
      held !== null && (gte === undefined || held >= gte) && (lte === undefined || held <= lte);
    expect(hasBit(admitted, offset)).toBe(expected);
  }
}

const bound = (max: number) => fc.option(fc.integer({ min: -5, max: max + 5 }), { nil: undefined });

describe('bit-sliced ranges (docs/decisions/0190-audience-bitmaps.md)', () => {
  it('admit the same with shared low bits remembered apart, across bounds asked in turn', () => {
    // The rates' slices, compared as a birth date is: the state after the low three bits kept.
    const shared: SlicedValue = { ...APPROVAL_RATE, sharedLowBits: 3 };
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), { maxLength: 200 }),
        fc.array(fc.tuple(bound(100), bound(100)), { minLength: 1, maxLength: 6 }),
        (values, bounds) => {
          const bitmaps = slicedBitmaps(APPROVAL_RATE, values);
          const kept = new Map<string, Words>();
          // A copy, as the chunk cache keeps one: the pool's words are reused.
          const recall = (key: string) => kept.get(key);
          const keep = (key: string, words: Words) => void kept.set(key, Uint32Array.from(words));
          for (const [gte, lte] of bounds) {
            expectWithin(
              inTurn(shared, { gte, lte }, { ...bitmaps, recall, keep }),
              values,
              gte,
              lte,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  for (const [value, max, inArena] of [
    [APPROVAL_RATE, 100, false],
    [APPROVED_SUBMISSIONS, 3_000, false],
    [APPROVAL_RATE, 100, true],
    [APPROVED_SUBMISSIONS, 3_000, true],
  ] as const) {
    const what = value.name === 'r' ? 'rates' : 'counts';
    const where = inArena ? 'the arena (WebAssembly)' : 'JavaScript memory';
    it(`admit exactly the ${what} within any bounds, slices in ${where}`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.option(fc.integer({ min: 0, max }), { nil: null }), { maxLength: 300 }),
          bound(max),
          bound(max),
          (values, gte, lte) => {
            expectWithin(
              inTurn(value, { gte, lte }, slicedBitmaps(value, values, inArena)),
              values,
              gte,
              lte,
            );
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it('order dates as their text orders them, impossible days between the real ones', () => {
    const date = fc
      .tuple(
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
      )
      .map(
        ([year, month, day]) =>
          `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      );
    fc.assert(
      fc.property(date, date, (a, b) => {
        expect(Math.sign(dateNumber(a)! - dateNumber(b)!)).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(dateNumber(a)!).toBeLessThan(2 ** BIRTH_DATE.bits);
      }),
      { numRuns: 500 },
    );
    expect(dateNumber('1990-1-01')).toBeUndefined();
  });
});
