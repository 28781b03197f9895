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
  storedDecisions,
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

/**
 * One indexed join per request: the key by the hash of its secret (hashSecret), and the
 * organization it belongs to.
 */
export function findKeyByHash(db: Db, hash: string): Awaitable<KeyWithOrganization | undefined> {
  return andThen(keyByHash(db, { hash }), ([row]) => {
    if (!row) return undefined;
    if (!row.revoked_at) noteUse(db, row.key_id, Date.now());
    return keyWithOrganization(row);
  });
}

/**
 * PostgreSQL's request path (CredentialLookups.findKeyAndCountRequest): the key looked up and the
 * request counted against its rate limit in one statement, the count made only for a key acceptKey
 * (platform auth) lets in, so a refused key is never counted. Run on `database.relaxed`: the count
 * is exact across processes (the upsert's row lock), and no request waits for an fsync.
 *
 * The requests of a process share statements: one is in flight at a time, and the requests that
 * arrive meanwhile go together in the next, each key once with its number of requests (the
 * statement leaves the key's count as that many requests one after another would, and says how
 * many it accepted: rate-limits.store.ts). So under load a process makes one such round trip per
 * batch rather than per request, with no cache: every request's key is read by a statement sent
 * after the request arrived, so a revocation takes effect on the next request in every process
 * (docs/decisions/0132-rate-limit-counted-with-the-key-lookup.md).
 */
export function findKeyAndCountRequest(
  db: Db,
  hash: string,
  now: number,
  policy: RateLimitPolicy,
): Promise<CountedKey> {
  let batcher = batchers.get(db)?.get(policy);
  if (!batcher) {
    batcher = new KeyCountBatcher(db, policy);
    const byPolicy = batchers.get(db) ?? new Map<RateLimitPolicy, KeyCountBatcher>();
    byPolicy.set(policy, batcher);
    batchers.set(db, byPolicy);
  }
  return batcher.count(hash, now);
}

export interface CountedKey {
  found: KeyWithOrganization | undefined;
  counted: StoredRateLimitDecision | undefined;
  /** The instant the request was counted at (the latest clock reading of its batch). */
  at: number;
}

const batchers = new WeakMap<Db, Map<RateLimitPolicy, KeyCountBatcher>>();

interface Waiting {
  now: number;
  resolve: (counted: CountedKey) => void;
  reject: (error: unknown) => void;
}

type KeyAndCountParams = {
  /** The batch's key hashes, and its requests per hash (each at most the limit). */
  hashes: string[];
  requests: number[];
  now: number;
  nowIso: string;
  limit: number;
  quietMs: number;
};

/**
 * The statement of a batch, built and compiled once (`prepared`): its text does not change between
 * batches (the hashes are one array parameter), and building, compiling and looking up the name of
 * its 1.5 kB text for every batch was 3.5% of a PostgreSQL `serve` process's busy samples under a
 * project read load; compiled once, serve CPU per project read went from 27.1 to 24.7 µs (means of
 * alternating rounds; docs/decisions/0140-hot-statements-compiled-once.md).
 */
const keyAndCount = prepared((_db, p: KeyAndCountParams) => keyAndCountStatement(p));

function keyAndCountStatement(p: KeyAndCountParams) {
  const at = sql`cast(${p.now} as bigint)`;
  const counted = rateLimitUpsert(
    sql`
      select key_id, requests, ${at}, requests from found
      where revoked_at is null and (expires_at is null or expires_at > ${p.nowIso})
        and status = 'active'
      order by key_id`,
    at,
    {
      limit: sql`cast(${p.limit} as integer)`,
      quietMs: sql`cast(${p.quietMs} as bigint)`,
    },
  );
  // The rows are upserted in key order, so two processes' batches lock shared keys in the same
  // order and cannot deadlock.
  return sql<KeyRow & { requests: number } & Partial<StoredRateLimitRow>>`
    with found as (
      select w.requests, k.id as key_id, k.organization_id as key_organization_id, k.role,
        k.key_hash, k.key_prefix, k.created_at as key_created_at, k.expires_at, k.revoked_at,
        k.last_used_at, o.id, o.name, o.slug, o.status, o.balance_cents, o.overdraft_limit_cents,
        o.platform_fee_cents, o.hide_identity, o.created_at, o.updated_at
      from unnest(cast(${p.hashes} as text[]), cast(${p.requests} as integer[])) as w(hash, requests)
      join api_keys k on k.key_hash = w.hash
      join organizations o on o.id = k.organization_id
    ),
    counted as (${counted})
    select found.*, counted.accepted_count, counted.last_accepted_at, counted.last_decision_accepted
    from found left join counted on counted.key_id = found.key_id
  `;
}

class KeyCountBatcher {
  readonly #db: Db;
  readonly #policy: RateLimitPolicy;
  #waiting = new Map<string, Waiting[]>();
  #busy = false;

  constructor(db: Db, policy: RateLimitPolicy) {
    this.#db = db;
    this.#policy = policy;
  }

  count(hash: string, now: number): Promise<CountedKey> {
    return new Promise((resolve, reject) => {
      const list = this.#waiting.get(hash);
      if (list) list.push({ now, resolve, reject });
      else this.#waiting.set(hash, [{ now, resolve, reject }]);
      // The requests read in this turn of the event loop go together; later ones wait for the
      // statement in flight.
      if (!this.#busy) {
        this.#busy = true;
        setImmediate(() => this.#send());
      }
    });
  }

  #send(): void {
    const batch = this.#waiting;
    this.#waiting = new Map();
    if (batch.size === 0) {
      this.#busy = false;
      return;
    }
    this.#run(batch)
      .catch((error) => {
        for (const list of batch.values()) for (const waiting of list) waiting.reject(error);
      })
      .finally(() => this.#send());
  }

  async #run(batch: Map<string, Waiting[]>): Promise<void> {
    const hashes = [...batch.keys()];
    const limit = this.#policy.limit;
    const requests = hashes.map((hash) => Math.min(batch.get(hash)!.length, limit));
    let now = 0;
    for (const list of batch.values()) for (const waiting of list) now = Math.max(now, waiting.now);
    const rows = await keyAndCount(this.#db, {
      hashes,
      requests,
      now,
      nowIso: new Date().toISOString(),
      limit: this.#policy.limit,
      quietMs: this.#policy.quietMs,
    });
    const byHash = new Map(rows.map((row) => [row.key_hash, row]));
    for (const [hash, list] of batch) {
      const row = byHash.get(hash);
      if (!row) {
        for (const waiting of list)
          waiting.resolve({ found: undefined, counted: undefined, at: now });
        continue;
      }
      if (!row.revoked_at) noteUse(this.#db, row.key_id, Date.now());
      const found = keyWithOrganization(row);
      const decisions =
        row.accepted_count === undefined || row.accepted_count === null
          ? undefined
          : storedDecisions(row as StoredRateLimitRow, list.length);
      list.forEach((waiting, i) => {
        waiting.resolve({ found, counted: decisions?.[i], at: now });
      });
    }
  }
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
