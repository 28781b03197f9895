import type { JobDefinition } from './define.ts';
import { feasibilityPricingJob } from './definitions/feasibility-pricing.ts';
import { opportunityExpiryJob } from './definitions/opportunity-expiry.ts';
import { webhookDeliveryJob } from './definitions/webhook-delivery.ts';
import { webhookFanOutJob } from './definitions/webhook-fan-out.ts';

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
