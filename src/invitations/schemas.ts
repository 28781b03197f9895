import { Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { MAX_NAMED, MAX_SAMPLE } from './invite.ts';

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });

/** Either field, not both: the use case says so in the 400 (src/invitations/invite.ts). */
export const InviteBody = Type.Object(
  {
    count: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SAMPLE,
        description:
          'Invite a uniformly random sample of this many of the participants eligible now',
      }),
    ),
    participant_ids: Type.Optional(
      Type.Array(Type.String({ pattern: '^par_' }), {
        minItems: 1,
        maxItems: MAX_NAMED,
        description: 'Invite these participants; each must be eligible, or nobody is invited',
      }),
    ),
  },
  { additionalProperties: false },
);

export const InviteResponse = Type.Object({
  invited: Type.Integer({ description: 'Participants invited by this call' }),
  eligible_not_invited: Type.Integer({
    description: 'Participants eligible now and not yet invited, after this call',
  }),
});

export const Invitation = Type.Object({
  participant_id: Type.String(),
  invited_at: Type.String({ format: 'date-time' }),
  delivery: Type.Union([Type.Literal('each'), Type.Literal('daily')], {
    description: 'each: its own mail at once; daily: the participant’s digest at 09:00 their time',
  }),
  mail_status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]),
  applied_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the participant applied to the study, if they did',
  }),
});

export const InvitationList = Type.Object({ data: Type.Array(Invitation), pagination: Pagination });

export const ListInvitationsQuery = PageQuery;
