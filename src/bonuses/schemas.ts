import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { MAX_BONUS_CENTS, MAX_BONUSES_PER_CALL, MAX_REASON_LENGTH } from './rules.ts';

export const OpportunityParams = Type.Object({ opportunityId: Type.String() });

export const BonusInput = Type.Object(
  {
    submission_id: Type.String({
      minLength: 1,
      description: 'A submission of this opportunity that started the work (sub_...)',
    }),
    amount_cents: Type.Integer({ minimum: 1, maximum: MAX_BONUS_CENTS }),
    reason: Type.Optional(
      Type.Union([Type.Null(), Type.String({ maxLength: MAX_REASON_LENGTH })], {
        description: 'Shown to nobody but you and in the webhook event; optional',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PayBonusesBody = Type.Object(
  {
    bonuses: Type.Array(BonusInput, {
      minItems: 1,
      maxItems: MAX_BONUSES_PER_CALL,
      description: 'Paid all or none; one line per submission',
    }),
  },
  { additionalProperties: false },
);

export const Bonus = Type.Object({
  id: Type.String({ examples: ['bon_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  opportunity_id: Type.String(),
  submission_id: Type.String(),
  participant_id: Type.String(),
  amount_cents: Type.Integer({ description: 'Paid to the participant' }),
  fee_cents: Type.Integer({ description: 'The platform fee on it (BONUS_FEE_PERCENT)' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type BonusResponse = Static<typeof Bonus>;

export const PaidBonusesResponse = Type.Object({
  data: Type.Array(Bonus),
  total_cents: Type.Integer({ description: 'Paid to participants by this call' }),
  fee_cents: Type.Integer({ description: 'The platform fee charged on top, as its own line' }),
  currency: Type.Literal('usd'),
});

export const BonusList = Type.Object({
  data: Type.Array(Bonus),
  pagination: Pagination,
});

export const ListBonusesQuery = PageQuery;
