import type { AuditEventRow } from './audit-events.table.ts';
import type { AuditEventResponse } from './schemas.ts';

export function auditEventView(row: AuditEventRow): AuditEventResponse {
  return {
    id: row.id,
    actor_kind: row.actor_kind,
    actor_id: row.actor_id,
    actor_label: row.actor_label,
    action: row.action,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    created_at: row.created_at,
  };
}
