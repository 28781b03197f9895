import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { FeasibilityStatus } from '../feasibility/index.ts';
import { findFeasibilityRequest } from '../feasibility/index.ts';
import { referencedGroupIds, referencedOpportunityIds, validateFilters } from '../filters/index.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, ConflictError, type Issue } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { findProject } from '../projects/index.ts';
import {
  type CrossQuotaInput,
  normalizeScreener,
  type QuotaInput,
  type ScreeningQuestionInput,
} from '../screening/index.ts';
import { assignCompletionCodes } from './completion-codes.ts';
import { endingAt } from './deadline.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import { type Outreach, outreachIssues, storedOutreach } from './outreach.ts';
import { type DraftPrice, estimateDraftPrice, feasibilityDraftPrice } from './price.ts';
import { insertOpportunity, ownOpportunityIds } from './store.ts';
import { normalizeTasks, type TaskInput } from './tasks.ts';
import { AUTO_APPROVE_AFTER_DAYS, defaultMaxMinutesPerSubmission } from './time-limits.ts';
import {
  checkTranslations,
  DEFAULT_STUDY_LANGUAGE,
  type TranslationsInput,
} from './translations.ts';

/** The create body (docs/api/opportunities.md), as the route schema typed it. */
export interface OpportunityInput {
  title: string;
  internal_title?: string | null;
  description?: string | null;
  project_id: string;
  num_participants: number;
  estimated_duration_minutes?: number;
  expected_days_to_complete?: number;
  business_type?: string | null;
  candidate_profile?: string | null;
  feasibility_request_id?: string | null;
  filters?: unknown[];
  screening_questions?: ScreeningQuestionInput[];
  quotas?: QuotaInput[];
  cross_quotas?: CrossQuotaInput[];
  tasks: TaskInput[];
  device_types?: string[];
  required_accounts?: string[];
  video_required?: string;
  screen_share_required?: string;
  customer_screening_review?: string;
  pay_frequency?: string;
  screening_option_randomization?: string;
  forwarding_email_enabled?: string;
  max_responses_per_expert?: number | null;
  max_minutes_per_submission?: number;
  auto_approve_after_days?: number | null;
  /** en, de, fr or es; default en. */
  language?: string;
  translations?: TranslationsInput;
  /** Invitations sent at launch and in waves after (outreach.ts); null or absent: none. */
  outreach?: Outreach | null;
  /** Paid to a reserve sent home from a lab session; 0 when absent. */
  show_up_fee_cents?: number;
}

/** Contract 2.2 read-back defaults. */
export const OPPORTUNITY_DEFAULTS = {
  device_types: ['desktop', 'mobile_ios', 'mobile_android', 'other'],
  required_accounts: [] as string[],
  video_required: 'none',
  screen_share_required: 'none',
  customer_screening_review: 'auto_invite',
  pay_frequency: 'one_time',
  screening_option_randomization: 'disabled',
  forwarding_email_enabled: 'disabled',
  /** The standard window of the estimate: no urgency premium. */
  expected_days_to_complete: 7,
} as const;

export interface CreateOpportunityRequest {
  organization: { id: string; platform_fee_cents: number };
  input: OpportunityInput;
  /** Problems the route's schema found; listed in the same ValidationError as every other problem. */
  schemaIssues?: Issue[];
  /** Top-level fields the schema found malformed: their deeper checks are skipped. */
  malformed?: ReadonlySet<string>;
  now?: Date;
  /** Who creates it, for the audit log (a quote records nothing). */
  actor?: AuditActor;
  /**
   * Which of these ids name the organization's participant groups, for the group filters: the
   * participant-groups feature's look-up, handed in because it stands above this one.
   */
  ownGroupIds: OwnGroupIds;
}

export type OwnGroupIds = (
  db: Db,
  organizationId: string,
  ids: readonly string[],
) => Promise<ReadonlySet<string>>;

