import type { Insertable, Selectable } from 'kysely';
import type { ApiKeyRole } from './api-keys.table.ts';

/** A signed-in browser. The cookie holds the token; only its SHA-256 is stored. */
export interface SessionsTable {
  token_hash: string;
  organization_id: string;
  /** Null for an operator's session opened by a login link that named no user. */
  user_id: string | null;
  role: ApiKeyRole;
  /** Who is signed in, as the page header shows it: the email, or "Operator". */
  label: string;
  /** The synchronizer token every form of this session carries. */
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
