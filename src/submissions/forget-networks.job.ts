import { Type } from 'typebox';
import { defineJob, exponentialBackoff } from '../platform/jobs/define.ts';
import { SHARED_NETWORK_WINDOW_MS, sharedNetworkSince } from './quality-flags.ts';
import { forgetNetworkFingerprints } from './store.ts';

/**
 * Network fingerprints are kept only as long as they can flag anything
 * (docs/decisions/0083-shared-network-flags.md): one recurring job, every hour, forgets those older
 * than the hour. Nothing enqueues it but the worker, so the kind is declared with its handler.
 */
export const forgetNetworkFingerprintsJob = defineJob({
  kind: 'submissions.forget-networks',
  payload: Type.Object({}, { additionalProperties: false }),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
  async handle(context) {
    const forgotten = await forgetNetworkFingerprints(
      context.database.db,
      sharedNetworkSince(context.now()),
    );
    return { runAgainInMs: SHARED_NETWORK_WINDOW_MS, idle: forgotten === 0 };
  },
});
