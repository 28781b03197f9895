/**
 * Admission: how a participant takes one of an opportunity's places, and gives it back. The
 * opportunity's counters (places held, each status, quota cells, screening statistics) and their
 * shards, the routing of an application on them against quotas and cross quotas, the counting of
 * every change of status, and the place clock (how long a place is held). Applying, inviting,
 * returning and timing out (submissions/) all go through here; opportunities read the counters and
 * open them at launch. It stands below opportunities: what it needs of one comes as AdmissionTerms.
 */
export {
  type AdmissionTerms,
  admit,
  NoPlaceLeft,
  NotRecruiting,
  type Route,
  RouteChanged,
  testRoute,
} from './admit.ts';
export { type PlaceTerms, placeCaps } from './counter-shards.ts';
export {
  admissionCountersAhead,
  type CountersAhead,
  openCounters,
  readCounters,
  setFlag,
  statusCounterKey,
} from './counters.ts';
export { submissionCounts } from './counts.ts';
export type { OpportunityCountersTable } from './opportunity-counters.table.ts';
export * from './place-clock.ts';
export * from './places.ts';
export { quotaCounterKeys } from './quota-cells.ts';
export { countStatusChange } from './status-counts.ts';
export * from './submission-statuses.ts';
