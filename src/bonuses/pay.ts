import { type AuditActor, recordAuditEvent } from '../audit/index.ts';
import { recordLedgerEntry } from '../finance/index.ts';
import { findOpportunity, lockOrganization } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError, PaymentRequiredError, ValidationError } from '../platform/errors.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import { newId } from '../platform/ids.ts';
import { computeFunding } from '../pricing/index.ts';
import { findOwnedSubmissions } from '../submissions/index.ts';
import type { BonusesTable, BonusRow } from './bonuses.table.ts';
import type { BonusEvent } from './events.ts';
import { type BonusTarget, bonusCharge, bonusSubmissionIds, checkBonusLines } from './rules.ts';
import { findBonusesPaidUnder, insertBonuses } from './store.ts';

export interface PayBonusesRequest {
  organizationId: string;
  opportunityId: string;
  /** The `bonuses` array as sent: every line is checked here, so one 400 lists every problem. */
  lines: readonly unknown[];
  /** Problems the schema found that the lines' own check does not repeat. */
  schemaIssues?: { message: string }[];
  feeBasisPoints: number;
  financeUrl: string;
  actor: AuditActor;
  now: Date;
  /**
   * The request's Idempotency-Key with its scope, when it carried one: bonuses paid under it in
   * the last 24 hours are the answer (requestKeyReplay).
   */
  requestKey?: string;
}

export interface PaidBonuses {
  bonuses: BonusRow[];
  totalCents: number;
  feeCents: number;
}

/**
 * How long a request's key names the bonuses it paid: the Idempotency-Key's own life
 * (docs/decisions/0045-idempotency-keys.md), after which the key may stand for a new request.
 */
const REQUEST_KEY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The answer of a request whose bonuses were already paid: the same bonuses and totals. */
function paidAgain(rows: readonly BonusRow[]): PaidBonuses {
  let totalCents = 0;
  let feeCents = 0;
  for (const row of rows) {
    totalCents += row.amount_cents;
    feeCents += row.fee_cents;
  }
  return { bonuses: [...rows], totalCents, feeCents };
}

/**
 * POST /v2/opportunities/{id}/bonuses (docs/decisions/0089-bonuses.md): every line checked first
 * (one ValidationError listing each bad line), then one transaction under the organization's lock:
 * the balance plus overdraft must cover the bonuses and their fee (a PaymentRequiredError
 * otherwise, nothing paid), and each bonus is charged and paid in its own ledger row, the fee on
 * one more, with a `bonus.paid` event per bonus and one audit event. All or none.
 */
export async function payBonuses(db: Db, request: PayBonusesRequest): Promise<PaidBonuses> {
  const opportunity = await findOpportunity(db, request.organizationId, request.opportunityId);
  if (!opportunity) throw new NotFoundError('Opportunity', request.opportunityId);
  const submissions = await findOwnedSubmissions(
    db,
    request.organizationId,
    bonusSubmissionIds(request.lines),
  );
  // A test participant's submission takes no money: to the rules it is not a submission.
  const targets = new Map<string, BonusTarget>(
    [...submissions.values()]
      .filter((row) => !row.test)
      .map((row) => [
        row.id,
        {
          opportunityId: row.opportunity_id,
          participantId: row.participant_id,
          startedAt: row.started_at,
        },
      ]),
  );
  const checked = checkBonusLines(request.lines, opportunity.id, targets);
  const issues = [...(request.schemaIssues ?? []), ...(checked.ok ? [] : checked.issues)];
  if (!checked.ok || issues.length > 0) {
    throw new ValidationError('The bonuses are invalid: nothing was paid', issues);
  }
  const charge = bonusCharge(checked.lines, request.feeBasisPoints);
  const total = charge.bonusesCents + charge.feeCents;

  return db.transaction().execute(async (trx) => {
    const organization = await lockOrganization(trx, request.organizationId);
    if (!organization) throw new NotFoundError('Opportunity', request.opportunityId);
    // Under the organization's lock, so a second run of the request waits for the first and then
    // finds what it paid.
    if (request.requestKey !== undefined) {
      const paid = await findBonusesPaidUnder(trx, {
        opportunityId: opportunity.id,
        requestKey: request.requestKey,
        since: new Date(request.now.getTime() - REQUEST_KEY_WINDOW_MS).toISOString(),
      });
      if (paid.length > 0) return paidAgain(paid);
    }
    const funding = computeFunding({
      balanceCents: Number(organization.balance_cents),
      overdraftLimitCents: Number(organization.overdraft_limit_cents),
      totalCostCents: total,
      financeUrl: request.financeUrl,
    });
    if (!funding.affordable) {
      throw new PaymentRequiredError(
        'The balance plus overdraft does not cover these bonuses; nothing was paid',
        request.financeUrl,
        [
          {
            message: `The bonuses cost ${total} cents (${charge.bonusesCents} to participants, ${charge.feeCents} fee); the balance is ${organization.balance_cents} cents and the overdraft limit ${organization.overdraft_limit_cents} cents, ${funding.shortfall_cents} cents short`,
          },
        ],
      );
    }
    const createdAt = request.now.toISOString();
    const rows: BonusesTable[] = checked.lines.map((line, index) => ({
      id: newId('bonus', request.now.getTime()),
      organization_id: request.organizationId,
      opportunity_id: opportunity.id,
      submission_id: line.submissionId,
      participant_id: line.participantId,
      amount_cents: line.amountCents,
      fee_cents: charge.fees[index]!,
      reason: line.reason,
      request_key: request.requestKey ?? null,
      created_at: createdAt,
    }));
    await insertBonuses(trx, rows);
    for (const row of rows) {
      await recordLedgerEntry(trx, {
        organizationId: request.organizationId,
        kind: 'bonus',
        amountCents: -row.amount_cents,
        opportunityId: opportunity.id,
        submissionId: row.submission_id,
        participantId: row.participant_id,
        participantAmountCents: row.amount_cents,
        memo: `Bonus ${row.id} for work on "${opportunity.title}"${row.reason ? `: ${row.reason}` : ''}`,
      });
      await writeEvent<BonusEvent>(trx, request.organizationId, {
        type: 'bonus.paid',
        data: {
          bonus_id: row.id,
          opportunity_id: row.opportunity_id,
          submission_id: row.submission_id,
          participant_id: row.participant_id,
          amount_cents: row.amount_cents,
          fee_cents: row.fee_cents,
          reason: row.reason,
        },
      });
    }
    if (charge.feeCents > 0) {
      await recordLedgerEntry(trx, {
        organizationId: request.organizationId,
        kind: 'bonus_fee',
        amountCents: -charge.feeCents,
        opportunityId: opportunity.id,
        memo: `Platform fee on ${rows.length} bonus${rows.length === 1 ? '' : 'es'} (${request.feeBasisPoints / 100}%)`,
      });
    }
    await recordAuditEvent(trx, {
      organizationId: request.organizationId,
      actor: request.actor,
      action: 'bonus.paid',
      subjectType: 'opportunity',
      subjectId: opportunity.id,
      details: {
        bonus_ids: rows.map((row) => row.id),
        count: rows.length,
        bonuses_cents: charge.bonusesCents,
        fee_cents: charge.feeCents,
      },
      now: request.now,
    });
    return { bonuses: rows, totalCents: charge.bonusesCents, feeCents: charge.feeCents };
  });
}
