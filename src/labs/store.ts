import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { selectOwned, updateOwned } from '../platform/db/tenant.ts';
import type { LabRow, LabsTable } from './labs.table.ts';

const live = (db: Db, organizationId: string) =>
  selectOwned(db, 'labs', organizationId).selectAll().where('labs.deleted_at', 'is', null);

export async function insertLab(db: Db, row: LabRow): Promise<void> {
  await db.insertInto('labs').values(row).execute();
}

export function findLab(db: Db, organizationId: string, id: string): Promise<LabRow | undefined> {
  return live(db, organizationId).where('labs.id', '=', id).executeTakeFirst();
}

/** The organization's labs, newest first (labs_organization). */
export function listLabs(
  db: Db,
  organizationId: string,
  page: { cursor?: string; limit: number },
): Promise<LabRow[]> {
  return keysetPage(live(db, organizationId), 'labs.id', 'desc', page).execute();
}

export async function updateLab(
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<Pick<LabsTable, 'name' | 'address' | 'time_zone' | 'capacity' | 'updated_at'>>,
): Promise<boolean> {
  const result = await updateOwned(db, 'labs', organizationId)
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes the lab's row lock on PostgreSQL (a no-op update), so session changes in one lab queue up
 * and the clash check of each sees the others; SQLite serializes writers anyway. Answers the lab.
 */
export async function lockLab(
  trx: Db,
  organizationId: string,
  id: string,
): Promise<LabRow | undefined> {
  const result = await updateOwned(trx, 'labs', organizationId)
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findLab(trx, organizationId, id);
}

/** The ids of sessions not cancelled that start after `now` in the lab (what blocks a delete). */
export async function futureSessionsIn(trx: Db, labId: string, now: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('study_sessions')
    .select('id')
    .where('lab_id', '=', labId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '>', now)
    .orderBy('starts_at')
    .limit(5)
    .execute();
  return rows.map((row) => row.id);
}

export async function softDeleteLab(trx: Db, id: string, now: string): Promise<void> {
  await trx
    .updateTable('labs')
    .set({ deleted_at: now, updated_at: now, calendar_token_hash: null })
    .where('id', '=', id)
    .execute();
}

export async function setCalendarTokenHash(
  db: Db,
  organizationId: string,
  id: string,
  hash: string | null,
  now: string,
): Promise<boolean> {
  const result = await updateOwned(db, 'labs', organizationId)
    .set({ calendar_token_hash: hash, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findLabByCalendarTokenHash(db: Db, hash: string): Promise<LabRow | undefined> {
  return db
    .selectFrom('labs')
    .selectAll()
    .where('calendar_token_hash', '=', hash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
