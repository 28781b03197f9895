/** What other features may use of filters: everything else in this folder is its own. */
export {
  audienceSelectivity,
  matchesFilters,
  referencedOpportunityIds,
  validateFilters,
  validateProfileAttributes,
} from './geography-filters.ts';
export { ageAt, type ParticipantProfile } from './matching.ts';
