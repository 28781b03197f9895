/** What other features may use of invitations: everything else in this folder is its own. */

export { countEligibleNotInvited, eligibleParticipants } from './eligible.ts';
export type { InvitationDelivery, InvitationsTable } from './invitations.table.ts';
export { type InvitationResult, inviteParticipants } from './invite.ts';
export { outreachRunOf, startOutreach } from './outreach.ts';
export type { OutreachRunRow } from './outreach-runs.table.ts';
export { invitationRoutes } from './routes.ts';
export { deleteInvitationsOf, invitationsOf, recruitmentByInvitation } from './store.ts';
