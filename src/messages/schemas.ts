import { type Static, Type } from 'typebox';
import { SUBMISSION_STATUSES } from '../admission/index.ts';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { MAX_BULK_SUBMISSION_IDS, MAX_MESSAGE_LENGTH } from './rules.ts';

export const SubmissionParams = Type.Object({ submissionId: Type.String() });
export const OpportunityParams = Type.Object({ opportunityId: Type.String() });

const Body = Type.String({
  minLength: 1,
  maxLength: MAX_MESSAGE_LENGTH,
  description: 'Plain text, up to 5,000 characters; never rendered as HTML',
});

export const SendMessageBody = Type.Object({ body: Body }, { additionalProperties: false });

export const BulkMessageBody = Type.Object(
  {
    body: Body,
    submission_ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        maxItems: MAX_BULK_SUBMISSION_IDS,
        description: 'Submissions of this opportunity to write to; or give status instead',
      }),
    ),
    status: Type.Optional(
      Type.Enum(SUBMISSION_STATUSES, {
        description: 'Write to every submission of this opportunity in this status',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Message = Type.Object({
  id: Type.String({ examples: ['msg_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  submission_id: Type.String(),
  opportunity_id: Type.String(),
  participant_id: Type.String(),
  sender: Type.Union([Type.Literal('organization'), Type.Literal('participant')]),
  body: Type.String({ description: 'Plain text as written' }),
  batch_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The bulk send that wrote it, if any',
  }),
  created_at: Type.String({ format: 'date-time' }),
});
export type MessageResponse = Static<typeof Message>;

export const MessageList = Type.Object({ data: Type.Array(Message), pagination: Pagination });

export const BulkMessageResponse = Type.Object({
  batch_id: Type.String({ description: 'Carried by each message of this send' }),
  recipient_count: Type.Integer(),
  status: Type.Literal('queued', {
    description: 'One message per recipient is written (and mailed) by a job within seconds',
  }),
});

export const ParticipantMessage = Type.Object({
  id: Type.String(),
  submission_id: Type.String(),
  sender: Type.Union([Type.Literal('organization'), Type.Literal('participant')], {
    description: 'organization: the researcher; participant: you',
  }),
  body: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type ParticipantMessageResponse = Static<typeof ParticipantMessage>;

export const ParticipantMessageList = Type.Object({
  data: Type.Array(ParticipantMessage),
  pagination: Pagination,
});

export const ThreadQuery = PageQuery;
