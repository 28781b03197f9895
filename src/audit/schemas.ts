import { type Static, Type } from 'typebox';
import { Pagination } from '../platform/http/pagination.ts';

export const AuditEvent = Type.Object({
  id: Type.String({ examples: ['aud_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  actor_kind: Type.Union(
    [Type.Literal('api_key'), Type.Literal('session'), Type.Literal('operator')],
    {
      description: 'An API key, a dashboard user, or an operator at the cohort command line',
    },
  ),
  actor_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The key or user id; null for an operator',
  }),
  actor_label: Type.String({ description: 'Who acted, as a person recognises them' }),
  action: Type.String({
    description:
      'What was done, e.g. opportunity.pay_frequency.set, bonus.paid, payout_run.created',
    examples: ['bonus.paid'],
  }),
  subject_type: Type.String({ examples: ['opportunity'] }),
  subject_id: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown(), {
    description: 'What changed, in the action’s own words',
  }),
  created_at: Type.String({ format: 'date-time' }),
});
export type AuditEventResponse = Static<typeof AuditEvent>;

export const AuditEventList = Type.Object({
  data: Type.Array(AuditEvent),
  pagination: Pagination,
});
