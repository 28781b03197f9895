import { type AuditActor, recordAuditEvent } from '../audit/index.ts';
import { recordLedgerEntry } from '../finance/index.ts';
import {
  isLaunched,
  lockOpportunity,
  lockOrganization,
  type OpportunityRow,
  type OpportunityStatus,
} from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import {
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  ValidationError,
} from '../platform/errors.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import { newId } from '../platform/ids.ts';
import { computeFunding } from '../pricing/index.ts';
import { computeHourlyRun, computePerTaskRun, type PayoutComputation } from './compute.ts';
import type { PayoutRunEvent } from './events.ts';
import type {
  PaidFrequency,
  PayoutRunLineRow,
  PayoutRunRow,
  PayoutRunTrigger,
} from './payout-runs.table.ts';
import {
  addPaidCents,
  insertPayoutRun,
  submissionPayStates,
  unpaidApprovedTasks,
  unpaidTimeEntries,
} from './store.ts';

export interface PayoutRunRequest {
  organizationId: string;
  opportunityId: string;
  /** ISO 8601; work up to it is paid. Defaults to `now`. */
  until?: string;
  now: Date;
  financeUrl: string;
  actor: AuditActor;
  trigger: PayoutRunTrigger;
  /** The weekly schedule records no run when there is nothing to pay. */
  skipEmpty?: boolean;
}

export interface PayoutRunResult {
  run: PayoutRunRow;
  lines: PayoutRunLineRow[];
}

/** The rate an opportunity pays at, or the reason it has no payout runs. */
function payTerms(opportunity: OpportunityRow): { frequency: PaidFrequency; rateCents: number } {
  const status = opportunity.status as OpportunityStatus;
  if (opportunity.pay_frequency === 'one_time') {
    throw new ConflictError(
      'This opportunity pays once, on final approval: it has no payout runs',
      [
        {
          message:
            'Payout runs pay hourly and per-task opportunities; an operator sets the pay frequency (cohort opportunity pay)',
        },
      ],
    );
  }
  if (!isLaunched(status)) {
    throw new ConflictError(`The opportunity is ${status}: nothing can have been worked on yet`);
  }
  const frequency = opportunity.pay_frequency as PaidFrequency;
  const rate =
    frequency === 'hourly' ? opportunity.hourly_rate_cents : opportunity.task_price_cents;
  if (rate === null || Number(rate) <= 0) {
    throw new ConflictError(`No ${frequency === 'hourly' ? 'hourly rate' : 'task price'} is set`, [
      { message: 'An operator sets it with cohort opportunity pay' },
    ]);
  }
  return { frequency, rateCents: Number(rate) };
}

/** Until must be a real instant no later than now; answered as the stored text. */
function untilOf(until: string | undefined, now: Date): string {
  if (until === undefined) return now.toISOString();
  const ms = Date.parse(until);
  if (Number.isNaN(ms)) throw new ValidationError('until: must be an ISO 8601 date-time');
  if (ms > now.getTime()) {
    throw new ValidationError('until: must not be in the future', [
      {
        message: `until: ${until} is in the future (the server's clock reads ${now.toISOString()})`,
      },
    ]);
  }
  return new Date(ms).toISOString();
}

async function compute(
  trx: Db,
  opportunity: OpportunityRow,
  terms: { frequency: PaidFrequency; rateCents: number },
  until: string,
): Promise<PayoutComputation> {
  if (terms.frequency === 'per_task') {
    return computePerTaskRun({
      tasks: await unpaidApprovedTasks(trx, opportunity.id),
      priceCents: terms.rateCents,
      until,
    });
  }
  const entries = await unpaidTimeEntries(trx, opportunity.id, until);
  return computeHourlyRun({
    entries,
    submissions: await submissionPayStates(
      trx,
      entries.map((entry) => entry.submissionId),
    ),
    rateCents: terms.rateCents,
    until,
  });
}

