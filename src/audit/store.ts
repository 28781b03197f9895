import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import type { AuditEventRow } from './audit-events.table.ts';

/** One organization's audit events, newest first (ids are time-ordered): audit_events_organization. */
export async function listAuditEvents(
  db: Db,
  organizationId: string,
  page: { cursor?: string; limit: number },
): Promise<AuditEventRow[]> {
  return keysetPage(
    selectOwned(db, 'audit_events', organizationId).selectAll(),
    'id',
    'desc',
    page,
  ).execute();
}
