/** What other features may use of filters: everything else in this folder is its own. */
export type { AudiencePlan, AudiencePredicate } from './audience-plan.ts';
export {
  countryLabel,
  filterCategoryLabel,
  filterLabel,
  filterOptionLabel,
  hasFilterLabel,
} from './filter-names.ts';
export {
  audiencePlan,
  audienceSelectivity,
  COUNTRY,
  type FilterCatalogEntry,
  filterCatalog,
  filterDefinition,
  filterOptionName,
  loadGeography,
  matchContext,
  matchesFilters,
  referencedGroupIds,
  referencedOpportunityIds,
  searchFilterOptions,
  stateAndSubdivisions,
  validateFilters,
  validateProfileAttributes,
} from './geography-filters.ts';
export {
  ageAt,
  type CompiledFilters,
  compileFilters,
  type MatchContext,
  matchesCompiledFilters,
  type ParticipantProfile,
} from './matching.ts';
