import type { Config } from '../../config.ts';
import type { ApiKeyRow } from '../../organizations/api-keys.table.ts';
import type { OrganizationRow } from '../../organizations/organizations.table.ts';
import type { Database } from '../db/database.ts';
import type { RateLimitPolicy } from './rate-limit.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/** What every route plugin is handed: the database and the parsed configuration. */
export interface AppContext {
  database: Database;
  config: Config;
  rateLimit: RateLimitPolicy;
  rateLimitStore: RateLimitStore;
  /** Unix milliseconds; tests move it to cross time limits without sleeping. */
  clock: () => number;
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
