import {
  countTakenPlaces,
  PLACE_TAKING_STATUSES,
  SUBMISSION_STATUSES,
  statusCounterKey,
} from '../admission/index.ts';
import type { OpportunityPricing } from '../pricing/index.ts';
import { computeFunding } from '../pricing/index.ts';
import { crossQuotaProgress, quotaProgress, screeningStatsView } from '../screening/index.ts';
import { completionUrl } from './completion-codes.ts';
import { dashboardLinks, opportunityDashboardUrl } from './dashboard-links.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import { type OpportunityTask, opportunityParts } from './opportunity-parts.ts';
import { type OpportunityStatus, publicOpportunityStatus } from './opportunity-status.ts';
import { outreachOf } from './outreach.ts';
import { participantUrlTemplate } from './participant-url.ts';
import type { OpportunityResponse, OpportunitySummaryResponse } from './schemas.ts';
import type { OpportunitySummaryRow } from './store.ts';
import type { StoredTask } from './tasks.ts';
import { timeLimitsOf } from './time-limits.ts';
import { type StudyLanguage, translationsOf } from './translations.ts';

/**
 * Task views per parsed task list (shared and never changed, see opportunityParts), for the public
 * URL they were made with: completion URLs start with it, and servers in one process may differ.
 */
const taskViews = new WeakMap<
  readonly OpportunityTask[],
  { publicUrl: string; view: ReturnType<typeof taskView>[] }
>();

function tasksView(tasks: OpportunityTask[], publicUrl: string) {
  const cached = taskViews.get(tasks);
  if (cached?.publicUrl === publicUrl) return cached.view;
  const view = (tasks as unknown as StoredTask[]).map((task) => taskView(task, publicUrl));
  taskViews.set(tasks, { publicUrl, view });
  return view;
}

export interface ViewContext {
  publicUrl: string;
  organizationSlug: string;
}

export interface FullViewContext extends ViewContext {
  /** The organization's money, for `funding` on a draft. */
  balanceCents: number;
  overdraftLimitCents: number;
  /** The opportunity's counters (one read), for the launched-only blocks. */
  counters: Readonly<Record<string, number>>;
}

export const financeUrl = (publicUrl: string) => `${publicUrl}/dashboard/finance`;

function pricingOf(row: Pick<OpportunityRow, 'cost_per_participant_cents' | 'total_cost_cents'>) {
  return {
    cost_per_participant_cents: row.cost_per_participant_cents,
    total_cost_cents: row.total_cost_cents,
    currency: 'usd',
  } satisfies OpportunityPricing;
}

function taskView(task: StoredTask, publicUrl: string) {
  return {
    ...task,
    ...(task.task_url !== null && {
      participant_url_template: participantUrlTemplate(task.task_url),
    }),
    completion_url: completionUrl(publicUrl, task.completion_code),
  };
}

/** Contract 2.10 statuses only: applicants awaiting a decision are not submissions. */
function submissionStats(counters: Readonly<Record<string, number>>) {
  const count = (status: string) => counters[statusCounterKey(status)] ?? 0;
  return {
    total: SUBMISSION_STATUSES.reduce((sum, status) => sum + count(status), 0),
    in_progress: count('in_progress'),
    awaiting_review: count('awaiting_review'),
    approved: count('approved'),
    rejected: count('rejected'),
  };
}

/**
 * Storage row to the contract's full form (2.2): every field with its default, `funding` while the
 * opportunity has never been launched, and the launched-only blocks once it has, all from one read
 * of its counters.
 */
export function opportunityRowToOpportunity(
  row: OpportunityRow,
  context: FullViewContext,
): OpportunityResponse {
  const status = row.status as OpportunityStatus;
  const parts = opportunityParts(row);
  const { questions, quotas, crossQuotas } = parts;
  const launched = row.launched_at !== null;
  const self = `/v2/opportunities/${row.id}`;
  const limits = timeLimitsOf({ ...row, tasks: parts.tasks });
  const view: OpportunityResponse = {
    id: row.id,
    title: row.title,
    internal_title: row.internal_title,
    description: row.description,
    status: publicOpportunityStatus(status),
    num_participants: row.num_participants,
    estimated_duration_minutes: row.estimated_duration_minutes,
    filters: parts.filters as OpportunityResponse['filters'],
    screening_questions: questions,
    quotas,
    cross_quotas: crossQuotas,
    tasks: tasksView(parts.tasks, context.publicUrl),
    pricing: pricingOf(row),
    device_types: parts.deviceTypes,
    business_type: row.business_type,
    candidate_profile: row.candidate_profile,
    required_accounts: parts.requiredAccounts,
    video_required: row.video_required,
    screen_share_required: row.screen_share_required,
    customer_screening_review: row.customer_screening_review,
    pay_frequency: row.pay_frequency,
    hourly_rate_cents: row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents),
    task_price_cents: row.task_price_cents === null ? null : Number(row.task_price_cents),
    screening_option_randomization: row.screening_option_randomization,
    forwarding_email_enabled: row.forwarding_email_enabled,
    max_responses_per_expert: row.max_responses_per_expert,
    max_minutes_per_submission: limits.maxMinutesPerSubmission,
    auto_approve_after_days: limits.autoApproveAfterDays,
    feasibility_request_id: row.feasibility_request_id,
    language: row.language as StudyLanguage,
    translations: translationsOf(row),
    outreach: outreachOf(row),
    show_up_fee_cents: Number(row.show_up_fee_cents ?? 0),
    project_id: row.project_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ending_at: row.ending_at,
    launched_at: row.launched_at,
    links: {
      self,
      launch: status === 'draft' ? `${self}/launch` : null,
      submissions: `${self}/submissions`,
      dashboard: dashboardLinks({
        publicUrl: context.publicUrl,
        organizationSlug: context.organizationSlug,
        projectId: row.project_id,
        opportunityId: row.id,
        status,
      }),
    },
  };
  if (!launched) {
    view.funding = computeFunding({
      balanceCents: context.balanceCents,
      overdraftLimitCents: context.overdraftLimitCents,
      totalCostCents: row.total_cost_cents,
      financeUrl: financeUrl(context.publicUrl),
    });
  } else {
    const { counters } = context;
    view.submission_stats = submissionStats(counters);
    view.places_taken = countTakenPlaces(
      Object.fromEntries(
        PLACE_TAKING_STATUSES.map((status) => [status, counters[statusCounterKey(status)] ?? 0]),
      ),
    );
    view.quota_progress = quotaProgress(quotas, counters);
    view.cross_quota_progress = crossQuotaProgress(crossQuotas, counters);
    view.screening_stats = screeningStatsView(questions, counters);
  }
  return view;
}

/**
 * The summary form (2.2). `pricing` is what launching charged, so it is null until a launch; the
 * dashboard_url is the study's own page.
 */
export function opportunityRowToSummary(
  row: OpportunitySummaryRow,
  context: ViewContext,
): OpportunitySummaryResponse {
  const status = row.status as OpportunityStatus;
  return {
    id: row.id,
    title: row.title,
    status: publicOpportunityStatus(status),
    num_participants: row.num_participants,
    pricing: row.launched_at === null ? null : pricingOf(row),
    created_at: row.created_at,
    dashboard_url: opportunityDashboardUrl({
      publicUrl: context.publicUrl,
      organizationSlug: context.organizationSlug,
      projectId: row.project_id,
      opportunityId: row.id,
      status,
    }),
  };
}
