import { type Static, type TSchema, Type } from 'typebox';
import { ABANDONED_REASONS, SUBMISSION_STATUSES } from '../admission/index.ts';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { ScreeningAnswer } from '../screening/index.ts';
import { QUALITY_FLAGS } from './quality-flags.ts';
import { REJECTION_CATEGORIES } from './rejection-categories.ts';
import { TASK_PROGRESS_STATUSES } from './task-progress.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SubmissionStatus = Type.Enum(SUBMISSION_STATUSES);

export const ScreeningOutcome = Nullable(
  Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('review')], {
    description: 'passed, failed, review (qualified but flagged for a human), or null',
  }),
);

export const ParticipantBackground = Nullable(
  Type.Object(
    {
      experiences: Type.Array(
        Type.Object({
          company: Type.String(),
          role: Nullable(Type.String()),
          started_at: Nullable(Type.String()),
          ended_at: Nullable(Type.String()),
          description: Nullable(Type.String()),
        }),
      ),
      educations: Type.Array(
        Type.Object({
          school: Type.String(),
          degree: Nullable(Type.String()),
          major: Nullable(Type.String()),
        }),
      ),
    },
    { description: 'Names and contact details removed; null when no history is held' },
  ),
);

/** Signs for the researcher to weigh, never refusals (docs/decisions/0082-one-account-per-mailbox.md). */
export const QualityFlags = Type.Array(Type.Enum(QUALITY_FLAGS), {
  description:
    'Signs to weigh before deciding, never refusals: `shared_network` means another application to this opportunity came from the same network address and browser within an hour (a lab’s computers share one address)',
  examples: [['shared_network']],
});

/** A preview's test participant made it (docs/decisions/0080-previews-with-test-participants.md). */
export const TestFlag = Type.Boolean({
  description:
    'Made by a preview’s test participant: never charged or paid, takes no place, sends no webhook, not in statistics; listed only with include_test=true',
});

/** The life of a place (docs/decisions/0084-time-limits.md): time-outs, returns, review. */
export const AbandonedReason = Nullable(
  Type.Enum(ABANDONED_REASONS, {
    description:
      'Why an abandoned submission ended: `returned` (the participant gave the place back), `timed_out` (max_minutes_per_submission passed with the place still held for work, or, on a study with sessions, 48 hours passed without an enrollment), `withdrawn` (a stop or the expiry withdrew an invitation not yet started), and from a session’s attendance `no_show` (did not come, unexcused), `excused` (did not come, excused), `not_needed` (a reserve who came and was sent home with the show-up fee); null unless abandoned',
  }),
);

const placeFields = {
  abandoned_reason: AbandonedReason,
  deadline_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'While screen_passed or in_progress: when the place times out (max_minutes_per_submission after it was taken, or after the next task opened; on a study with sessions, 48 hours after it was taken or a seat was given back unless its holder enrolls, and a day after the session ends once enrolled); null otherwise',
    }),
  ),
  auto_approve_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'While awaiting_review: when the work is approved automatically (auto_approve_after_days after it was handed in); null otherwise, or when the opportunity never auto-approves',
    }),
  ),
  return_requested_at: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When you asked the participant to return the place (request-return)',
    }),
  ),
  return_request_reason: Nullable(Type.String({ description: 'The reason you gave' })),
};

/** Contract 2.10, the list item. */
export const Submission = Type.Object({
  id: Type.String({ examples: ['sub_01jd8x3c2v4k5m6n7p8q9r0s1t'] }),
  opportunity_id: Type.String(),
  participant_id: Type.String(),
  status: SubmissionStatus,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  participant_name: Nullable(Type.String()),
  participant_linkedin_url: Nullable(Type.String()),
  participant_background: ParticipantBackground,
  screening_outcome: ScreeningOutcome,
  screening_answers: Type.Array(ScreeningAnswer),
  ...placeFields,
  quality_flags: QualityFlags,
  test: TestFlag,
});
export type SubmissionResponse = Static<typeof Submission>;

export const SubmittedFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  download_url: Type.String({ description: 'API path; needs the API key' }),
});

export const SubmissionTask = Type.Object({
  sequence: Type.Integer(),
  task_type: Type.String(),
  status: Type.Enum(TASK_PROGRESS_STATUSES),
  submitted_at: Type.Optional(Type.String({ description: 'When the work was handed in' })),
  notes: Type.Optional(Nullable(Type.String())),
  files: Type.Optional(Type.Array(SubmittedFile)),
});
export type SubmissionTaskResponse = Static<typeof SubmissionTask>;

/** Contract 2.10 detail: the list item plus per-task progress. */
/** A bonus paid on the submission (POST /v2/opportunities/{id}/bonuses). */
export const SubmissionBonus = Type.Object({
  id: Type.String(),
  amount_cents: Type.Integer(),
  reason: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});

export const SubmissionDetail = Type.Object({
  ...Submission.properties,
  tasks: Type.Array(SubmissionTask),
  bonuses: Type.Array(SubmissionBonus, { description: 'Bonuses paid on it, oldest first' }),
});

export const SubmissionList = Type.Object({
  data: Type.Array(Submission),
  pagination: Pagination,
  dashboard_url: Nullable(Type.String()),
});

/** Test submissions stay out of lists unless asked for. */
export const IncludeTestQuery = Type.Optional(
  Type.Boolean({
    description: 'Also list test submissions made through a preview (default false)',
    default: false,
  }),
);

export const ListSubmissionsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(SubmissionStatus),
  include_test: IncludeTestQuery,
});

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });
export const SubmissionParams = Type.Object({ submissionId: Type.String() });
export const FileParams = Type.Object({ submissionId: Type.String(), fileId: Type.String() });

/** Contract 4.6: approve takes exactly `{}`. */
export const ApproveBody = Type.Object({}, { additionalProperties: false });

export const ApproveResponse = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('approved'), Type.Literal('in_progress')]),
  dashboard_url: Nullable(Type.String()),
});

export const RequestReturnBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 5000,
      description: 'Why you ask for the place back; the participant reads it',
    }),
  },
  { additionalProperties: false },
);

export const RejectBody = Type.Object(
  {
    rejection_category: Type.Optional(
      Type.Enum(REJECTION_CATEGORIES, { description: 'Why the work was not accepted' }),
    ),
    rejection_reason: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);
