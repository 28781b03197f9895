import { audienceFoldJob } from './audience/fold.job.ts';
import { feasibilityPricingJob } from './feasibility/pricing.job.ts';
import { invitationDigestJob } from './invitations/digest.job.ts';
import { outreachWavesJob } from './invitations/outreach.job.ts';
import { sendMailJob } from './mail/send.job.ts';
import { bulkMessageJob } from './messages/bulk.job.ts';
import { opportunityExpiryJob } from './opportunities/expiry.job.ts';
import { weeklyPayoutRunsJob } from './payout-runs/weekly.job.ts';
import type { JobDefinition } from './platform/jobs/define.ts';
import { noShowRecountJob, sessionReminderJob, studyClosedSeatsJob } from './sessions/index.ts';
import { submissionAutoApprovalJob } from './submissions/auto-approve.job.ts';
import { forgetNetworkFingerprintsJob } from './submissions/forget-networks.job.ts';
import { submissionTimeOutJob } from './submissions/time-out.job.ts';
import { webhookDeliveryJob } from './webhooks/delivery.job.ts';
import { webhookFanOutJob } from './webhooks/fan-out.job.ts';
import './subscriptions.ts';

/**
 * Every job kind the worker runs, listed once. Each feature declares its kinds (name, payload
 * schema, retry policy) in `<feature>/jobs.ts` and defines each handler in a `*.job.ts` beside it.
 */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  audienceFoldJob,
  feasibilityPricingJob,
  opportunityExpiryJob,
  webhookFanOutJob,
  webhookDeliveryJob,
  sendMailJob,
  submissionTimeOutJob,
  submissionAutoApprovalJob,
  forgetNetworkFingerprintsJob,
  weeklyPayoutRunsJob,
  bulkMessageJob,
  invitationDigestJob,
  outreachWavesJob,
  sessionReminderJob,
  noShowRecountJob,
  studyClosedSeatsJob,
];
