import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import {
  CrossQuotaInput,
  CrossQuotaProgress,
  CrossQuota as CrossQuotaSchema,
  QuotaInput,
  QuotaProgress,
  Quota as QuotaSchema,
  ScreeningQuestion,
  ScreeningQuestionInput,
  ScreeningStat,
} from '../screening/index.ts';
import { COMPLETION_CODE_ALPHABET, COMPLETION_CODE_LENGTH } from './completion-codes.ts';
import { OUTREACH_LIMITS } from './outreach.ts';
import { AUTO_APPROVE_AFTER_DAYS, MAX_MINUTES_PER_SUBMISSION } from './time-limits.ts';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  // Null first: with type coercion on, a null tried against string first would become "".
  Type.Union([Type.Null(), schema]);

const DeviceType = Type.Union([
  Type.Literal('desktop'),
  Type.Literal('mobile_ios'),
  Type.Literal('mobile_android'),
  Type.Literal('other'),
]);
const Requirement = Type.Union([
  Type.Literal('none'),
  Type.Literal('requested'),
  Type.Literal('required'),
]);
const EnabledDisabled = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
  description: 'The string `enabled` or `disabled`, not a boolean',
});
const ScreeningReview = Type.Union([Type.Literal('auto_invite'), Type.Literal('manual_review')]);
const BusinessType = Type.Union([Type.Literal('b2b'), Type.Literal('b2c')], {
  description: '`b2b` prices at the professional rate; `b2c` (or null) at the consumer rate',
});

const MAX_MINUTES_DESCRIPTION =
  'How long a participant may hold a place for work (screen_passed or in_progress) before it times out and goes back to recruitment (abandoned, abandoned_reason timed_out), in minutes, 1 to 10,080. Default: three times the tasks’ total duration_minutes, at least 10';
const AUTO_APPROVE_DESCRIPTION =
  'Work left awaiting_review this many days is approved and paid automatically, as if you had approved it; null never. Default 21';
const MaxMinutesPerSubmission = Type.Integer({
  ...MAX_MINUTES_PER_SUBMISSION,
  description: MAX_MINUTES_DESCRIPTION,
});
const AutoApproveAfterDays = Type.Integer({
  minimum: AUTO_APPROVE_AFTER_DAYS.minimum,
  maximum: AUTO_APPROVE_AFTER_DAYS.maximum,
  description: AUTO_APPROVE_DESCRIPTION,
});

/**
 * An audience filter element (docs/api/audience-filters.md); the filters module validates the
 * contents.
 */
const Filter = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()));

const Language = Type.Union(
  [Type.Literal('en'), Type.Literal('de'), Type.Literal('fr'), Type.Literal('es')],
  {
    description:
      'The language the study is written in (en, de, fr or es). Participants reading another language see its translation, when it has one',
  },
);

const TRANSLATIONS_DESCRIPTION =
  'By language (en, de, fr or es, not the study’s own): what participants reading it see instead of the study’s texts. Every screening question (by key) and task (by sequence) of the study must be translated, no other, and each question with as many answers as it has, in its order; answers are graded by position, so an applicant may name an option in either language. Draft only';

const QuestionTranslationInput = Type.Object(
  {
    text: Type.String(),
    answers: Type.Optional(
      Type.Array(Type.String(), {
        description: 'One per answer of the question, in its order (none for text and grid)',
      }),
    ),
  },
  closed,
);
const TaskTranslationInput = Type.Object(
  { title: Type.String(), description: Type.Optional(Nullable(Type.String())) },
  closed,
);
const TranslationInput = Type.Object(
  {
    title: Type.String(),
    description: Type.Optional(
      Nullable(Type.String({ description: 'Absent or null: the study’s own description' })),
    ),
    screening_questions: Type.Optional(
      Type.Record(Type.String(), QuestionTranslationInput, { description: 'By question key' }),
    ),
    tasks: Type.Optional(
      Type.Record(Type.String(), TaskTranslationInput, { description: 'By task sequence' }),
    ),
  },
  closed,
);
const TranslationsInput = Type.Record(Type.String(), TranslationInput, {
  description: TRANSLATIONS_DESCRIPTION,
});

const StudyTranslation = Type.Object({
  title: Type.String(),
  description: Type.Optional(Type.String()),
  screening_questions: Type.Record(
    Type.String(),
    Type.Object({ text: Type.String(), answers: Type.Array(Type.String()) }),
  ),
  tasks: Type.Record(
    Type.String(),
    Type.Object({ title: Type.String(), description: Type.Optional(Type.String()) }),
  ),
});

const OUTREACH_DESCRIPTION =
  'Invitations sent for you (docs/api/invitations.md): `initial_invitations` at launch, then `wave_size` more every `wave_every_minutes` while the study is active and places remain, until nobody eligible is left. Set on a draft or an active study (setting it on an active one starts the waves if none run); null clears it';

