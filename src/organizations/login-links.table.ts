import type { Selectable } from 'kysely';
import type { ApiKeyRole } from './api-keys.table.ts';

/** A one-time sign-in link (`cohort login-link`); only the token's SHA-256 is stored. */
export interface LoginLinksTable {
  token_hash: string;
  organization_id: string;
  user_id: string | null;
  role: ApiKeyRole;
  label: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type LoginLinkRow = Selectable<LoginLinksTable>;
