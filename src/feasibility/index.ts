export * from './auto-price.ts';
export { autoPriceFeasibility } from './auto-price.ts';
export * from './decimal-cents.ts';
export { formatCents } from './decimal-cents.ts';
export type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
export * from './feasibility-status.ts';
export { feasibilityRowToRequest } from './feasibility-view.ts';
export {
  closeFeasibilityRequest,
  findFeasibilityRequest,
  findFeasibilityRequestAnyOrganization,
  listFeasibilityRequests,
  moveFeasibilityRequest,
  respondToFeasibilityRequest,
} from './store.ts';
