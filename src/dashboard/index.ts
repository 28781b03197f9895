/** What other features may use of dashboard: everything else in this folder is its own. */
export { LOGIN_LINK_TTL_MS } from './session.ts';
