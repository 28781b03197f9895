/** What other features may use of bonuses. */
export type { BonusRow } from './bonuses.table.ts';
export type { BonusEvent, BonusPaidEvent } from './events.ts';
export { payBonuses } from './pay.ts';
export { listSubmissionBonuses } from './store.ts';
