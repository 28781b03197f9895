import { Type } from 'typebox';
import { defineJob, exponentialBackoff } from '../platform/jobs/define.ts';
import { foldDirty } from './bitmaps/fold.ts';

/** Chunks folded per round: a round stays short, so it never holds the writer for long. */
const CHUNKS_PER_ROUND = 4;
/** How soon the next round runs while participants wait, and when none do. */
const BUSY_MS = 250;
const IDLE_MS = 2_000;

/**
 * Keeps the audience bitmaps current (docs/decisions/0190-audience-bitmaps.md): one recurring
 * job folds the participants the triggers marked into their chunks' bitmaps, a few chunks a
 * round. Counts are exact meanwhile (they read the marked participants afresh); folding keeps
 * that set small.
 */
export const audienceFoldJob = defineJob({
  kind: 'audience.fold',
  payload: Type.Object({}, { additionalProperties: false }),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
  async handle(context) {
    const { folded, more } = await foldDirty(context.database, CHUNKS_PER_ROUND);
    return { runAgainInMs: more || folded > 0 ? BUSY_MS : IDLE_MS, idle: folded === 0 };
  },
});
