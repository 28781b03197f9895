import { defineJob } from '../platform/jobs/define.ts';
import { autoPriceFeasibility } from './auto-price.ts';
import type { FeasibilityStatus } from './feasibility-status.ts';
import { feasibilityPricing } from './jobs.ts';
import { tryRespondToFeasibilityRequest } from './respond.ts';
import { findFeasibilityRequestAnyOrganization, noteForOperator } from './store.ts';

/**
 * Enqueued with every feasibility request. A brief inside AUTO_PRICING_BOUNDS is priced at once
 * (RESPONDED); anything else stays RECEIVED with the reason noted for the operator who prices it
 * with `cohort feasibility respond`.
 */
export const feasibilityPricingJob = defineJob({
  ...feasibilityPricing,
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
    // Not applied means an operator priced or closed it first: nothing left to do.
    await tryRespondToFeasibilityRequest(db, request.id, {
      cpiCents: result.cpiCents,
      feeCents: result.feeCents,
      by: 'automatic',
    });
  },
});
