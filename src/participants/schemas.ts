import { type Static, type TSchema, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { ApplicationAnswerInput, ParticipantScreeningQuestion } from '../screening/index.ts';
import { TASK_PROGRESS_STATUSES } from '../submissions/index.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A recruiting study as a participant discovers it: what it asks and what it pays. */
export const ParticipantOpportunity = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String({ description: 'active while recruiting' }),
  estimated_duration_minutes: Type.Integer(),
  incentive_cents: Type.Integer({ description: 'What an approved submission pays you' }),
  currency: Type.Literal('usd'),
  places_remaining: Type.Integer(),
  device_types: Type.Array(Type.String()),
  required_accounts: Type.Array(Type.String()),
  video_required: Type.String(),
  screen_share_required: Type.String(),
  ending_at: Nullable(Type.String()),
  launched_at: Nullable(Type.String()),
});
export type ParticipantOpportunityResponse = Static<typeof ParticipantOpportunity>;

/** A task as the participant reads it before applying: no URL until they have a place. */
export const ParticipantTaskBrief = Type.Object({
  sequence: Type.Integer(),
  task_type: Type.String(),
  title: Type.String(),
  description: Type.String(),
  duration_minutes: Type.Integer(),
  available_after_sequence: Type.Optional(Type.Integer()),
  available_after_delay_minutes: Type.Optional(Type.Integer()),
  instructions: Type.Optional(Type.String()),
  accepted_mime_types: Type.Optional(Type.Array(Type.String())),
  min_files: Type.Optional(Type.Integer()),
  max_files: Type.Optional(Type.Integer()),
  max_file_size_bytes: Type.Optional(Type.Integer()),
});
export type ParticipantTaskBriefResponse = Static<typeof ParticipantTaskBrief>;

export const ParticipantOpportunityDetail = Type.Object({
  ...ParticipantOpportunity.properties,
  tasks: Type.Array(ParticipantTaskBrief),
  screening_questions: Type.Array(ParticipantScreeningQuestion),
  application: Nullable(
    Type.Object(
      { id: Type.String(), status: Type.String() },
      { description: 'Yours, once applied' },
    ),
  ),
});

export const ParticipantOpportunityList = Type.Object({
  data: Type.Array(ParticipantOpportunity),
  pagination: Pagination,
});

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });
export const SubmissionParams = Type.Object({ submissionId: Type.String() });
export const TaskParams = Type.Object({
  submissionId: Type.String(),
  sequence: Type.Integer({ minimum: 0 }),
});

export const ApplicationBody = Type.Object(
  { answers: Type.Array(ApplicationAnswerInput, { maxItems: 500 }) },
  { additionalProperties: false },
);

export const ApplicationResponse = Type.Object({
  status: Type.Union([
    Type.Literal('screen_passed'),
    Type.Literal('screened_out'),
    Type.Literal('awaiting_decision'),
  ]),
  submission_id: Type.Optional(Type.String()),
  applicant_id: Type.Optional(Type.String()),
});

export const ParticipantTask = Type.Object({
  ...ParticipantTaskBrief.properties,
  status: Type.Enum(TASK_PROGRESS_STATUSES),
  available_at: Nullable(Type.String({ description: 'When a gated task opens' })),
  participant_url: Nullable(
    Type.String({ description: 'The task URL with your tracking parameters' }),
  ),
  submitted_at: Type.Optional(Type.String()),
});
export type ParticipantTaskResponse = Static<typeof ParticipantTask>;

/** The participant's own application or work. */
export const ParticipantSubmission = Type.Object({
  id: Type.String(),
  opportunity_id: Type.String(),
  opportunity_title: Type.String(),
  status: Type.String({
    description:
      'awaiting_decision while the customer decides, then screen_passed, screened_out, in_progress, awaiting_review, approved, rejected or abandoned',
  }),
  incentive_cents: Type.Integer(),
  currency: Type.Literal('usd'),
  paid_cents: Type.Integer(),
  rejection_category: Nullable(Type.String()),
  rejection_reason: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  started_at: Nullable(Type.String()),
  submitted_at: Nullable(Type.String()),
  tasks: Type.Array(ParticipantTask),
});
export type ParticipantSubmissionResponse = Static<typeof ParticipantSubmission>;

export const ParticipantSubmissionList = Type.Object({
  data: Type.Array(ParticipantSubmission),
  pagination: Pagination,
});

export const Earnings = Type.Object({
  total_cents: Type.Integer({ description: 'Everything paid to you so far' }),
  currency: Type.Literal('usd'),
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      submission_id: Nullable(Type.String()),
      opportunity_id: Nullable(Type.String()),
      opportunity_title: Nullable(Type.String()),
      amount_cents: Type.Integer(),
      paid_at: Type.String(),
    }),
  ),
  pagination: Pagination,
});

export const ListQuery = PageQuery;
