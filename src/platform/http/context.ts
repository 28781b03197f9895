import type { Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../schema.ts';
import type { Awaitable } from '../db/awaitable.ts';
import type { Database, Db } from '../db/database.ts';
import type { LeaseHolder } from './lease-holder.ts';
import type { RateLimitPolicy } from './rate-limit.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import type { StoredRateLimitDecision } from './rate-limits.store.ts';

/** What every route plugin is handed: the database and the parsed configuration. */
export interface AppContext {
  database: Database;
  config: Config;
  rateLimit: RateLimitPolicy;
  rateLimitStore: RateLimitStore;
  /** Unix milliseconds; tests move it to cross time limits without sleeping. */
  clock: () => number;
  /** How credentials are looked up: the organizations and participants features supply these. */
  credentials: CredentialLookups;
  /** This process as the holder of the Idempotency-Key leases it takes (lease-holder.ts). */
  leaseHolder: LeaseHolder;
}

type ApiKeyRow = Selectable<DB['api_keys']>;
type OrganizationRow = Selectable<DB['organizations']>;
export type ParticipantRow = Selectable<DB['participants']>;
export type ApiKeyRole = ApiKeyRow['role'];

export interface KeyWithOrganization {
  key: ApiKeyRow;
  organization: OrganizationRow;
}

/**
 * The platform authenticates requests but knows no feature's tables: the application hands it
 * these lookups (src/server.ts). Each may answer synchronously on the embedded database. Each is
 * given the hash of the credential (hashSecret), worked out once per connection (auth.ts).
 */
export interface CredentialLookups {
  /** The key whose secret has this hash, and its organization, revoked and expired ones included. */
  findKeyByHash(db: Db, hash: string): Awaitable<KeyWithOrganization | undefined>;
  /**
   * PostgreSQL: the key as findKeyByHash finds it, and, when it is live (not revoked, not
   * expired, its organization active), the request counted against its rate limit, in one
   * statement (shared by the requests of a process that arrive together): one round trip per
   * batch where a lookup and then an upsert took two per request. `at` is the instant counted at.
   */
  findKeyAndCountRequest?(
    db: Db,
    hash: string,
    now: number,
    policy: RateLimitPolicy,
  ): Promise<{
    found: KeyWithOrganization | undefined;
    counted: StoredRateLimitDecision | undefined;
    at: number;
  }>;
  /** The participant whose token has this hash, whatever the participant's status. */
  findParticipantByTokenHash(db: Db, hash: string): Awaitable<ParticipantRow | undefined>;
}

export interface CustomerAuth {
  kind: 'customer';
  key: ApiKeyRow;
  organization: OrganizationRow;
}

/** Who may call a route: a customer API key (the default), a participant token, or anyone. */
export type RouteAuth = 'customer' | 'participant' | 'public';

/** What a customer route needs of the key's role; by default reads need `read`, writes `write`. */
export type Permission = 'read' | 'write' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    customer: CustomerAuth | undefined;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    permission?: Permission;
  }
}
