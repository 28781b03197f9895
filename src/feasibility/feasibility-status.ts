import { moveTo, refuse, type Transition } from '../platform/transition.ts';

/** Contract 2.12 / 3.3. */
export const FEASIBILITY_STATUSES = [
  'RECEIVED',
  'RESPONDED',
  'WON',
  'LOST',
  'NOT_PURSUED',
] as const;
export type FeasibilityStatus = (typeof FEASIBILITY_STATUSES)[number];

/** Clients stop polling at these; nothing moves a request out of them. */
export const TERMINAL_FEASIBILITY_STATUSES: readonly FeasibilityStatus[] = [
  'WON',
  'LOST',
  'NOT_PURSUED',
];

export function isFeasibilityStatus(value: string): value is FeasibilityStatus {
  return (FEASIBILITY_STATUSES as readonly string[]).includes(value);
}

export function isTerminalFeasibilityStatus(status: FeasibilityStatus): boolean {
  return TERMINAL_FEASIBILITY_STATUSES.includes(status);
}

/**
 * Pricing (automatic or an operator's). Only once: a confirmed CPI may already have been used
 * by a draft, which honours it exactly, so a second price would mean two truths.
 */
export function planRespond(status: FeasibilityStatus): Transition<FeasibilityStatus> {
  if (status === 'RECEIVED') return moveTo('RESPONDED');
  if (status === 'RESPONDED') return refuse('The feasibility request is already priced');
  return refuse(`The feasibility request is ${status} and can no longer be priced`);
}

/**
 * The linked opportunity launched. A request already closed (for example another opportunity
 * using it launched first) refuses; launch callers treat that refusal as "leave it as it is"
 * rather than failing the launch.
 */
export function planWin(status: FeasibilityStatus): Transition<FeasibilityStatus> {
  if (status === 'RESPONDED') return moveTo('WON');
  return refuse(`Only a RESPONDED feasibility request can be won; this one is ${status}`);
}

/** An operator closes an open request (`cohort feasibility close --lost|--not-pursued`). */
export function planClose(
  status: FeasibilityStatus,
  to: 'LOST' | 'NOT_PURSUED',
): Transition<FeasibilityStatus> {
  if (status === 'RECEIVED' || status === 'RESPONDED') return moveTo(to);
  return refuse(`The feasibility request is already ${status}`);
}
