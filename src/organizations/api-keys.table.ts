import type { Insertable, Selectable } from 'kysely';

export type ApiKeyRole = 'owner' | 'member' | 'viewer';

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  role: ApiKeyRole;
  /** SHA-256 of the key, hex: the key itself is shown once and never stored. */
  key_hash: string;
  /** The first characters, so people can tell keys apart in listings. */
  key_prefix: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  /** Recorded at most once a minute per key and process (api-keys.ts). */
  last_used_at: string | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
