/** Route options every participant route shares. */
export const PARTICIPANT_AUTH = { auth: 'participant' as const };
export const PARTICIPANT_TAGS = ['Participant'];
