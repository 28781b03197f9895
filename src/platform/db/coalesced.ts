/**
 * A run that callers share (flushCommitted): the promise each caller gets settles with a run that
 * started after it called, so anything the caller finished before calling is covered by that run.
 * While one run is on its way, everyone who calls waits for the next, which starts when that one
 * settles: one run in flight, however many callers.
 */
export function coalesced(run: () => Promise<void>): (() => Promise<void>) & { idle(): boolean } {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  };
  const call = () => {
    if (!running) return start();
    if (!next) {
      next = running
        .catch(() => {})
        .then(() => {
          next = undefined;
          return start();
        });
    }
    return next;
  };
  /** Whether no run is on its way or waiting to start. */
  call.idle = () => running === undefined && next === undefined;
  return call;
}
