import type { Insertable, Selectable } from 'kysely';

/** Who did something: an API key, a dashboard user's session, or an operator at the CLI. */
export type AuditActorKind = 'api_key' | 'session' | 'operator';

/**
 * One thing done to an organization's data that someone may later need to account for
 * (docs/decisions/0092-team-keys-and-audit-log.md): written in the transaction of the change
 * itself, never after.
 */
export interface AuditEventsTable {
  id: string;
  organization_id: string;
  actor_kind: AuditActorKind;
  /** The key or user id; null for an operator, who has no id in Cohort. */
  actor_id: string | null;
  /** What a person reading the log recognises: `API key ck_Ab12…`, `ana@example.org`, `operator`. */
  actor_label: string;
  /** `<noun>.<verb>`, e.g. `opportunity.pay_frequency.set`, `bonus.paid`. */
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON object: what changed, in the action's own words. */
  details: string;
  created_at: string;
}

export type AuditEventRow = Selectable<AuditEventsTable>;
export type NewAuditEventRow = Insertable<AuditEventsTable>;
