/** What other features may use of participant groups: what filters and matching need. */
export { groupIdsOfParticipant, ownGroupIds, removeFromAllGroups } from './store.ts';
