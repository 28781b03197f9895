import { Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The feasibility job kinds, apart from their handlers (pricing.job.ts), so the use cases that
 * queue them need not import what the handlers import.
 */

/** Prices one request automatically, or leaves it for an operator. */
export const feasibilityPricing = declareJob({
  kind: 'feasibility.price',
  payload: Type.Object(
    { feasibilityRequestId: Type.String({ minLength: 1 }) },
    { additionalProperties: false },
  ),
  maxAttempts: 10,
  backoffMs: exponentialBackoff,
});

/** One pricing job per request. */
export const pricingDedupeKey = (feasibilityRequestId: string) =>
  `feasibility-price:${feasibilityRequestId}`;
