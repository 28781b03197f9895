export { type GradeIssue, type GradeResult, gradeApplication, overallOutcome } from './grade.ts';
export {
  MAX_TEXT_ANSWER_LENGTH,
  type NormalizedScreener,
  normalizeScreener,
  type Screener,
  type ScreenerInput,
  type ScreenerIssue,
} from './normalize.ts';
export { BOOLEAN_ANSWERS, conditionsHold, gridCellValue } from './options.ts';
export { type ParticipantViewOptions, participantScreenerView } from './participant-view.ts';
export {
  admissionCaps,
  crossQuotaCellKey,
  crossQuotaProgress,
  maximumCellCaps,
  QUOTA_CELL_KEY_PREFIXES,
  type QuotaAdmissionInput,
  type QuotaAnswers,
  type QuotaCounts,
  type QuotaDecision,
  quotaAdmission,
  quotaCellKey,
  quotaCellsFor,
  quotaProgress,
} from './quotas.ts';
export * from './schemas.ts';
export { keepShownAnswers, type VisibilityOfQuestion } from './shown-answers.ts';
export {
  addToScreeningStats,
  emptyScreeningStats,
  gradedCounterKey,
  rejectedCounterKey,
  type ScreeningStatsCounters,
  screeningStatCounters,
  screeningStatsView,
  selectedCounterKey,
} from './stats.ts';