/**
 * POST /v2/opportunities/{id}/payout-runs and the weekly schedule
 * (docs/decisions/0088-payout-runs.md): in one transaction under the opportunity's lock (then the
 * organization's, as launch takes them), the unpaid approved work up to `until` is priced, the
 * balance plus overdraft must cover it (a PaymentRequiredError otherwise, nothing paid), and each
 * line is charged and paid in the ledger, its units recorded as paid. Two runs of one opportunity
 * wait for each other, so the second finds the first one's units paid; the units' primary key holds
 * even if that wait failed.
 */
export async function runPayout(
  db: Db,
  request: PayoutRunRequest,
): Promise<PayoutRunResult | undefined> {
  const until = untilOf(request.until, request.now);
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, request.organizationId, request.opportunityId);
    if (!opportunity) throw new NotFoundError('Opportunity', request.opportunityId);
    const terms = payTerms(opportunity);
    const computed = await compute(trx, opportunity, terms, until);
    if (computed.lines.length === 0 && request.skipEmpty) return undefined;

    const organization = await lockOrganization(trx, request.organizationId);
    if (!organization) throw new NotFoundError('Opportunity', request.opportunityId);
    const funding = computeFunding({
      balanceCents: Number(organization.balance_cents),
      overdraftLimitCents: Number(organization.overdraft_limit_cents),
      totalCostCents: computed.totalCents,
      financeUrl: request.financeUrl,
    });
    if (!funding.affordable) {
      throw new PaymentRequiredError(
        'The balance plus overdraft does not cover this payout run; add credit and run it again',
        request.financeUrl,
        [
          {
            message: `The run pays ${computed.totalCents} cents; the balance is ${organization.balance_cents} cents and the overdraft limit ${organization.overdraft_limit_cents} cents, ${funding.shortfall_cents} cents short`,
          },
        ],
      );
    }

    const createdAt = request.now.toISOString();
    const run: PayoutRunRow = {
      id: newId('payoutRun', request.now.getTime()),
      organization_id: request.organizationId,
      opportunity_id: opportunity.id,
      pay_frequency: terms.frequency,
      rate_cents: terms.rateCents,
      until,
      total_cents: computed.totalCents,
      line_count: computed.lines.length,
      trigger: request.trigger,
      created_at: createdAt,
    };
    const lines: PayoutRunLineRow[] = computed.lines.map((line) => ({
      run_id: run.id,
      submission_id: line.submissionId,
      participant_id: line.participantId,
      seconds: line.seconds,
      tasks: line.tasks,
      amount_cents: line.amountCents,
    }));
    await insertPayoutRun(
      trx,
      run,
      lines,
      computed.lines.flatMap((line) =>
        line.itemKeys.map((key) => ({ item_key: key, submission_id: line.submissionId })),
      ),
    );
    for (const line of computed.lines) {
      if (line.amountCents === 0) continue;
      const work =
        line.seconds !== null
          ? `${line.seconds} s at ${terms.rateCents} cents an hour`
          : `${line.tasks} task${line.tasks === 1 ? '' : 's'} at ${terms.rateCents} cents`;
      await recordLedgerEntry(trx, {
        organizationId: request.organizationId,
        kind: 'payout_run',
        amountCents: -line.amountCents,
        opportunityId: opportunity.id,
        submissionId: line.submissionId,
        participantId: line.participantId,
        participantAmountCents: line.amountCents,
        memo: `Payout run ${run.id} on "${opportunity.title}": ${work}`,
      });
      await addPaidCents(trx, line.submissionId, line.amountCents);
    }
    await writeEvent<PayoutRunEvent>(trx, request.organizationId, {
      type: 'payout_run.completed',
      data: {
        payout_run_id: run.id,
        opportunity_id: opportunity.id,
        pay_frequency: terms.frequency,
        until,
        total_cents: run.total_cents,
        line_count: run.line_count,
      },
    });
    await recordAuditEvent(trx, {
      organizationId: request.organizationId,
      actor: request.actor,
      action: 'payout_run.paid',
      subjectType: 'payout_run',
      subjectId: run.id,
      details: {
        opportunity_id: opportunity.id,
        pay_frequency: terms.frequency,
        rate_cents: terms.rateCents,
        until,
        total_cents: run.total_cents,
        line_count: run.line_count,
        trigger: request.trigger,
      },
      now: request.now,
    });
    return { run, lines };
  });
}