const OutreachPlan = Type.Object(
  {
    initial_invitations: Type.Integer({
      ...OUTREACH_LIMITS.initial_invitations,
      description: 'Invited at launch (0: none, only waves)',
    }),
    wave_size: Type.Integer({ ...OUTREACH_LIMITS.wave_size, description: 'Invited each wave' }),
    wave_every_minutes: Type.Integer({
      ...OUTREACH_LIMITS.wave_every_minutes,
      description: 'Minutes between waves (5 to 10,080, a week)',
    }),
  },
  { ...closed, description: OUTREACH_DESCRIPTION },
);
/**
 * The plan or null, as one schema of type ["object", "null"] rather than a union: a 400 then lists
 * each field's problem alone, without the union's "must be null" and "must match a schema".
 */
const Outreach = Type.Unsafe<Static<typeof OutreachPlan> | null>({
  ...OutreachPlan,
  type: ['object', 'null'],
});

const taskFields = {
  sequence: Type.Integer({ minimum: 1, description: 'Order of the task; defaults to position' }),
  task_type: Type.String({
    description: 'interview, file_upload or activity on create; stored tasks may have others',
  }),
  review_type: Type.Literal('manual_review'),
  task_url: Nullable(Type.String()),
  title: Type.String(),
  description: Type.String(),
  duration_minutes: Type.Integer({ minimum: 1 }),
  available_after_sequence: Type.Integer({ minimum: 1 }),
  available_after_delay_minutes: Type.Integer({ minimum: 0 }),
  provider: Type.String(),
  calendar_owner: Type.String(),
  event_type_url: Type.String(),
  instructions: Type.String(),
  accepted_mime_types: Type.Array(Type.String()),
  min_files: Type.Integer({ minimum: 0 }),
  max_files: Type.Integer({ minimum: 1 }),
  max_file_size_bytes: Type.Integer({ minimum: 1 }),
};

export const TaskInput = Type.Object(
  {
    sequence: Type.Optional(taskFields.sequence),
    task_type: taskFields.task_type,
    review_type: Type.Optional(taskFields.review_type),
    task_url: Type.Optional(taskFields.task_url),
    title: taskFields.title,
    description: Type.Optional(taskFields.description),
    duration_minutes: taskFields.duration_minutes,
    available_after_sequence: Type.Optional(Nullable(taskFields.available_after_sequence)),
    available_after_delay_minutes: Type.Optional(
      Nullable(taskFields.available_after_delay_minutes),
    ),
    provider: Type.Optional(taskFields.provider),
    calendar_owner: Type.Optional(taskFields.calendar_owner),
    event_type_url: Type.Optional(taskFields.event_type_url),
    instructions: Type.Optional(taskFields.instructions),
    accepted_mime_types: Type.Optional(taskFields.accepted_mime_types),
    min_files: Type.Optional(taskFields.min_files),
    max_files: Type.Optional(taskFields.max_files),
    max_file_size_bytes: Type.Optional(taskFields.max_file_size_bytes),
    participant_url_template: Type.Optional(
      Type.String({ description: 'Read-only: accepted and ignored' }),
    ),
    completion_code: Type.Optional(
      Type.String({ description: 'Read-only: accepted and ignored (Cohort assigns each code)' }),
    ),
    completion_url: Type.Optional(Type.String({ description: 'Read-only: accepted and ignored' })),
  },
  closed,
);

export const Task = Type.Object({
  sequence: Type.Integer(),
  task_type: Type.String(),
  review_type: Type.String(),
  task_url: Nullable(Type.String()),
  participant_url_template: Type.Optional(
    Type.String({
      description:
        'task_url with submissionId, serviceSubmissionId and taskId appended as {submissionId} and {taskId} macros',
    }),
  ),
  title: Type.String(),
  description: Type.String(),
  duration_minutes: Type.Integer(),
  available_after_sequence: Type.Optional(Type.Integer()),
  available_after_delay_minutes: Type.Optional(Type.Integer()),
  provider: Type.Optional(Type.String()),
  calendar_owner: Type.Optional(Type.String()),
  event_type_url: Type.Optional(Type.String()),
  instructions: Type.Optional(Type.String()),
  accepted_mime_types: Type.Optional(Type.Array(Type.String())),
  min_files: Type.Optional(Type.Integer()),
  max_files: Type.Optional(Type.Integer()),
  max_file_size_bytes: Type.Optional(Type.Integer()),
  completion_code: Type.String({
    pattern: `^[${COMPLETION_CODE_ALPHABET}]{${COMPLETION_CODE_LENGTH}}$`,
    examples: ['K7M3QXPA'],
    description:
      'Hands this task in for the participant who comes back with it (see completion_url). Assigned by Cohort when the opportunity is created: 8 characters without the look-alikes 0, O, 1, I and L, unique among the opportunity’s tasks. Whoever holds it can hand the task in, so Cohort never shows it to participants (they meet it only in the redirect at the end of the survey); keep it out of what they see before then. A file_upload task cannot be completed by code: its files are uploaded on the task’s page',
  }),
  completion_url: Type.String({
    examples: ['https://cohort.example.com/participate/complete?code=K7M3QXPA'],
    description:
      'Set your survey tool’s end-of-survey redirect to this URL: it hands the task in for the signed-in participant (signing them in first when needed). A wrong code changes nothing',
  }),
});

