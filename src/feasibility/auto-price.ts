import { estimateIncentive, type IncentiveBreakdown } from '../pricing/index.ts';

/**
 * Automatic pricing of a feasibility request, in seconds rather than by a person (docs/pricing.md,
 * "Feasibility requests: automatic prices and their bounds"). Briefs inside these bounds are priced
 * by the same estimate as drafts, under deliberately cautious audience assumptions because a
 * confirmed CPI is honoured exactly; everything else waits for an operator (`cohort feasibility
 * respond`).
 */
export const AUTO_PRICING_BOUNDS = {
  submissionCount: { min: 1, max: 500 },
  loiMinutes: { min: 1, max: 240 },
  /** One day at least to recruit; past 90 days the brief is a long-running panel, not a study. */
  timelineHours: { min: 24, max: 2_160 },
  payRateFrequency: 'ONE_TIME',
} as const;

/** A free-text panel is assumed a quarter of the panel, half of whom pass a screener. */
export const AUTO_PRICING_ASSUMPTIONS = {
  audienceSelectivity: 0.25,
  screenerStrictness: 0.5,
} as const;

/** The recruitment fee of an automatic price: a quarter of the incentive, at least 2 USD. */
export const AUTO_FEE_POLICY = { share: 0.25, minimumCents: 200 } as const;

/** Words that mark a panel of working professionals, priced at the B2B rate. */
const B2B_PANEL =
  /\b(b2b|professionals?|executives?|c-suite|c-level|ceos?|ctos?|cfos?|cios?|vps?|managers?|directors?|heads? of|decision[- ]makers?|founders?|owners?|engineers?|developers?|architects?|designers?|analysts?|consultants?|physicians?|doctors?|nurses?|clinicians?|pharmacists?|lawyers?|attorneys?|accountants?|administrators?|it (staff|pros?|teams?)|buyers?|procurement|hr|recruiters?|marketers?|specialists?)\b/i;

export interface FeasibilityBrief {
  taskDescription: string;
  panelDescription: string;
  submissionCount: number;
  timelineHours: number;
  payRateFrequency: string;
  loiMinutes: number;
}

export type AutoPriceResult =
  | {
      kind: 'priced';
      cpiCents: number;
      feeCents: number;
      incentiveCents: number;
      b2b: boolean;
      breakdown: IncentiveBreakdown;
    }
  | { kind: 'needs_operator'; reason: string };

export function isB2bPanel(panelDescription: string): boolean {
  return B2B_PANEL.test(panelDescription);
}

function outOfBounds(brief: FeasibilityBrief): string[] {
  const reasons: string[] = [];
  const inRange = (name: 'submissionCount' | 'loiMinutes' | 'timelineHours') => {
    const { min, max } = AUTO_PRICING_BOUNDS[name];
    const value = brief[name];
    if (!Number.isInteger(value) || value < min || value > max) {
      reasons.push(`${name} ${value} is outside ${min}..${max}`);
    }
  };
  inRange('submissionCount');
  inRange('loiMinutes');
  inRange('timelineHours');
  if (brief.payRateFrequency !== AUTO_PRICING_BOUNDS.payRateFrequency) {
    reasons.push(`payRateFrequency ${brief.payRateFrequency} is not ONE_TIME`);
  }
  if (!brief.taskDescription?.trim()) reasons.push('taskDescription is empty');
  if (!brief.panelDescription?.trim()) reasons.push('panelDescription is empty');
  return reasons;
}

export function autoPriceFeasibility(brief: FeasibilityBrief): AutoPriceResult {
  const reasons = outOfBounds(brief);
  if (reasons.length > 0) return { kind: 'needs_operator', reason: reasons.join('; ') };
  const b2b = isB2bPanel(brief.panelDescription);
  const { incentiveCents, breakdown } = estimateIncentive({
    numParticipants: brief.submissionCount,
    durationMinutes: brief.loiMinutes,
    audienceSelectivity: AUTO_PRICING_ASSUMPTIONS.audienceSelectivity,
    screenerStrictness: AUTO_PRICING_ASSUMPTIONS.screenerStrictness,
    recruitmentWindowDays: brief.timelineHours / 24,
    b2b,
  });
  const feeCents = Math.max(
    AUTO_FEE_POLICY.minimumCents,
    Math.round(incentiveCents * AUTO_FEE_POLICY.share),
  );
  return {
    kind: 'priced',
    cpiCents: incentiveCents + feeCents,
    feeCents,
    incentiveCents,
    b2b,
    breakdown,
  };
}
