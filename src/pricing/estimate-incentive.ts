/**
 * The automatic participant incentive (docs/pricing.md, "The automatic estimate").
 *
 * incentive = max(minimum, round(hourly rate x hours x audience x screener x urgency x reach))
 *
 * Every factor is >= 1 and non-decreasing as the study gets longer, narrower or more urgent, so
 * the estimate is monotone in each of those. Factors are rounded to four decimals before they are
 * multiplied: the breakdown then reads cleanly, and rounding (a monotone step) keeps monotonicity
 * exact where raw floating-point logarithms could wobble by an ulp. docs/pricing.md explains the
 * numbers and carries a worked example that a test recomputes.
 */
export interface IncentiveInput {
  numParticipants: number;
  durationMinutes: number;
  /** Share of the general panel the filters let through, in (0, 1]; 1 = general panel. */
  audienceSelectivity: number;
  /** Share of applicants expected to pass the screener, in (0, 1]. */
  screenerStrictness: number;
  recruitmentWindowDays: number;
  b2b: boolean;
}

export interface IncentiveBreakdown {
  hourlyRateCents: number;
  hours: number;
  /** hourly rate x hours, before any factor. */
  baseCents: number;
  audienceFactor: number;
  screenerFactor: number;
  urgencyFactor: number;
  reachFactor: number;
  /** The product before rounding to whole cents and before the minimum. */
  rawCents: number;
  minimumCents: number;
  minimumApplied: boolean;
}

export interface IncentiveEstimate {
  incentiveCents: number;
  breakdown: IncentiveBreakdown;
}

export const PRICING_POLICY = {
  /** A fair consumer-panel rate (Prolific recommends about 12 USD an hour). */
  consumerHourlyRateCents: 1_200,
  /** Professionals (B2B) are paid near what an hour of their working time is worth. */
  b2bHourlyRateCents: 9_000,
  consumerMinimumCents: 100,
  b2bMinimumCents: 2_500,
  /** Added per halving of the audience; capped. */
  audiencePerHalving: 0.15,
  audienceCap: 2,
  /** Added per halving of the screener pass rate; capped. */
  screenerPerHalving: 0.1,
  screenerCap: 1.5,
  /** Windows of this many days or more carry no urgency premium. */
  standardWindowDays: 7,
  /** Added per day the window is shorter than standard, counted from a floor of one day. */
  urgencyPerDay: 0.05,
  /** General-panel people that must be reached before the reach premium starts. */
  reachFreePeople: 1_000,
  /** Added per tenfold of people to reach beyond the free amount; capped. */
  reachPerDecade: 0.05,
  reachCap: 1.25,
} as const;

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function assertInput(input: IncentiveInput): void {
  const problems: string[] = [];
  if (!Number.isInteger(input.numParticipants) || input.numParticipants < 1) {
    problems.push('numParticipants must be a positive integer');
  }
  if (!Number.isFinite(input.durationMinutes) || input.durationMinutes <= 0) {
    problems.push('durationMinutes must be positive');
  }
  for (const key of ['audienceSelectivity', 'screenerStrictness'] as const) {
    const value = input[key];
    if (!Number.isFinite(value) || value <= 0 || value > 1)
      problems.push(`${key} must be in (0, 1]`);
  }
  if (!Number.isFinite(input.recruitmentWindowDays) || input.recruitmentWindowDays <= 0) {
    problems.push('recruitmentWindowDays must be positive');
  }
  if (problems.length > 0) throw new RangeError(problems.join('; '));
}

export function audienceFactor(selectivity: number): number {
  const { audiencePerHalving, audienceCap } = PRICING_POLICY;
  return round4(Math.min(audienceCap, 1 + audiencePerHalving * -Math.log2(selectivity)));
}

export function screenerFactor(strictness: number): number {
  const { screenerPerHalving, screenerCap } = PRICING_POLICY;
  return round4(Math.min(screenerCap, 1 + screenerPerHalving * -Math.log2(strictness)));
}

export function urgencyFactor(windowDays: number): number {
  const { standardWindowDays, urgencyPerDay } = PRICING_POLICY;
  const shortBy = Math.max(0, standardWindowDays - Math.max(1, windowDays));
  return round4(1 + urgencyPerDay * shortBy);
}

/**
 * Filling many places from a narrow audience means reaching deep into the panel, which takes a
 * better offer: the people to reach are the places divided by the share that qualifies.
 */
export function reachFactor(numParticipants: number, selectivity: number, strictness: number) {
  const { reachFreePeople, reachPerDecade, reachCap } = PRICING_POLICY;
  const people = numParticipants / (selectivity * strictness);
  const decades = Math.log10(Math.max(1, people / reachFreePeople));
  return round4(Math.min(reachCap, 1 + reachPerDecade * decades));
}

export function estimateIncentive(input: IncentiveInput): IncentiveEstimate {
  assertInput(input);
  const hourlyRateCents = input.b2b
    ? PRICING_POLICY.b2bHourlyRateCents
    : PRICING_POLICY.consumerHourlyRateCents;
  const minimumCents = input.b2b
    ? PRICING_POLICY.b2bMinimumCents
    : PRICING_POLICY.consumerMinimumCents;
  const hours = input.durationMinutes / 60;
  const baseCents = hourlyRateCents * hours;
  const factors = {
    audienceFactor: audienceFactor(input.audienceSelectivity),
    screenerFactor: screenerFactor(input.screenerStrictness),
    urgencyFactor: urgencyFactor(input.recruitmentWindowDays),
    reachFactor: reachFactor(
      input.numParticipants,
      input.audienceSelectivity,
      input.screenerStrictness,
    ),
  };
  const rawCents =
    baseCents *
    factors.audienceFactor *
    factors.screenerFactor *
    factors.urgencyFactor *
    factors.reachFactor;
  const rounded = Math.round(rawCents);
  const incentiveCents = Math.max(minimumCents, rounded);
  return {
    incentiveCents,
    breakdown: {
      hourlyRateCents,
      hours: round4(hours),
      baseCents: round4(baseCents),
      ...factors,
      rawCents: round4(rawCents),
      minimumCents,
      minimumApplied: rounded < minimumCents,
    },
  };
}
