import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, ConflictError, type Issue, NotFoundError } from '../platform/errors.ts';
import {
  type CrossQuotaInput,
  normalizeScreener,
  type QuotaInput,
  type ScreeningQuestionInput,
} from '../screening/index.ts';
import { endingAt } from './deadline.ts';
import { outreachChanged } from './events.ts';
import type { OpportunityRow, OpportunityUpdate } from './opportunities.table.ts';
import { opportunityParts } from './opportunity-parts.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { type Outreach, outreachIssues, storedOutreach } from './outreach.ts';
import {
  findOpportunity,
  lockOpportunity,
  softDeleteOpportunity,
  updateDraft,
  updateLaunchedOutreach,
} from './store.ts';
import { defaultMaxMinutesPerSubmission } from './time-limits.ts';
import { planDelete, planEdit } from './transitions.ts';
import { checkTranslations, type TranslationsInput, translationsOf } from './translations.ts';

/**
 * What PATCH may change (docs/api/opportunities.md): the brief, the screener's shape, the window,
 * the time limits.
 */
export interface OpportunityPatch {
  title?: string;
  internal_title?: string | null;
  description?: string | null;
  screening_questions?: ScreeningQuestionInput[];
  quotas?: QuotaInput[];
  cross_quotas?: CrossQuotaInput[];
  expected_days_to_complete?: number;
  /** Null goes back to the default from the tasks. */
  max_minutes_per_submission?: number | null;
  /** Null: never approved automatically. */
  auto_approve_after_days?: number | null;
  /** en, de, fr or es. */
  language?: string;
  /** Every translation, replacing those stored ({} removes them all). */
  translations?: TranslationsInput;
  /** The outreach plan (outreach.ts); null clears it. The one field a launched study takes. */
  outreach?: Outreach | null;
  /** Paid to a reserve sent home from a lab session (docs/decisions/0178-lab-sessions.md). */
  show_up_fee_cents?: number;
}

/** Launched statuses whose outreach plan may still change: those that may recruit again. */
const OUTREACH_EDITABLE: readonly OpportunityStatus[] = ['active', 'paused', 'fulfilled'];

/** A patch that changes nothing but the outreach plan. */
function onlyOutreach(patch: OpportunityPatch): boolean {
  return (
    patch.outreach !== undefined &&
    Object.entries(patch).every(([field, value]) => field === 'outreach' || value === undefined)
  );
}

async function liveOpportunity(db: Db, organizationId: string, id: string) {
  const row = await findOpportunity(db, organizationId, id);
  if (!row) throw new NotFoundError('Opportunity', id);
  return row;
}

/**
 * Edits a draft (a ConflictError once launched, except for a patch of the outreach plan alone on
 * a study that may still recruit). The price stays what create fixed: a new
 * recruitment window moves ending_at without re-pricing
 * (docs/decisions/0065-opportunity-create-and-read-shapes.md), and so does a new screener. Quotas
 * and cross quotas are checked against the screener they will live with, whichever of them changed.
 */
