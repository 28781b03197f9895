import { Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The opportunity job kinds, apart from their handlers (expiry.job.ts): launch queues the expiry
 * and close cancels it, and the handler itself uses close.
 */

/** Closes an opportunity at its ending_at (queued by launch to run then). */
export const opportunityExpiry = declareJob({
  kind: 'opportunity.expiry',
  payload: Type.Object(
    { opportunityId: Type.String({ minLength: 1 }) },
    { additionalProperties: false },
  ),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});

/** One expiry job per opportunity. */
export const expiryDedupeKey = (opportunityId: string) => `opportunity-expiry:${opportunityId}`;