/** Paid to a reserve sent home from a lab session (docs/decisions/0178-lab-sessions.md). */
const ShowUpFeeCents = Type.Integer({
  minimum: 0,
  maximum: 100_000,
  description:
    'Paid through the ledger to a participant who came to a lab session and was sent home (attendance showed_up_not_needed); 0 by default',
});

export const CreateOpportunityBody = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    internal_title: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    project_id: Type.String({ minLength: 1, description: 'From POST /projects' }),
    num_participants: Type.Integer({ minimum: 1, maximum: 10_000 }),
    estimated_duration_minutes: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Defaults to the sum of the task durations' }),
    ),
    expected_days_to_complete: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 365,
        description: 'Recruitment window in days (default 7); ending_at follows from it',
      }),
    ),
    business_type: Type.Optional(Nullable(BusinessType)),
    candidate_profile: Type.Optional(Nullable(Type.String())),
    feasibility_request_id: Type.Optional(Nullable(Type.String())),
    // Checked by the filters module, whose messages say what each element should look like.
    filters: Type.Optional(
      Type.Array(Type.Unknown({ description: 'A filter object (docs/api/audience-filters.md)' })),
    ),
    screening_questions: Type.Optional(Type.Array(ScreeningQuestionInput)),
    quotas: Type.Optional(Type.Array(QuotaInput)),
    cross_quotas: Type.Optional(Type.Array(CrossQuotaInput)),
    tasks: Type.Array(TaskInput, { minItems: 1 }),
    device_types: Type.Optional(Type.Array(DeviceType, { minItems: 1, uniqueItems: true })),
    required_accounts: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]*$' }), { uniqueItems: true }),
    ),
    video_required: Type.Optional(Requirement),
    screen_share_required: Type.Optional(Requirement),
    customer_screening_review: Type.Optional(ScreeningReview),
    pay_frequency: Type.Optional(
      Type.Literal('one_time', { description: 'Always one_time at creation' }),
    ),
    screening_option_randomization: Type.Optional(EnabledDisabled),
    forwarding_email_enabled: Type.Optional(EnabledDisabled),
    max_responses_per_expert: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    max_minutes_per_submission: Type.Optional(MaxMinutesPerSubmission),
    auto_approve_after_days: Type.Optional(Nullable(AutoApproveAfterDays)),
    language: Type.Optional(Language),
    translations: Type.Optional(TranslationsInput),
    outreach: Type.Optional(Outreach),
    show_up_fee_cents: Type.Optional(ShowUpFeeCents),
  },
  closed,
);
export type CreateOpportunityBody = Static<typeof CreateOpportunityBody>;

export const PatchOpportunityBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1 })),
    internal_title: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    screening_questions: Type.Optional(Type.Array(ScreeningQuestionInput)),
    quotas: Type.Optional(Type.Array(QuotaInput)),
    cross_quotas: Type.Optional(Type.Array(CrossQuotaInput)),
    expected_days_to_complete: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    max_minutes_per_submission: Type.Optional(
      Nullable(
        Type.Integer({
          ...MAX_MINUTES_PER_SUBMISSION,
          description: `${MAX_MINUTES_DESCRIPTION}. null goes back to the default`,
        }),
      ),
    ),
    auto_approve_after_days: Type.Optional(Nullable(AutoApproveAfterDays)),
    language: Type.Optional(Language),
    translations: Type.Optional(TranslationsInput),
    outreach: Type.Optional(Outreach),
    show_up_fee_cents: Type.Optional(ShowUpFeeCents),
  },
  closed,
);
export type PatchOpportunityBody = Static<typeof PatchOpportunityBody>;

export const Pricing = Type.Object({
  cost_per_participant_cents: Type.Integer(),
  total_cost_cents: Type.Integer(),
  currency: Type.Literal('usd'),
});

export const Funding = Type.Object({
  affordable: Type.Boolean(),
  draws_on_credit: Type.Boolean(),
  balance_cents: Type.Integer(),
  shortfall_cents: Type.Integer(),
  finance_url: Nullable(Type.String()),
});

