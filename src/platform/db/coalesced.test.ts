import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced.ts';

/** A run that takes a few turns of the event loop and may fail, recording when each one started. */
function world() {
  let clock = 0;
  const starts: number[] = [];
  return {
    tick: () => ++clock,
    starts,
    run: (fails: () => boolean) => async () => {
      starts.push(++clock);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      if (fails()) throw new Error('run failed');
    },
  };
}

describe('coalesced', () => {
  it('settles every caller with a run that started after it called, one run at a time', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Callers arriving in waves, each wave after some turns of the event loop.
        fc.array(fc.record({ callers: fc.integer({ min: 1, max: 6 }), turns: fc.nat(4) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        async (waves, failures) => {
          const w = world();
          let failed = 0;
          let inFlight = 0;
          let mostInFlight = 0;
          const base = w.run(() => failures[failed++] ?? false);
          const shared = coalesced(async () => {
            inFlight++;
            mostInFlight = Math.max(mostInFlight, inFlight);
            try {
              await base();
            } finally {
              inFlight--;
            }
          });
          const settled: Promise<void>[] = [];
          for (const wave of waves) {
            for (let i = 0; i < wave.callers; i++) {
              const calledAt = w.tick();
              settled.push(
                shared().then(
                  () => {
                    // The run that settled it is the latest to start before it settled.
                    expect(w.starts.at(-1)!).toBeGreaterThan(calledAt);
                  },
                  (error: Error) => expect(error.message).toBe('run failed'),
                ),
              );
            }
            for (let t = 0; t < wave.turns; t++) {
              await new Promise((resolve) => setImmediate(resolve));
            }
          }
          await Promise.all(settled);
          expect(mostInFlight).toBe(1);
          const callers = waves.reduce((sum, wave) => sum + wave.callers, 0);
          expect(w.starts.length).toBeLessThanOrEqual(callers);
        },
      ),
    );
  });

  it('makes one run for callers that arrive together, and one more for those during it', async () => {
    const w = world();
    const shared = coalesced(w.run(() => false));
    const first = shared();
    const during = [shared(), shared(), shared()];
    await Promise.all([first, ...during]);
    expect(w.starts).toHaveLength(2);
  });
});
