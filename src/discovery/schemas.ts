import { type Static, type TSchema, Type } from 'typebox';
import { ParticipantTaskBrief } from '../participants/index.ts';
import { Pagination } from '../platform/http/pagination.ts';
import { ApplicationAnswerInput, ParticipantScreeningQuestion } from '../screening/index.ts';

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
export type ParticipantOpportunityDetailResponse = Static<typeof ParticipantOpportunityDetail>;

export const ParticipantOpportunityList = Type.Object({
  data: Type.Array(ParticipantOpportunity),
  pagination: Pagination,
});

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });
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
