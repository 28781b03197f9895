/** What other features may use of payout runs. */
export type { PayoutRunCompletedEvent, PayoutRunEvent } from './events.ts';
export { type PayoutRunRequest, type PayoutRunResult, runPayout } from './run.ts';
