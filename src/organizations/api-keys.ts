import { sql } from 'kysely';
import { API_KEY_PREFIX, displayPrefix, hashSecret, newSecret } from '../platform/credentials.ts';
import { type Awaitable, andThen } from '../platform/db/awaitable.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared, rowMapper } from '../platform/db/prepared.ts';
import type { KeyWithOrganization } from '../platform/http/context.ts';
import type { RateLimitPolicy } from '../platform/http/rate-limit.ts';
import {
  rateLimitUpsert,
  type StoredRateLimitDecision,
  type StoredRateLimitRow,
  sqlNow,
  storedDecision,
} from '../platform/http/rate-limits.store.ts';
import { newId } from '../platform/ids.ts';
import type { ApiKeyRole, ApiKeyRow } from './api-keys.table.ts';
import { JOINED_ORGANIZATION_COLUMNS, joinedOrganization } from './store.ts';

export interface CreatedApiKey {
  key: ApiKeyRow;
  /** The secret, shown once. */
  apiKey: string;
}

export async function createApiKey(
  db: Db,
  organizationId: string,
  role: ApiKeyRole,
): Promise<CreatedApiKey> {
  const apiKey = newSecret(API_KEY_PREFIX);
  const key = await db
    .insertInto('api_keys')
    .values({
      id: newId('apiKey'),
      organization_id: organizationId,
      role,
      key_hash: hashSecret(apiKey),
      key_prefix: displayPrefix(apiKey),
      created_at: isoNow(),
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, apiKey };
}

export async function revokeApiKey(db: Db, keyId: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: isoNow() })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const keyByHash = prepared((db, p: { hash: string }) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('organizations as o', 'o.id', 'k.organization_id')
    .select([
      'k.id as key_id',
      'k.organization_id as key_organization_id',
      'k.role',
      'k.key_hash',
      'k.key_prefix',
      'k.created_at as key_created_at',
      'k.expires_at',
      'k.revoked_at',
      'k.last_used_at',
      ...JOINED_ORGANIZATION_COLUMNS,
    ])
    .where('k.key_hash', '=', p.hash),
);

type KeyRow = Awaited<ReturnType<typeof keyByHash>>[number];

const keyWithOrganization = rowMapper(
  (row: KeyRow): KeyWithOrganization => ({
    key: Object.freeze({
      id: row.key_id,
      organization_id: row.key_organization_id,
      role: row.role,
      key_hash: row.key_hash,
      key_prefix: row.key_prefix,
      created_at: row.key_created_at,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
      last_used_at: row.last_used_at,
    }),
    organization: Object.freeze(joinedOrganization(row)),
  }),
);

/** Last use is written at most this often per key and process: a write a minute, not a request. */
const LAST_USE_EVERY_MS = 60_000;
const lastUseWritten = new Map<string, number>();

/**
 * Records that a key was used, unless this process did within the minute. Not awaited by the
 * request: a failed write costs only the freshness of the key list.
 */
function noteUse(db: Db, keyId: string, now: number): void {
  if (now - (lastUseWritten.get(keyId) ?? 0) < LAST_USE_EVERY_MS) return;
  if (lastUseWritten.size >= 10_000) lastUseWritten.clear();
  lastUseWritten.set(keyId, now);
  db.updateTable('api_keys')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('id', '=', keyId)
    .execute()
    .catch(() => lastUseWritten.delete(keyId));
}

/** One indexed join per request: the key by its hash, and the organization it belongs to. */
export function findKeyBySecret(
  db: Db,
  secret: string,
): Awaitable<KeyWithOrganization | undefined> {
  return andThen(keyByHash(db, { hash: hashSecret(secret) }), ([row]) => {
    if (!row) return undefined;
    if (!row.revoked_at) noteUse(db, row.key_id, Date.now());
    return keyWithOrganization(row);
  });
}

/**
 * PostgreSQL's request path (CredentialLookups.findKeyAndCountRequest): the key lookup and the
 * rate-limit upsert in one statement, the upsert made only for a key acceptKey (platform auth)
 * lets in, so a refused key is never counted. Run on `database.relaxed`: the count is exact across
 * processes (the upsert's row lock), and no request waits for an fsync (docs/decisions.md,
 * "Webhooks, scale-out and stampedes"). The key read is as fresh as any: revoking takes effect on
 * the next request everywhere.
 */
export async function findKeyAndCountRequest(
  db: Db,
  secret: string,
  now: number,
  policy: RateLimitPolicy,
): Promise<{
  found: KeyWithOrganization | undefined;
  counted: StoredRateLimitDecision | undefined;
}> {
  const nowIso = new Date().toISOString();
  const counted = rateLimitUpsert(
    sql`
      select key_id, 1, ${sqlNow(now)}, 1 from found
      where revoked_at is null and (expires_at is null or expires_at > ${nowIso})
        and status = 'active'`,
    now,
    policy,
  );
  const { rows } = await sql<KeyRow & Partial<StoredRateLimitRow>>`
    with found as (
      select k.id as key_id, k.organization_id as key_organization_id, k.role, k.key_hash,
        k.key_prefix, k.created_at as key_created_at, k.expires_at, k.revoked_at, k.last_used_at,
        o.id, o.name, o.slug, o.status, o.balance_cents, o.overdraft_limit_cents,
        o.platform_fee_cents, o.hide_identity, o.created_at, o.updated_at
      from api_keys k join organizations o on o.id = k.organization_id
      where k.key_hash = ${hashSecret(secret)}
    ),
    counted as (${counted})
    select found.*, counted.* from found left join counted on true
  `.execute(db);
  const [row] = rows;
  if (!row) return { found: undefined, counted: undefined };
  if (!row.revoked_at) noteUse(db, row.key_id, Date.now());
  return {
    found: keyWithOrganization(row),
    counted:
      row.accepted_count === undefined || row.accepted_count === null
        ? undefined
        : storedDecision(row as StoredRateLimitRow),
  };
}

/** Every key of an organization, newest first, revoked ones too (the dashboard's key list). */
export function listApiKeys(db: Db, organizationId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one of the organization's own keys; false when it has no such live key. */
export async function revokeOwnedApiKey(
  db: Db,
  organizationId: string,
  keyId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: isoNow() })
    .where('id', '=', keyId)
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
