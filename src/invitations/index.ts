/** What other features may use of invitations: everything else in this folder is its own. */

export { eligibleParticipants } from './eligible.ts';
export type { InvitationDelivery, InvitationsTable } from './invitations.table.ts';
export { type InvitationResult, inviteParticipants } from './invite.ts';
export { invitationRoutes } from './routes.ts';
export { deleteInvitationsOf, invitationsOf } from './store.ts';
