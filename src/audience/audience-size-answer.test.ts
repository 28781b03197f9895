import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceSizeAnswer, PRIVACY_FLOOR } from './audience-size-answer.ts';

describe('audienceSizeAnswer', () => {
  it('gives the count from the floor up, and only "fewer than" below it', () => {
    expect(PRIVACY_FLOOR).toBe(25);
    expect(audienceSizeAnswer(0)).toEqual({ count: null, fewer_than: 25 });
    expect(audienceSizeAnswer(1)).toEqual({ count: null, fewer_than: 25 });
    expect(audienceSizeAnswer(24)).toEqual({ count: null, fewer_than: 25 });
    expect(audienceSizeAnswer(25)).toEqual({ count: 25 });
    expect(audienceSizeAnswer(100_000)).toEqual({ count: 100_000 });
  });

  it('never tells two counts below the floor apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PRIVACY_FLOOR - 1 }),
        fc.integer({ min: 0, max: PRIVACY_FLOOR - 1 }),
        (a, b) => {
          expect(audienceSizeAnswer(a)).toEqual(audienceSizeAnswer(b));
        },
      ),
    );
  });
});
