import type { Db } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import type { AuditActorKind, AuditEventRow } from './audit-events.table.ts';

/** Who acted, as the log shows it. */
export interface AuditActor {
  kind: AuditActorKind;
  id: string | null;
  label: string;
}

export interface AuditEntry {
  organizationId: string;
  actor: AuditActor;
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
  now?: Date;
}

/**
 * Writes one audit event. Call it inside the transaction of the change it records (as the ledger
 * and the outbox are written), so the log holds an event exactly when the change committed.
 */
export async function recordAuditEvent(trx: Db, entry: AuditEntry): Promise<AuditEventRow> {
  const now = entry.now ?? new Date();
  return trx
    .insertInto('audit_events')
    .values({
      id: newId('auditEvent', now.getTime()),
      organization_id: entry.organizationId,
      actor_kind: entry.actor.kind,
      actor_id: entry.actor.id,
      actor_label: entry.actor.label,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      details: JSON.stringify(entry.details ?? {}),
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The actor of a request made with an API key: its id, and its prefix as people see it. */
export function apiKeyActor(key: { id: string; key_prefix: string }): AuditActor {
  return { kind: 'api_key', id: key.id, label: `API key ${key.key_prefix}…` };
}

/** An operator at the `cohort` command line, who has no identity inside Cohort. */
export function operatorActor(label = 'operator (cohort CLI)'): AuditActor {
  return { kind: 'operator', id: null, label };
}

/**
 * Records an action when the caller says who acted (a request's key or session); jobs acting on
 * their own schedule pass no actor and record nothing here (their effects say so themselves).
 */
export async function recordActorEvent(
  trx: Db,
  actor: AuditActor | undefined,
  entry: Omit<AuditEntry, 'actor'>,
): Promise<void> {
  if (actor) await recordAuditEvent(trx, { ...entry, actor });
}
