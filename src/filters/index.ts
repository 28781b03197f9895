/** What other features may use of filters: everything else in this folder is its own. */
export {
  audienceSelectivity,
  COUNTRY,
  type FilterCatalogEntry,
  filterCatalog,
  filterDefinition,
  filterOptionName,
  matchesFilters,
  referencedOpportunityIds,
  searchFilterOptions,
  validateFilters,
  validateProfileAttributes,
} from './geography-filters.ts';
export { ageAt, type ParticipantProfile } from './matching.ts';
