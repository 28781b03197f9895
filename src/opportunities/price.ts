import { audienceSelectivity } from '../filters/index.ts';
import {
  estimateIncentive,
  estimateScreenerStrictness,
  type OpportunityPricing,
  priceFromFeasibility,
  priceOpportunity,
} from '../pricing/index.ts';
import type { ScreeningQuestion } from '../screening/index.ts';

export interface DraftPrice {
  incentiveCents: number;
  platformFeeCents: number;
  pricing: OpportunityPricing;
  /** Stored with the draft (pricing_basis): why the price is what it is. */
  basis: Record<string, unknown>;
}

/** Contract 4.5 pricing rule 2: the automatic estimate, plus the organization's fee. */
export function estimateDraftPrice(input: {
  filters: unknown;
  questions: readonly ScreeningQuestion[];
  numParticipants: number;
  durationMinutes: number;
  recruitmentWindowDays: number;
  b2b: boolean;
  platformFeeCents: number;
}): DraftPrice {
  const selectivity = audienceSelectivity(input.filters);
  const strictness = estimateScreenerStrictness(input.questions);
  const { incentiveCents, breakdown } = estimateIncentive({
    numParticipants: input.numParticipants,
    durationMinutes: input.durationMinutes,
    audienceSelectivity: selectivity,
    screenerStrictness: strictness,
    recruitmentWindowDays: input.recruitmentWindowDays,
    b2b: input.b2b,
  });
  return {
    incentiveCents,
    platformFeeCents: input.platformFeeCents,
    pricing: priceOpportunity({
      incentiveCents,
      platformFeeCents: input.platformFeeCents,
      numParticipants: input.numParticipants,
    }),
    basis: {
      source: 'estimate',
      audience_selectivity: selectivity,
      screener_strictness: strictness,
      recruitment_window_days: input.recruitmentWindowDays,
      b2b: input.b2b,
      breakdown,
    },
  };
}

/** Contract 4.5 pricing rules 3 and 4: the confirmed CPI exactly, its fee as the platform fee. */
export function feasibilityDraftPrice(input: {
  feasibilityRequestId: string;
  cpiCents: number;
  feeCents: number;
  numParticipants: number;
}): DraftPrice {
  const price = priceFromFeasibility(input);
  return {
    ...price,
    basis: {
      source: 'feasibility',
      feasibility_request_id: input.feasibilityRequestId,
      cpi_cents: input.cpiCents,
      fee_cents: input.feeCents,
    },
  };
}
