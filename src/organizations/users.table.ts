import type { Insertable, Selectable } from 'kysely';
import type { ApiKeyRole } from './api-keys.table.ts';

/** A person who signs in to the dashboard. Roles are the API keys' roles. */
export interface UsersTable {
  id: string;
  organization_id: string;
  /** Lower-cased; unique across organizations. */
  email: string;
  /** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), or null: signs in by login link only. */
  password_hash: string | null;
  role: ApiKeyRole;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