const DashboardLinks = Type.Object(
  {
    study: Nullable(Type.String()),
    draft_editor: Nullable(Type.String()),
    submissions: Nullable(Type.String()),
    recruitment: Nullable(Type.String()),
    task: Nullable(Type.String()),
    settings: Nullable(Type.String()),
  },
  { description: 'Pages for people, not API paths' },
);

export const SubmissionStats = Type.Object({
  total: Type.Integer(),
  in_progress: Type.Integer(),
  awaiting_review: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
});

const PublicStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('active'),
  Type.Literal('fulfilled'),
  Type.Literal('paused'),
  Type.Literal('stopped'),
  Type.Literal('completed'),
]);

export const Opportunity = Type.Object({
  id: Type.String(),
  title: Type.String(),
  internal_title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  status: PublicStatus,
  num_participants: Type.Integer(),
  estimated_duration_minutes: Type.Integer(),
  filters: Type.Array(Filter),
  screening_questions: Type.Array(ScreeningQuestion),
  quotas: Type.Array(QuotaSchema),
  cross_quotas: Type.Array(CrossQuotaSchema),
  tasks: Type.Array(Task),
  pricing: Nullable(Pricing),
  funding: Type.Optional(Funding),
  device_types: Type.Array(Type.String()),
  business_type: Nullable(Type.String()),
  candidate_profile: Nullable(Type.String()),
  required_accounts: Type.Array(Type.String()),
  video_required: Type.String(),
  screen_share_required: Type.String(),
  customer_screening_review: Type.String(),
  pay_frequency: Type.String(),
  hourly_rate_cents: Nullable(
    Type.Integer({ description: 'What an hour of approved tracked time pays (hourly only)' }),
  ),
  task_price_cents: Nullable(
    Type.Integer({ description: 'What each approved task pays (per_task only)' }),
  ),
  screening_option_randomization: Type.String(),
  forwarding_email_enabled: Type.String(),
  max_responses_per_expert: Nullable(Type.Integer()),
  max_minutes_per_submission: Type.Integer({ description: MAX_MINUTES_DESCRIPTION }),
  auto_approve_after_days: Nullable(Type.Integer({ description: AUTO_APPROVE_DESCRIPTION })),
  feasibility_request_id: Nullable(Type.String()),
  language: Language,
  translations: Type.Record(Type.String(), StudyTranslation, {
    description: `${TRANSLATIONS_DESCRIPTION}. {} when there are none`,
  }),
  outreach: Outreach,
  show_up_fee_cents: ShowUpFeeCents,
  project_id: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  ending_at: Nullable(Type.String()),
  launched_at: Nullable(Type.String()),
  links: Type.Object({
    self: Type.String(),
    launch: Nullable(Type.String()),
    submissions: Type.String(),
    dashboard: DashboardLinks,
  }),
  submission_stats: Type.Optional(SubmissionStats),
  places_taken: Type.Optional(
    Type.Integer({
      description:
        'Launched only: places held now (screen_passed, in_progress, awaiting_review, approved). A time-out, a return or a rejection frees one, and recruiting fills it again',
    }),
  ),
  quota_progress: Type.Optional(Type.Array(QuotaProgress)),
  cross_quota_progress: Type.Optional(Type.Array(CrossQuotaProgress)),
  screening_stats: Type.Optional(Type.Array(ScreeningStat)),
});
export type OpportunityResponse = Static<typeof Opportunity>;

export const OpportunitySummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  status: PublicStatus,
  num_participants: Type.Integer(),
  pricing: Nullable(Pricing),
  created_at: Type.String(),
  dashboard_url: Nullable(Type.String()),
});
export type OpportunitySummaryResponse = Static<typeof OpportunitySummary>;

export const OpportunityList = Type.Object({
  data: Type.Array(OpportunitySummary),
  pagination: Pagination,
});

export const ListOpportunitiesQuery = Type.Object(
  {
    ...PageQuery.properties,
    status: Type.Optional(PublicStatus),
    projectId: Type.Optional(Type.String({ minLength: 1 })),
  },
  closed,
);

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });

export const DeletedOpportunity = Type.Object({
  id: Type.String(),
  deleted: Type.Literal(true),
  dashboard_url: Nullable(Type.String()),
});

/** Launch, pause and resume take no input: no body, or an empty JSON object. */
export const EmptyBody = Type.Object({}, closed);

export const StopBody = Type.Object(
  {
    reason: Type.Optional(
      Type.String({
        maxLength: 5000,
        description: 'Recorded with the stop, the refund and each withdrawn invitation',
      }),
    ),
  },
  closed,
);
