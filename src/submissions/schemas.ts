import { type Static, type TSchema, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { ScreeningAnswer } from '../screening/index.ts';
import { REJECTION_CATEGORIES } from './rejection-categories.ts';
import { SUBMISSION_STATUSES } from './submission-status.ts';
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
export const SubmissionDetail = Type.Object({
  ...Submission.properties,
  tasks: Type.Array(SubmissionTask),
});

export const SubmissionList = Type.Object({
  data: Type.Array(Submission),
  pagination: Pagination,
  dashboard_url: Nullable(Type.String()),
});

export const ListSubmissionsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(SubmissionStatus),
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

export const RejectBody = Type.Object(
  {
    rejection_category: Type.Optional(
      Type.Enum(REJECTION_CATEGORIES, { description: 'Why the work was not accepted' }),
    ),
    rejection_reason: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);
