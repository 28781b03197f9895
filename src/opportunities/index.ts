export { admissionTerms } from './admission-terms.ts';
export { stopOpportunity } from './close.ts';
export { isCompletionCode, normalizeCompletionCode } from './completion-codes.ts';
export {
  createOpportunity,
  type OpportunityInput,
  type OwnGroupIds,
  priceDraft,
} from './create.ts';
export * from './dashboard-links.ts';
export { deleteDraft, editDraft, type OpportunityPatch } from './edit.ts';
export {
  type OpportunityEvent,
  type OpportunityStatusChangeEvent,
  type OutreachMoment,
  opportunityClosing,
  opportunityLaunched,
  outreachChanged,
} from './events.ts';
export * from './file-upload-settings.ts';
export { launchOpportunity } from './launch.ts';
export type { OpportunityRow } from './opportunities.table.ts';
export { type OpportunityTask, opportunityParts } from './opportunity-parts.ts';
export * from './opportunity-status.ts';
export { financeUrl, opportunityRowToOpportunity } from './opportunity-view.ts';
export { OUTREACH_LIMITS, type Outreach, outreachOf } from './outreach.ts';
export * from './participant-url.ts';
export { pauseOpportunity, resumeOpportunity } from './pause-resume.ts';
export {
  PAY_FREQUENCIES,
  type PayFrequencyChange,
  type PayFrequencySetting,
} from './pay-frequency.ts';
export * from './refunds.ts';
export { setScheduled } from './schedule.ts';
export { schemaFindings } from './schema-findings.ts';
export {
  CreateOpportunityBody,
  type OpportunityResponse,
  PatchOpportunityBody,
} from './schemas.ts';
export { setPayFrequency } from './set-pay-frequency.ts';
export { refreshPlacesStatus, refreshPlacesStatusAfter, setOpportunityStatus } from './status.ts';
export {
  findOpportunitiesForParticipant,
  findOpportunity,
  findOpportunityForParticipant,
  listOpportunities,
  listRecruitingOpportunities,
  lockOpportunity,
  lockOrganization,
  type OpportunitySummaryRow,
  openOpportunitiesNaming,
  ownOpportunityIds,
  readPlacesState,
} from './store.ts';
export * from './time-limits.ts';
export * from './transitions.ts';
export {
  answersInStudyLanguage,
  isStudyLanguage,
  localizedOpportunity,
  participantLanguage,
  STUDY_LANGUAGE_NAMES,
  STUDY_LANGUAGES,
  type StudyLanguage,
  type StudyTranslation,
  type Translations,
  translationsOf,
} from './translations.ts';
