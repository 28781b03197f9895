/** What other features may use of participants: everything else in this folder is its own. */
export { signUpParticipant } from './accounts.ts';
export { eligibilityOf, isVisibleTo } from './eligibility.ts';
export type { ParticipantRow } from './participants.table.ts';
export { participantBackground, participantRowToParticipant, SignupBody } from './profile.ts';
export { PARTICIPANT_AUTH, PARTICIPANT_TAGS } from './route-options.ts';
export { ListQuery, ParticipantTaskBrief } from './schemas.ts';
export {
  answerScreener,
  pick,
  type Random,
  seededRandom,
  simulatedProfile,
} from './simulated-panel.ts';
export { findParticipant, findParticipantsByIds } from './store.ts';
export { findParticipantByToken } from './tokens.ts';
export { taskBrief } from './views.ts';
