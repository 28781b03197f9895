import type { AuditActor } from './record.ts';

/** The actor of a dashboard session: the person signed in, or an operator's link session. */
export function sessionActor(session: { user_id: string | null; label: string }): AuditActor {
  return { kind: 'session', id: session.user_id, label: session.label };
}
