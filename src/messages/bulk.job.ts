import { isDomainError } from '../platform/errors.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { bulkMessage } from './jobs.ts';
import { sendMessageToParticipant } from './send.ts';
import { batchRecipientsDone } from './store.ts';

/**
 * One part of a bulk send, in one transaction: a message (and its mail) per recipient, skipping any
 * that already hold this batch's message, so a job run again after its worker died writes none
 * twice. A recipient who can no longer be written to (the submission is gone) is skipped.
 */
export const bulkMessageJob = defineJob({
  ...bulkMessage,
  async handle(context, payload) {
    let skipped = 0;
    await context.database.db.transaction().execute(async (trx) => {
      const done = await batchRecipientsDone(trx, payload.batchId, payload.submissionIds);
      for (const submissionId of payload.submissionIds) {
        if (done.has(submissionId)) continue;
        try {
          await sendMessageToParticipant(trx, {
            organizationId: payload.organizationId,
            submissionId,
            body: payload.body,
            publicUrl: context.config.publicUrl,
            batchId: payload.batchId,
            now: context.now(),
          });
        } catch (error) {
          if (!isDomainError(error)) throw error;
          skipped += 1;
        }
      }
    });
    if (skipped > 0) {
      context.log.warn({ batchId: payload.batchId, skipped }, 'bulk message recipients skipped');
    }
  },
});
