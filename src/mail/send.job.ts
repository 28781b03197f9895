import { defineJob } from '../platform/jobs/define.ts';
import { sendMail } from './jobs.ts';
import { sendQueuedMail } from './send.ts';

/**
 * One attempt to settle one queued mail. The SMTP transport is the mail feature's own, made once
 * per process from `context.config` (smtp-sender.ts), as the webhook sender is the webhooks
 * feature's: the job context stays the platform's.
 */
export const sendMailJob = defineJob({
  ...sendMail,
  async handle(context, payload) {
    return sendQueuedMail(context.database.db, payload.mail_id, {
      settings: context.config,
      now: context.now,
      log: context.log,
    });
  },
});
