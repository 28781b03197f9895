import { Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The invitation job kinds, apart from their handlers (digest.job.ts, outreach.job.ts): outreach
 * is started from a domain event (outreach.ts), which the handler's module uses too.
 */

/**
 * The one recurring job of the digests (docs/decisions/0166-outreach-and-digests.md): each round
 * writes the digests of the participants whose `daily` invitations are due (09:00 their time).
 */
export const invitationDigests = declareJob({
  kind: 'invitations.digest',
  payload: Type.Object({}, { additionalProperties: false }),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
});

/**
 * One run of an opportunity's outreach waves: each round invites a wave, then asks to run again
 * when the next is due, until nobody eligible is left or the study stops recruiting.
 */
export const outreachWaves = declareJob({
  kind: 'invitations.outreach',
  payload: Type.Object(
    {
      opportunityId: Type.String({ minLength: 1 }),
      organizationId: Type.String({ minLength: 1 }),
      run: Type.Integer({ minimum: 1 }),
    },
    { additionalProperties: false },
  ),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});

/** One job per opportunity and run of its waves: a start made twice enqueues it once. */
export const outreachJobKey = (opportunityId: string, run: number) =>
  `invitations-outreach:${opportunityId}:${run}`;
