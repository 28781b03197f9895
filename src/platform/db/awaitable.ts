/**
 * A value that is either here already or still on its way. The embedded database answers
 * synchronously and PostgreSQL does not; code on every request's path (authentication, the rate
 * limit, the hottest reads) hands a ready value on as it is, because each `await` of a value that
 * is already here still costs a trip through the microtask queue and a suspended function.
 *
 * Code that is not on that path simply `await`s an Awaitable, which works for both forms.
 */
export type Awaitable<T> = T | Promise<T>;

/** `next(value)` at once when the value is here, when it arrives otherwise. */
export function andThen<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * Runs `compute` and reports its outcome to a Node-style callback exactly once: at once when it
 * returns a value or throws, when its promise settles otherwise. For callback-style hooks, which
 * then continue in the same turn when nothing had to wait.
 */
export function settle<T>(
  compute: () => Awaitable<T>,
  callback: (error: unknown, value?: T) => void,
): void {
  let outcome: Awaitable<T>;
  try {
    outcome = compute();
  } catch (error) {
    callback(error);
    return;
  }
  if (outcome instanceof Promise) {
    outcome.then(
      (value) => callback(null, value),
      (error) => callback(error),
    );
  } else {
    callback(null, outcome);
  }
}

/** Whether `promise` settles within `ms` (it goes on either way): for waits that have a deadline. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
