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
import type { OpportunityRow, OpportunityUpdate } from './opportunities.table.ts';
import { opportunityParts } from './opportunity-parts.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { findOpportunity, softDeleteOpportunity, updateDraft } from './store.ts';
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
}

async function liveOpportunity(db: Db, organizationId: string, id: string) {
  const row = await findOpportunity(db, organizationId, id);
  if (!row) throw new NotFoundError('Opportunity', id);
  return row;
}

/**
 * Edits a draft (a ConflictError once launched). The price stays what create fixed: a new
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
