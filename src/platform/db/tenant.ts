import type { SelectQueryBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { DB } from '../../schema.ts';
import type { Db } from './database.ts';

/** Tables that hold one organization's data. */
export type OwnedTable = {
  [K in keyof DB]: DB[K] extends { organization_id: string } ? K : never;
}[keyof DB];

/**
 * Every read of customer data starts here, so the organization filter cannot be forgotten: an id of
 * another organization simply is not found.
 */
export function selectOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  organizationId: string,
): SelectQueryBuilder<DB, T, object> {
  const query = db.selectFrom(table as OwnedTable) as unknown as SelectQueryBuilder<DB, T, object>;
  // biome-ignore lint/suspicious/noExplicitAny: the column exists on every OwnedTable by construction
  return query.where(`${table}.organization_id` as any, '=', organizationId);
}

export function updateOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  organizationId: string,
): UpdateQueryBuilder<DB, T, T, UpdateResult> {
  const query = db.updateTable(table as OwnedTable) as unknown as UpdateQueryBuilder<
    DB,
    T,
    T,
    UpdateResult
  >;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return query.where(`${table}.organization_id` as any, '=', organizationId);
}
