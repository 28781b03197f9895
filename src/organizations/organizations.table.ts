import type { Insertable, Selectable, Updateable } from 'kysely';

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string;
  /** active, banned or deleted: keys of a banned or deleted organization get the nested 403. */
  status: string;
  /** Cached sum of the organization's ledger entries, updated in the same transaction. */
  balance_cents: number;
  overdraft_limit_cents: number;
  platform_fee_cents: number;
  hide_identity: number;
  created_at: string;
  updated_at: string;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type NewOrganizationRow = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
