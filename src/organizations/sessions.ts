import { randomBytes } from 'node:crypto';
import { hashSecret, newSecret } from '../platform/credentials.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import type { ApiKeyRole } from './api-keys.table.ts';
import type { LoginLinkRow } from './login-links.table.ts';
import type { OrganizationRow } from './organizations.table.ts';
import type { SessionRow } from './sessions.table.ts';
import { JOINED_ORGANIZATION_COLUMNS, joinedOrganization } from './store.ts';

/** Prefix of one-time sign-in link tokens, so they are recognisable in logs and scanners. */
export const LOGIN_LINK_PREFIX = 'cl_';

export interface SessionIdentity {
  organizationId: string;
  userId: string | null;
  role: ApiKeyRole;
  label: string;
}

/** Opens a session; the token (the cookie's value) is returned once and stored only hashed. */
export async function createSession(
  db: Db,
  identity: SessionIdentity,
  times: { now: Date; ttlMs: number },
): Promise<{ token: string; session: SessionRow }> {
  const token = randomBytes(32).toString('base64url');
  const session = await db
    .insertInto('sessions')
    .values({
      token_hash: hashSecret(token),
      organization_id: identity.organizationId,
      user_id: identity.userId,
      role: identity.role,
      label: identity.label,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: times.now.toISOString(),
      expires_at: new Date(times.now.getTime() + times.ttlMs).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
}

export interface SessionWithOrganization {
  session: SessionRow;
  organization: OrganizationRow;
}

const sessionByHash = prepared((db, p: { hash: string; now: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.token_hash',
      's.organization_id',
      's.user_id',
      's.role',
      's.label',
      's.csrf_token',
      's.created_at as session_created_at',
      's.expires_at',
      'u.disabled_at',
      ...JOINED_ORGANIZATION_COLUMNS,
    ])
    .where('s.token_hash', '=', p.hash)
    .where('s.expires_at', '>', p.now),
);

/**
 * The live session behind a cookie, with its organization, in one indexed join. A user disabled
 * after signing in loses the session at once.
 */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<SessionWithOrganization | undefined> {
  const [row] = await sessionByHash(db, { hash: hashSecret(token), now: now.toISOString() });
  if (!row || row.disabled_at) return undefined;
  return {
    session: {
      token_hash: row.token_hash,
      organization_id: row.organization_id,
      user_id: row.user_id,
      role: row.role,
      label: row.label,
      csrf_token: row.csrf_token,
      created_at: row.session_created_at,
      expires_at: row.expires_at,
    },
    organization: joinedOrganization(row),
  };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashSecret(token)).execute();
}

/** Expired sessions and links are dead weight; sign-in sweeps them now and then. */
export async function deleteExpired(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.deleteFrom('sessions').where('expires_at', '<=', at).execute();
  await db.deleteFrom('login_links').where('expires_at', '<=', at).execute();
}

export async function createLoginLink(
  db: Db,
  identity: SessionIdentity,
  times: { now: Date; ttlMs: number },
): Promise<{ token: string; link: LoginLinkRow }> {
  const token = newSecret(LOGIN_LINK_PREFIX);
  const link = await db
    .insertInto('login_links')
    .values({
      token_hash: hashSecret(token),
      organization_id: identity.organizationId,
      user_id: identity.userId,
      role: identity.role,
      label: identity.label,
      created_at: times.now.toISOString(),
      expires_at: new Date(times.now.getTime() + times.ttlMs).toISOString(),
      used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, link };
}

/**
 * Marks the link used, as a compare-and-set on `used_at is null` and the expiry: of two requests
 * racing with one link, exactly one gets the row back.
 */
export async function consumeLoginLink(
  db: Db,
  token: string,
  now: Date,
): Promise<LoginLinkRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('login_links')
    .set({ used_at: at })
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}