export async function editDraft(
  db: Db,
  request: {
    organizationId: string;
    opportunityId: string;
    patch: OpportunityPatch;
    now?: Date;
    actor?: AuditActor;
  },
): Promise<OpportunityRow> {
  const { organizationId, opportunityId, patch } = request;
  const current = await liveOpportunity(db, organizationId, opportunityId);
  if (
    current.status !== 'draft' &&
    onlyOutreach(patch) &&
    OUTREACH_EDITABLE.includes(current.status as OpportunityStatus)
  ) {
    return editLaunchedOutreach(db, { ...request, outreach: patch.outreach! });
  }
  const plan = planEdit({ status: current.status as OpportunityStatus });
  if (!plan.ok) throw new ConflictError(plan.message);

  const issues: Issue[] = [];
  const changes: OpportunityUpdate = {};
  let questions = opportunityParts(current).questions;
  if (patch.title !== undefined) {
    if (patch.title.trim() === '') issues.push({ message: 'title: must not be blank' });
    changes.title = patch.title;
  }
  if (patch.internal_title !== undefined) changes.internal_title = patch.internal_title;
  if (patch.description !== undefined) changes.description = patch.description;
  if (
    patch.screening_questions !== undefined ||
    patch.quotas !== undefined ||
    patch.cross_quotas !== undefined
  ) {
    const screener = normalizeScreener({
      questions: patch.screening_questions ?? JSON.parse(current.screening_questions),
      quotas: patch.quotas ?? JSON.parse(current.quotas),
      crossQuotas: patch.cross_quotas ?? JSON.parse(current.cross_quotas),
      numParticipants: current.num_participants,
    });
    issues.push(...screener.issues);
    questions = screener.value.questions;
    changes.screening_questions = JSON.stringify(screener.value.questions);
    changes.quotas = JSON.stringify(screener.value.quotas);
    changes.cross_quotas = JSON.stringify(screener.value.crossQuotas);
  }
  // Translations are checked whenever what they translate may have changed, against the study as
  // it will be: a new screener or language must come with translations that still fit it.
  if (
    patch.translations !== undefined ||
    patch.language !== undefined ||
    patch.screening_questions !== undefined
  ) {
    const language = patch.language ?? current.language;
    const translations = checkTranslations(
      { language, questions, tasks: opportunityParts(current).tasks },
      patch.translations ?? translationsOf(current),
    );
    issues.push(...translations.issues);
    if (patch.language !== undefined) changes.language = language;
    if (patch.translations !== undefined) {
      changes.translations = JSON.stringify(translations.value);
    }
  }
  if (patch.max_minutes_per_submission !== undefined) {
    changes.max_minutes_per_submission =
      patch.max_minutes_per_submission ??
      defaultMaxMinutesPerSubmission(opportunityParts(current).tasks);
  }
  if (patch.auto_approve_after_days !== undefined) {
    changes.auto_approve_after_days = patch.auto_approve_after_days;
  }
  if (patch.show_up_fee_cents !== undefined) changes.show_up_fee_cents = patch.show_up_fee_cents;
  if (patch.outreach !== undefined) {
    issues.push(...outreachIssues(patch.outreach));
    changes.outreach = storedOutreach(patch.outreach);
  }
  if (patch.expected_days_to_complete !== undefined) {
    changes.expected_days_to_complete = patch.expected_days_to_complete;
    changes.ending_at = endingAt(request.now ?? new Date(), patch.expected_days_to_complete);
  }
  assertNoIssues(issues);

  const updated = await db.transaction().execute(async (trx) => {
    const row = await updateDraft(trx, organizationId, opportunityId, changes);
    if (row) {
      await recordActorEvent(trx, request.actor, {
        organizationId,
        action: 'opportunity.edited',
        subjectType: 'opportunity',
        subjectId: opportunityId,
        details: { fields: Object.keys(patch).sort() },
        now: request.now,
      });
    }
    return row;
  });
  if (updated) return updated;
  // It was a draft a moment ago: it has been launched or deleted since.
  const now = await liveOpportunity(db, organizationId, opportunityId);
  const again = planEdit({ status: now.status as OpportunityStatus });
  throw new ConflictError(
    again.ok ? `Opportunity ${opportunityId} changed meanwhile` : again.message,
  );
}

/**
 * Sets or clears the outreach plan of a launched study that may still recruit, under its lock; the
 * invitations feature hears of it (outreachChanged) and starts the waves if none run
 * (docs/decisions/0166-outreach-and-digests.md).
 */
async function editLaunchedOutreach(
  db: Db,
  request: {
    organizationId: string;
    opportunityId: string;
    outreach: Outreach | null;
    now?: Date;
    actor?: AuditActor;
  },
): Promise<OpportunityRow> {
  const { organizationId, opportunityId } = request;
  assertNoIssues(outreachIssues(request.outreach));
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const locked = await lockOpportunity(trx, organizationId, opportunityId);
    if (!locked) throw new NotFoundError('Opportunity', opportunityId);
    const row = await updateLaunchedOutreach(
      trx,
      organizationId,
      opportunityId,
      storedOutreach(request.outreach),
      OUTREACH_EDITABLE,
    );
    if (!row) {
      throw new ConflictError(
        `Opportunity ${opportunityId} is ${locked.status}; its outreach can change only while it may recruit`,
      );
    }
    await recordActorEvent(trx, request.actor, {
      organizationId,
      action: 'opportunity.edited',
      subjectType: 'opportunity',
      subjectId: opportunityId,
      details: { fields: ['outreach'] },
      now,
    });
    await outreachChanged.publish(trx, { opportunityId, organizationId, now });
    return row;
  });
}

/** Soft-deletes a draft, never charged; a ConflictError once launched (docs/api/opportunities.md). */
export async function deleteDraft(
  db: Db,
  request: { organizationId: string; opportunityId: string; actor?: AuditActor },
): Promise<OpportunityRow> {
  const { organizationId, opportunityId } = request;
  const current = await liveOpportunity(db, organizationId, opportunityId);
  const plan = planDelete({ status: current.status as OpportunityStatus });
  if (!plan.ok) throw new ConflictError(plan.message);
  const deleted = await db.transaction().execute(async (trx) => {
    if (!(await softDeleteOpportunity(trx, organizationId, opportunityId, current.status))) {
      return false;
    }
    await recordActorEvent(trx, request.actor, {
      organizationId,
      action: 'opportunity.deleted',
      subjectType: 'opportunity',
      subjectId: opportunityId,
      details: { title: current.title },
    });
    return true;
  });
  if (deleted) return current;
  const now = await liveOpportunity(db, organizationId, opportunityId);
  const again = planDelete({ status: now.status as OpportunityStatus });
  throw new ConflictError(
    again.ok ? `Opportunity ${opportunityId} changed meanwhile` : again.message,
  );
}
