import { recordLedgerEntry } from '../finance/index.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import { uniqueSlug } from '../platform/slug.ts';
import type { OrganizationRow } from './organizations.table.ts';

export interface NewOrganization {
  name: string;
  balanceCents?: number;
  overdraftLimitCents?: number;
  platformFeeCents: number;
  hideIdentity?: boolean;
}

/** Creates the organization and, when it starts with money, the credit row that explains it. */
export async function createOrganization(
  trx: Db,
  input: NewOrganization,
): Promise<OrganizationRow> {
  const now = isoNow();
  const organization = await trx
    .insertInto('organizations')
    .values({
      id: newId('organization'),
      name: input.name,
      slug: uniqueSlug(input.name),
      status: 'active',
      balance_cents: 0,
      overdraft_limit_cents: input.overdraftLimitCents ?? 0,
      platform_fee_cents: input.platformFeeCents,
      hide_identity: input.hideIdentity ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.balanceCents && input.balanceCents !== 0) {
    await recordLedgerEntry(trx, {
      organizationId: organization.id,
      kind: 'credit',
      amountCents: input.balanceCents,
      memo: 'Starting balance',
    });
  }
  return findOrganization(trx, organization.id) as Promise<OrganizationRow>;
}

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setOrganizationStatus(
  db: Db,
  id: string,
  status: 'active' | 'banned' | 'deleted',
) {
  await db
    .updateTable('organizations')
    .set({ status, updated_at: isoNow() })
    .where('id', '=', id)
    .execute();
}

export async function countOrganizations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organization's columns under the alias `o`, for reads that join it to a credential. */
export const JOINED_ORGANIZATION_COLUMNS = [
  'o.id',
  'o.name',
  'o.slug',
  'o.status',
  'o.balance_cents',
  'o.overdraft_limit_cents',
  'o.platform_fee_cents',
  'o.hide_identity',
  'o.created_at',
  'o.updated_at',
] as const;

/** The organization half of a row read with JOINED_ORGANIZATION_COLUMNS. */
export function joinedOrganization(row: OrganizationRow): OrganizationRow {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    balance_cents: Number(row.balance_cents),
    overdraft_limit_cents: Number(row.overdraft_limit_cents),
    platform_fee_cents: Number(row.platform_fee_cents),
    hide_identity: row.hide_identity,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