/** Every check of a new draft and its price, done once for creating and for quoting it. */
async function checkedDraft(db: Db, request: CreateOpportunityRequest) {
  const { organization, input } = request;
  const malformed = request.malformed ?? new Set<string>();
  const ok = (field: keyof OpportunityInput) => !malformed.has(field);
  const issues: Issue[] = [...(request.schemaIssues ?? [])];

  const feasibilityId =
    ok('feasibility_request_id') && typeof input.feasibility_request_id === 'string'
      ? input.feasibility_request_id
      : undefined;
  const references = ok('filters') ? referencedOpportunityIds(input.filters ?? []) : [];
  const groupReferences = ok('filters') ? referencedGroupIds(input.filters ?? []) : [];
  const [project, feasibility, ownIds, groupIds] = await Promise.all([
    ok('project_id') && typeof input.project_id === 'string'
      ? findProject(db, organization.id, input.project_id)
      : undefined,
    feasibilityId ? findFeasibilityRequest(db, organization.id, feasibilityId) : undefined,
    ownOpportunityIds(db, organization.id, references),
    request.ownGroupIds(db, organization.id, groupReferences),
  ]);

  if (ok('title') && typeof input.title === 'string' && input.title.trim() === '') {
    issues.push({ message: 'title: must not be blank' });
  }
  if (ok('project_id') && typeof input.project_id === 'string' && !project) {
    issues.push({
      message: `project_id: no project with id ${input.project_id} in this organization (create one with POST /projects)`,
    });
  }
  if (feasibilityId && !feasibility) {
    issues.push({
      message: `feasibility_request_id: no feasibility request with id ${feasibilityId} in this organization`,
    });
  }
  if (ok('filters')) {
    issues.push(
      ...validateFilters(input.filters ?? [], {
        knownOpportunityIds: ownIds,
        knownGroupIds: groupIds,
      }),
    );
  }
  const screenerWellFormed =
    ok('screening_questions') && ok('quotas') && ok('cross_quotas') && ok('num_participants');
  const screener = screenerWellFormed
    ? normalizeScreener({
        questions: input.screening_questions ?? [],
        quotas: input.quotas ?? [],
        crossQuotas: input.cross_quotas ?? [],
        numParticipants: input.num_participants,
      })
    : undefined;
  if (screener) issues.push(...screener.issues);
  const tasks = ok('tasks') && Array.isArray(input.tasks) ? normalizeTasks(input.tasks) : undefined;
  if (tasks) issues.push(...tasks.issues);
  // Checked against the screener and tasks as stored, once those are well formed themselves.
  const translations =
    screener && tasks && ok('translations') && ok('language')
      ? checkTranslations(
          {
            language: input.language ?? DEFAULT_STUDY_LANGUAGE,
            questions: screener.value.questions,
            tasks: tasks.value,
          },
          input.translations ?? {},
        )
      : undefined;
  if (translations) issues.push(...translations.issues);
  if (ok('outreach') && input.outreach !== undefined)
    issues.push(...outreachIssues(input.outreach));
  assertNoIssues(issues);
  if (!screener || !tasks || !translations) {
    throw new Error('validated input lacks a screener, tasks or translations');
  }

  if (feasibility && feasibility.status !== 'RESPONDED') {
    throw new ConflictError(
      `Feasibility request ${feasibility.id} is ${feasibility.status}; it must be RESPONDED to price a draft`,
      [
        {
          message:
            (feasibility.status as FeasibilityStatus) === 'RECEIVED'
              ? 'It is not priced yet: poll GET /v2/feasibility/requests/{id} until status is RESPONDED, then create again'
              : 'It is closed: create without feasibility_request_id for an automatic estimate, or ask for a new price',
        },
      ],
    );
  }

  const now = request.now ?? new Date();
  const durationMinutes =
    input.estimated_duration_minutes ??
    tasks.value.reduce((sum, task) => sum + task.duration_minutes, 0);
  const windowDays =
    input.expected_days_to_complete ?? OPPORTUNITY_DEFAULTS.expected_days_to_complete;
  const filters = input.filters ?? [];
  const price = feasibility
    ? feasibilityDraftPrice({
        feasibilityRequestId: feasibility.id,
        cpiCents: feasibility.cpi_cents!,
        feeCents: feasibility.fee_cents!,
        numParticipants: input.num_participants,
      })
    : estimateDraftPrice({
        filters,
        questions: screener.value.questions,
        numParticipants: input.num_participants,
        durationMinutes,
        recruitmentWindowDays: windowDays,
        b2b: input.business_type === 'b2b',
        platformFeeCents: organization.platform_fee_cents,
      });

  return {
    input,
    organization,
    screener,
    tasks,
    translations: translations.value,
    feasibility,
    filters,
    price,
    durationMinutes,
    windowDays,
    now,
  };
}

