/** What other features may use of participants: everything else in this folder is its own. */

export {
  deleteExpiredSessionsAndLinks as deleteExpiredParticipantSessions,
  deleteSession as deleteParticipantSession,
  findSession as findParticipantSession,
  setPassword as setParticipantPassword,
} from './account-store.ts';
export {
  setParticipantLanguage,
  signUpParticipant,
  updateParticipantProfile,
} from './accounts.ts';
export {
  audienceOf,
  eligibilityOf,
  isEligible,
  isEligibleAudience,
  isVisibleTo,
  type ParsedAudience,
  readsGroups,
  TOOK_PART_STATUSES,
} from './eligibility.ts';
export {
  deleteAccountRows,
  lockParticipant,
  overwriteProfile,
  revokeAccess,
  sessionsOf,
} from './erase-store.ts';
export {
  choiceQuestionKeys,
  ERASED_NAME,
  ERASED_STATUS,
  erasedProfile,
  eraseFreeText,
  withoutMessageBody,
} from './erasure-rules.ts';
export {
  forgiveNoShows,
  NO_SHOW_MONTHS,
  noShowExpiry,
  noShowRecountsDue,
  recordNoShow,
  storeNoShowCount,
} from './no-shows.ts';
export {
  markAddressUndeliverable,
  participantOfUnsubscribeLink,
  setNewStudies,
} from './notifications.ts';
export { panelCatalog } from './panel-catalog.ts';
export {
  participantBackground,
  participantProfileBody,
  participantRowToParticipant,
} from './participant-view.ts';
export type { NewStudiesPreference, ParticipantRow } from './participants.table.ts';
export { createPreview, openPreview } from './preview.ts';
export {
  NEW_STUDIES_PREFERENCES,
  Participant,
  profileIssues,
  SignupBody,
} from './profile.ts';
export { recordDecision } from './reputation.ts';
export { PARTICIPANT_AUTH, PARTICIPANT_TAGS } from './route-options.ts';
export { ListQuery, ParticipantTaskBrief } from './schemas.ts';
export { type PanelSeeded, seedPanel } from './seed-store.ts';
export {
  answerScreener,
  pick,
  type Random,
  seededRandom,
  simulatedProfile,
} from './simulated-panel.ts';
export { findParticipant, findParticipantsByIds } from './store.ts';
export { findParticipantByTokenHash } from './tokens.ts';
export {
  participantOfUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from './unsubscribe-token.ts';
export { taskBrief } from './views.ts';
export {
  checkPassword,
  registerParticipant,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  startSession as startParticipantSession,
  verifyEmail,
} from './web-accounts.ts';
