/** What other features (and the CLI) may use of the audit log: record an event in your transaction. */
export type { AuditActorKind } from './audit-events.table.ts';
export {
  type AuditActor,
  type AuditEntry,
  apiKeyActor,
  operatorActor,
  recordActorEvent,
  recordAuditEvent,
} from './record.ts';
export { sessionActor } from './session-actor.ts';
export { listAuditEvents } from './store.ts';
export { auditEventView } from './view.ts';
