import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });
export const PayoutRunParams = Type.Object({
  opportunityId: Type.String(),
  payoutRunId: Type.String(),
});

export const CreatePayoutRunBody = Type.Object(
  {
    until: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'Pay work up to this instant (ISO 8601, not in the future); now when left out',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PayoutRunLine = Type.Object({
  submission_id: Type.String(),
  participant_id: Type.String(),
  seconds: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Approved tracked seconds paid (hourly runs); null on per-task runs',
  }),
  tasks: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Approved tasks paid (per-task runs); null on hourly runs',
  }),
  amount_cents: Type.Integer(),
});

export const PayoutRun = Type.Object({
  id: Type.String({ examples: ['pay_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  opportunity_id: Type.String(),
  pay_frequency: Type.Union([Type.Literal('hourly'), Type.Literal('per_task')]),
  rate_cents: Type.Integer({ description: 'The hourly rate or the task price paid at' }),
  until: Type.String({ format: 'date-time' }),
  total_cents: Type.Integer({ description: 'Charged to the balance and paid to participants' }),
  currency: Type.Literal('usd'),
  line_count: Type.Integer(),
  trigger: Type.Union([Type.Literal('api'), Type.Literal('schedule')], {
    description: 'api: POST .../payout-runs; schedule: the weekly run',
  }),
  created_at: Type.String({ format: 'date-time' }),
});
export type PayoutRunResponse = Static<typeof PayoutRun>;

export const PayoutRunDetail = Type.Object({
  ...PayoutRun.properties,
  lines: Type.Array(PayoutRunLine),
});
export type PayoutRunDetailResponse = Static<typeof PayoutRunDetail>;

export const PayoutRunList = Type.Object({
  data: Type.Array(PayoutRun),
  pagination: Pagination,
});

export const ListPayoutRunsQuery = PageQuery;