/**
 * The price a draft would have, with every check of a create and no draft written: the builder's
 * live estimate, exactly what saving would charge at launch.
 */
export async function priceDraft(db: Db, request: CreateOpportunityRequest): Promise<DraftPrice> {
  return (await checkedDraft(db, request)).price;
}

/**
 * Creates a priced draft (docs/pricing.md, "What a customer is charged"). Every problem in the
 * body, structural or not, comes back in one ValidationError; a feasibility request that is not
 * RESPONDED is a ConflictError, since polling it until it is makes the same body valid.
 */
export async function createOpportunity(
  db: Db,
  request: CreateOpportunityRequest,
): Promise<OpportunityRow> {
  const {
    input,
    organization,
    screener,
    tasks,
    translations,
    feasibility,
    filters,
    price,
    durationMinutes,
    windowDays,
    now,
  } = await checkedDraft(db, request);
  const timestamp = now.toISOString();
  const row = {
    id: newId('opportunity'),
    organization_id: organization.id,
    project_id: input.project_id,
    status: 'draft',
    title: input.title,
    internal_title: input.internal_title ?? null,
    description: input.description ?? null,
    num_participants: input.num_participants,
    estimated_duration_minutes: durationMinutes,
    business_type: input.business_type ?? null,
    candidate_profile: input.candidate_profile ?? null,
    device_types: JSON.stringify(input.device_types ?? OPPORTUNITY_DEFAULTS.device_types),
    required_accounts: JSON.stringify(
      input.required_accounts ?? OPPORTUNITY_DEFAULTS.required_accounts,
    ),
    video_required: input.video_required ?? OPPORTUNITY_DEFAULTS.video_required,
    screen_share_required:
      input.screen_share_required ?? OPPORTUNITY_DEFAULTS.screen_share_required,
    customer_screening_review:
      input.customer_screening_review ?? OPPORTUNITY_DEFAULTS.customer_screening_review,
    pay_frequency: OPPORTUNITY_DEFAULTS.pay_frequency,
    screening_option_randomization:
      input.screening_option_randomization ?? OPPORTUNITY_DEFAULTS.screening_option_randomization,
    forwarding_email_enabled:
      input.forwarding_email_enabled ?? OPPORTUNITY_DEFAULTS.forwarding_email_enabled,
    max_responses_per_expert: input.max_responses_per_expert ?? null,
    feasibility_request_id: feasibility?.id ?? null,
    filters: JSON.stringify(filters),
    screening_questions: JSON.stringify(screener.value.questions),
    quotas: JSON.stringify(screener.value.quotas),
    cross_quotas: JSON.stringify(screener.value.crossQuotas),
    tasks: JSON.stringify(assignCompletionCodes(tasks.value)),
    incentive_cents: price.incentiveCents,
    platform_fee_cents: price.platformFeeCents,
    cost_per_participant_cents: price.pricing.cost_per_participant_cents,
    total_cost_cents: price.pricing.total_cost_cents,
    pricing_basis: JSON.stringify(price.basis),
    expected_days_to_complete: windowDays,
    ending_at: endingAt(now, windowDays),
    launched_at: null,
    stopped_at: null,
    stop_reason: null,
    // Stored as in force, the default included (docs/decisions/0084-time-limits.md).
    max_minutes_per_submission:
      input.max_minutes_per_submission ?? defaultMaxMinutesPerSubmission(tasks.value),
    auto_approve_after_days:
      input.auto_approve_after_days === undefined
        ? AUTO_APPROVE_AFTER_DAYS.default
        : input.auto_approve_after_days,
    language: input.language ?? DEFAULT_STUDY_LANGUAGE,
    translations: JSON.stringify(translations),
    outreach: storedOutreach(input.outreach ?? null),
    show_up_fee_cents: input.show_up_fee_cents ?? 0,
    deleted_at: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
  return db.transaction().execute(async (trx) => {
    const draft = await insertOpportunity(trx, row);
    await recordActorEvent(trx, request.actor, {
      organizationId: organization.id,
      action: 'opportunity.created',
      subjectType: 'opportunity',
      subjectId: draft.id,
      details: { title: draft.title, total_cost_cents: draft.total_cost_cents },
      now,
    });
    return draft;
  });
}
