import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one of Node's `process.nextTick` records alive for the life of the process, so that V8
 * keeps the hidden class (map) those records share. Node answers every HTTP request with several
 * nextTick calls, each building its record from an object literal with computed keys.
 *
 * Why it matters: V8 lets one root map have at most 1,536 transitions, and building the route
 * validators and serializers (Ajv and fast-json-stringify generate code, and their code generators
 * make thousands of one-key objects) fills that table for a while. If a garbage collection then
 * drops the record's map, because no record happened to be alive, the next records cannot get a
 * shared map again: each one gets a map of its own, nextTick's property stores go megamorphic, and
 * from then on every nextTick call goes through V8's runtime. In this server that cost 9% of the
 * CPU of every request (measured with `perf`). A live record keeps its map, and so the shared
 * path, whatever fills the table later: measured gain, about 6 µs of 30 µs per request on
 * GET /v2/projects/{id}, from 33,000 to 40,000 req/s
 * (docs/decisions/0037-request-path-cpu-per-request.md).
 *
 * Call it once, before the app is built. It is idempotent.
 */
export function keepTickRecordShape(): void {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
}

/** The record kept alive, for tests: undefined until keepTickRecordShape has run. */
export function keptTickRecord(): object | undefined {
  return kept;
}
