import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Awaitable, andThen, settle } from './awaitable.ts';

/** Runs `settle` and collects every call of its callback, after letting promises settle. */
async function outcomes<T>(compute: () => Awaitable<T>) {
  const calls: Array<{ error: unknown; value?: T; synchronous: boolean }> = [];
  let returned = false;
  settle(compute, (error, value) => calls.push({ error, value, synchronous: !returned }));
  returned = true;
  await new Promise((resolve) => setImmediate(resolve));
  return calls;
}

describe('andThen', () => {
  it('continues in the same turn when the value is already here', () => {
    const result = andThen(2, (n) => n * 3);
    expect(result).toBe(6);
  });

  it('continues when a promised value arrives', async () => {
    const result = andThen(Promise.resolve(2), (n) => n * 3);
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe(6);
  });

  it('gives the same values either way, for any chain of steps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(fc.integer(), { maxLength: 5 }),
        async (start, steps) => {
          const chain = (value: Awaitable<number>, wrap: (n: number) => Awaitable<number>) =>
            steps.reduce<Awaitable<number>>(
              (acc, step) => andThen(acc, (n) => wrap(n + step)),
              value,
            );
          const now = chain(start, (n) => n);
          const later = await chain(Promise.resolve(start), (n) => Promise.resolve(n));
          expect(now).toBe(later);
        },
      ),
    );
  });

  it('throws at once from a ready value and rejects from a promised one', async () => {
    const fail = (): number => {
      throw new Error('no');
    };
    expect(() => andThen(1, fail)).toThrow('no');
    await expect(andThen(Promise.resolve(1), fail)).rejects.toThrow('no');
  });
});

describe('settle', () => {
  it('calls back once, in the same turn, with a ready value', async () => {
    expect(await outcomes(() => 'here')).toEqual([
      { error: null, value: 'here', synchronous: true },
    ]);
  });

  it('calls back once, in the same turn, with a synchronous throw', async () => {
    const error = new Error('thrown');
    expect(
      await outcomes(() => {
        throw error;
      }),
    ).toEqual([{ error, value: undefined, synchronous: true }]);
  });

  it('calls back once, later, with a resolved or rejected promise', async () => {
    expect(await outcomes(() => Promise.resolve('later'))).toEqual([
      { error: null, value: 'later', synchronous: false },
    ]);
    const error = new Error('rejected');
    expect(await outcomes(() => Promise.reject(error))).toEqual([
      { error, value: undefined, synchronous: false },
    ]);
  });

  it('does not report an error thrown by its own callback as the outcome', () => {
    let calls = 0;
    expect(() =>
      settle(
        () => 1,
        () => {
          calls++;
          throw new Error('from the callback');
        },
      ),
    ).toThrow('from the callback');
    expect(calls).toBe(1);
  });
});
