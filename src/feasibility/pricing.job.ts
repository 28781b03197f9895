import { ApiError } from '../platform/http/errors.ts';
import { defineJob, exponentialBackoff } from '../platform/jobs/define.ts';
import { autoPriceFeasibility } from './auto-price.ts';
import type { FeasibilityStatus } from './feasibility-status.ts';
import {
  FEASIBILITY_PRICE_JOB,
  findFeasibilityRequestAnyOrganization,
  noteForOperator,
  respondToFeasibilityRequest,
} from './store.ts';

/**
 * Enqueued with every feasibility request. A brief inside AUTO_PRICING_BOUNDS is priced at once
 * (RESPONDED); anything else stays RECEIVED with the reason noted for the operator who prices it
 * with `cohort feasibility respond`.
 */
export const feasibilityPricingJob = defineJob<{ feasibilityRequestId: string }>({
  kind: FEASIBILITY_PRICE_JOB,
  maxAttempts: 10,
  backoffMs: exponentialBackoff,
  async handle(context, payload) {
    const { db } = context.database;
    const request = await findFeasibilityRequestAnyOrganization(db, payload.feasibilityRequestId);
    if (!request || (request.status as FeasibilityStatus) !== 'RECEIVED') return;
    const result = autoPriceFeasibility({
      taskDescription: request.task_description,
      panelDescription: request.panel_description,
      submissionCount: request.submission_count,
      timelineHours: request.timeline_hours,
      payRateFrequency: request.pay_rate_frequency,
      loiMinutes: request.loi_minutes,
    });
    if (result.kind === 'needs_operator') {
      await noteForOperator(db, request.id, `Outside automatic bounds: ${result.reason}`);
      context.log.info(
        { feasibilityRequestId: request.id },
        'feasibility request left for an operator',
      );
      return;
    }
    try {
      await respondToFeasibilityRequest(db, request.id, {
        cpiCents: result.cpiCents,
        feeCents: result.feeCents,
        by: 'automatic',
      });
    } catch (error) {
      // An operator priced or closed it first: nothing left to do.
      if (!(error instanceof ApiError && error.code === 'CONFLICT')) throw error;
    }
  },
});
