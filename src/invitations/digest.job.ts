import { defineJob } from '../platform/jobs/define.ts';
import { sendDueDigests } from './digest.ts';
import { invitationDigests } from './jobs.ts';

/** How long the digest job waits between rounds: a digest goes out within a minute of 09:00. */
export const DIGEST_ROUND_EVERY_MS = 60_000;

/** Each round writes the digests that are due (digest.ts), then waits a minute. */
export const invitationDigestJob = defineJob({
  ...invitationDigests,
  async handle(context) {
    const written = await sendDueDigests(context.database.db, {
      now: context.now(),
      publicUrl: context.config.publicUrl,
    });
    if (written > 0) context.log.info({ digests: written }, 'invitation digests written');
    return { runAgainInMs: DIGEST_ROUND_EVERY_MS, idle: written === 0 };
  },
});
