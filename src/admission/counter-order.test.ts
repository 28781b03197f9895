import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterOrder } from './counters.ts';
import { PLACES_HELD_KEY } from './places.ts';

/**
 * counterOrder is the order in which PostgreSQL locks counters in lockAdmissionCounters (`collate
 * "C"`, the bytes of UTF-8) and SQLite compares them: if the two disagreed on a pair of keys, two
 * admissions could lock them in opposite orders and deadlock.
 */
describe('counterOrder', () => {
  it('agrees with the byte order of UTF-8, places held first', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
        if (a !== PLACES_HELD_KEY && b !== PLACES_HELD_KEY) {
          expect(Math.sign(counterOrder(a, b))).toBe(bytes);
        }
        if (a !== PLACES_HELD_KEY) {
          expect(counterOrder(PLACES_HELD_KEY, a)).toBeLessThan(0);
          expect(counterOrder(a, PLACES_HELD_KEY)).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('orders keys whose code points sit on either side of the surrogates as their bytes do', () => {
    // U+FF21 (one UTF-16 unit, above the surrogates) against U+1F600 (a surrogate pair): UTF-16
    // units put the emoji first, UTF-8 bytes put it last.
    expect(counterOrder('quota:["x","\uff21"]', 'quota:["x","😀"]')).toBeLessThan(0);
    expect('quota:["x","\uff21"]' < 'quota:["x","😀"]').toBe(false);
  });
});
