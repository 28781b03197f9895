import { type Static, type TSchema, Type } from 'typebox';
import { ParticipantTaskBrief } from '../participants/index.ts';
import { Pagination } from '../platform/http/pagination.ts';
import { TASK_PROGRESS_STATUSES } from './task-progress.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SubmissionParams = Type.Object({ submissionId: Type.String() });
export const TaskParams = Type.Object({
  submissionId: Type.String(),
  sequence: Type.Integer({ minimum: 0 }),
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
  abandoned_reason: Nullable(
    Type.String({
      description:
        'Why it was abandoned: returned (you gave the place back), timed_out (the time limit passed), withdrawn (the study closed before you started); null otherwise',
    }),
  ),
  deadline_at: Nullable(
    Type.String({
      description:
        'While screen_passed or in_progress: hand the work in before this (on a study with sessions: enroll in one before this), or the place times out and goes to someone else',
    }),
  ),
  return_requested_at: Nullable(
    Type.String({ description: 'When the researcher asked you to give the place back' }),
  ),
  return_request_reason: Nullable(Type.String({ description: 'The researcher’s reason' })),
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
      kind: Type.Union(
        [Type.Literal('incentive'), Type.Literal('bonus'), Type.Literal('payout_run')],
        {
          description:
            'incentive: approved work; bonus: a bonus from the researcher; payout_run: hourly or per-task pay',
        },
      ),
      paid_at: Type.String(),
    }),
  ),
  pagination: Pagination,
});
