export * from './auto-price.ts';
export { closeFeasibilityRequest } from './close.ts';
export * from './decimal-cents.ts';
export type { FeasibilityEvent, FeasibilityStatusChangeEvent } from './events.ts';
export type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
export * from './feasibility-status.ts';
export { feasibilityRowToRequest } from './feasibility-view.ts';
export { moveFeasibilityRequest } from './move.ts';
export { respondToFeasibilityRequest } from './respond.ts';
export {
  findFeasibilityRequest,
  findFeasibilityRequestAnyOrganization,
  listFeasibilityRequests,
} from './store.ts';
