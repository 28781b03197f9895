import { type AuditActor, recordAuditEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import {
  type PayFrequencyChange,
  type PayFrequencySetting,
  planPayFrequency,
} from './pay-frequency.ts';
import { lockOpportunity, opportunityOrganizationId } from './store.ts';

/**
 * `cohort opportunity pay ID --frequency ...`: an operator sets how an opportunity pays
 * (docs/decisions/0088-payout-runs.md), under the opportunity's lock, with an audit event in the
 * same transaction. A rate outside the limits is a ValidationError; a frequency change on a
 * launched opportunity a ConflictError.
 */
export async function setPayFrequency(
  db: Db,
  input: { opportunityId: string; change: PayFrequencyChange; actor: AuditActor; now?: Date },
): Promise<OpportunityRow> {
  const organizationId = await opportunityOrganizationId(db, input.opportunityId);
  if (!organizationId) throw new NotFoundError('Opportunity', input.opportunityId);
  return db.transaction().execute(async (trx) => {
    const row = await lockOpportunity(trx, organizationId, input.opportunityId);
    if (!row) throw new NotFoundError('Opportunity', input.opportunityId);
    const basis = parseBasis(row.pricing_basis);
    const setAside = basis.one_time_incentive_cents;
    const plan = planPayFrequency(
      {
        status: row.status as OpportunityStatus,
        payFrequency: row.pay_frequency as PayFrequencySetting,
        incentiveCents: Number(row.incentive_cents),
        platformFeeCents: Number(row.platform_fee_cents),
        numParticipants: row.num_participants,
        oneTimeIncentiveCents: typeof setAside === 'number' ? setAside : null,
      },
      input.change,
    );
    if (!plan.ok) {
      throw plan.refusal === 'conflict'
        ? new ConflictError(plan.message)
        : new ValidationError(plan.message);
    }
    const { one_time_incentive_cents, ...columns } = plan.to;
    const nextBasis = { ...basis };
    if (one_time_incentive_cents === null) delete nextBasis.one_time_incentive_cents;
    else nextBasis.one_time_incentive_cents = one_time_incentive_cents;
    const now = input.now ?? new Date();
    const updated = await trx
      .updateTable('opportunities')
      .set({ ...columns, pricing_basis: JSON.stringify(nextBasis), updated_at: now.toISOString() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, {
      organizationId,
      actor: input.actor,
      action: 'opportunity.pay_frequency.set',
      subjectType: 'opportunity',
      subjectId: row.id,
      details: {
        from: payTerms(row),
        to: payTerms(updated),
      },
      now,
    });
    return updated;
  });
}

function parseBasis(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function payTerms(row: OpportunityRow) {
  return {
    pay_frequency: row.pay_frequency,
    hourly_rate_cents: row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents),
    task_price_cents: row.task_price_cents === null ? null : Number(row.task_price_cents),
    cost_per_participant_cents: Number(row.cost_per_participant_cents),
    total_cost_cents: Number(row.total_cost_cents),
  };
}
