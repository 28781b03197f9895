import { feasibilityPricingJob } from './feasibility/pricing.job.ts';
import { opportunityExpiryJob } from './opportunities/expiry.job.ts';
import type { JobDefinition } from './platform/jobs/define.ts';
import { webhookDeliveryJob } from './webhooks/delivery.job.ts';
import { webhookFanOutJob } from './webhooks/fan-out.job.ts';

/**
 * Every job kind the worker runs. Each kind lives in its own file under jobs/definitions/ and is
 * listed here once.
 */
export const JOB_DEFINITIONS: readonly JobDefinition<never>[] = [
  feasibilityPricingJob,
  opportunityExpiryJob,
  webhookFanOutJob,
  webhookDeliveryJob,
];

export function jobDefinitionsByKind(
  definitions: readonly JobDefinition<never>[] = JOB_DEFINITIONS,
) {
  return new Map(definitions.map((definition) => [definition.kind, definition]));
}
