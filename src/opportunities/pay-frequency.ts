import type { OpportunityStatus } from './opportunity-status.ts';

/**
 * How an opportunity pays (docs/decisions/0088-payout-runs.md): once on final approval (the
 * contract's default), by the hour of approved tracked time, or per approved task. An operator
 * sets it (`cohort opportunity pay`); the customer never does.
 */
export const PAY_FREQUENCIES = ['one_time', 'hourly', 'per_task'] as const;
export type PayFrequencySetting = (typeof PAY_FREQUENCIES)[number];

/** At most $1,000 an hour and $10,000 a task: anything more is a typo, not a rate. */
export const MAX_HOURLY_RATE_CENTS = 100_000;
export const MAX_TASK_PRICE_CENTS = 1_000_000;

export type PayFrequencyChange =
  | { frequency: 'one_time' }
  | { frequency: 'hourly'; hourlyRateCents: number }
  | { frequency: 'per_task'; taskPriceCents: number };

export interface PayFrequencyState {
  status: OpportunityStatus;
  payFrequency: PayFrequencySetting;
  incentiveCents: number;
  platformFeeCents: number;
  numParticipants: number;
  /** The one-time incentive set aside when the draft left one_time (in pricing_basis). */
  oneTimeIncentiveCents: number | null;
}

export interface PayFrequencyColumns {
  pay_frequency: PayFrequencySetting;
  hourly_rate_cents: number | null;
  task_price_cents: number | null;
  incentive_cents: number;
  cost_per_participant_cents: number;
  total_cost_cents: number;
  /** What to keep in pricing_basis as the one-time incentive, to restore it on the way back. */
  one_time_incentive_cents: number | null;
}

/** A refusal is `invalid` (the rate given) or a `conflict` (the opportunity's state). */
export type PayFrequencyPlan =
  | { ok: true; to: PayFrequencyColumns }
  | { ok: false; refusal: 'invalid' | 'conflict'; message: string };

function rateProblem(name: string, value: number, max: number): string | undefined {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    return `${name} must be a whole number of cents from 1 to ${max}, got ${value}`;
  }
  return undefined;
}

/**
 * What setting the pay cadence changes. The rate of the current cadence may change at any time
 * (later runs pay the new rate); the cadence itself only on a draft, because a launched study's
 * participants applied on its terms and its launch charge was priced on them. Leaving one_time
 * sets the one-time incentive aside: the launch then charges the platform fee per place, and work
 * is paid from the balance by payout runs. Coming back restores it.
 */
export function planPayFrequency(
  state: PayFrequencyState,
  change: PayFrequencyChange,
): PayFrequencyPlan {
  if (change.frequency === 'hourly') {
    const problem = rateProblem('--rate-cents', change.hourlyRateCents, MAX_HOURLY_RATE_CENTS);
    if (problem) return { ok: false, refusal: 'invalid', message: problem };
  }
  if (change.frequency === 'per_task') {
    const problem = rateProblem('--task-price-cents', change.taskPriceCents, MAX_TASK_PRICE_CENTS);
    if (problem) return { ok: false, refusal: 'invalid', message: problem };
  }
  const switching = change.frequency !== state.payFrequency;
  if (switching && state.status !== 'draft') {
    return {
      ok: false,
      refusal: 'conflict',
      message: `The opportunity is ${state.status}: its pay frequency (${state.payFrequency}) can change only while it is a draft; the rate of its frequency can change at any time`,
    };
  }
  let incentive = state.incentiveCents;
  let setAside = state.oneTimeIncentiveCents;
  if (switching && state.payFrequency === 'one_time') {
    setAside = state.incentiveCents;
    incentive = 0;
  } else if (switching && change.frequency === 'one_time') {
    if (setAside === null) {
      return {
        ok: false,
        refusal: 'conflict',
        message: 'No one-time incentive is on record to go back to',
      };
    }
    incentive = setAside;
    setAside = null;
  }
  const cost = incentive + state.platformFeeCents;
  return {
    ok: true,
    to: {
      pay_frequency: change.frequency,
      hourly_rate_cents: change.frequency === 'hourly' ? change.hourlyRateCents : null,
      task_price_cents: change.frequency === 'per_task' ? change.taskPriceCents : null,
      incentive_cents: incentive,
      cost_per_participant_cents: cost,
      total_cost_cents: cost * state.numParticipants,
      one_time_incentive_cents: setAside,
    },
  };
}
