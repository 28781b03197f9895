import type { Db } from '../platform/db/database.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import type { Attendance } from './sessions.table.ts';

/**
 * The events of lab sessions (docs/decisions/0178-lab-sessions.md), written to the outbox in the
 * caller's transaction; their data is what webhook receivers get (docs/webhooks.md).
 */

/** A session was cancelled: everyone enrolled was told, and their seats went back. */
export interface SessionCancelledEvent {
  type: 'session.cancelled';
  data: {
    session_id: string;
    opportunity_id: string;
    lab_id: string | null;
    starts_at: string;
    /** The submissions whose seats were given back. */
    submission_ids: string[];
  };
}

/** Attendance was recorded on a session: one event per call, every entry in it. */
export interface AttendanceRecordedEvent {
  type: 'attendance.recorded';
  data: {
    session_id: string;
    opportunity_id: string;
    entries: { submission_id: string; participant_id: string; status: Attendance }[];
  };
}

export type SessionEvent = SessionCancelledEvent | AttendanceRecordedEvent;

export async function writeSessionEvent(
  trx: Db,
  organizationId: string,
  event: SessionEvent,
): Promise<void> {
  await writeEvent<SessionEvent>(trx, organizationId, event);
}
