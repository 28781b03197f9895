/** What other features may use of organizations: everything else in this folder is its own. */
export type { ApiKeyRole } from './api-keys.table.ts';
export {
  createApiKey,
  findKeyAndCountRequest,
  findKeyByHash,
  listApiKeys,
  revokeApiKey,
  revokeOwnedApiKey,
} from './api-keys.ts';
export { issueApiKey, withdrawApiKey } from './key-admin.ts';
export {
  consumeLoginLink,
  createLoginLink,
  createSession,
  deleteExpired,
  deleteSession,
  findSession,
  type SessionIdentity,
  type SessionWithOrganization,
} from './sessions.ts';
export { countOrganizations, createOrganization, findOrganization } from './store.ts';
export {
  changeMemberRole,
  INVITATION_TTL_MS,
  inviteMember,
  listMembers,
  removeMember,
  setOwnPassword,
} from './team.ts';
export { createUser, findOwnedUser, findOwnedUserByEmail, findUserByEmail } from './users.ts';
