import type { AbandonedReason } from '../admission/index.ts';
import type { Db } from '../platform/db/database.ts';
import { writeEvent, writeEventWithNext } from '../platform/events/outbox.ts';
import type { SubmissionRow } from './submissions.table.ts';

/**
 * The events the submissions feature writes to the outbox (src/platform/events/outbox.ts); their
 * data is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/**
 * A submission changed status; a new application has `previous_status` null. A move to abandoned
 * says why in `abandoned_reason` (returned, timed_out, withdrawn; from a session's attendance
 * no_show, excused, not_needed).
 */
export interface SubmissionStatusChangeEvent {
  type: 'submission.status.change';
  data: {
    submission_id: string;
    opportunity_id: string;
    participant_id: string;
    previous_status: string | null;
    status: string;
    abandoned_reason?: AbandonedReason;
  };
}

/** A participant qualified and now waits for the researcher's invite or decline. */
export interface ApplicantCreatedEvent {
  type: 'applicant.created';
  data: {
    applicant_id: string;
    opportunity_id: string;
    participant_id: string;
    screening_outcome: string | null;
  };
}

export type SubmissionEvent = SubmissionStatusChangeEvent | ApplicantCreatedEvent;

/**
 * Every submission event is written here, in the caller's transaction. A test participant's
 * submission (docs/decisions/0080-previews-with-test-participants.md) writes none: it never reaches
 * the outbox, so no webhook subscription can receive it, whatever code changes its status.
 */
export async function writeSubmissionEvent(
  trx: Db,
  submission: Pick<SubmissionRow, 'organization_id' | 'test'>,
  event: SubmissionEvent,
  options: { withNext?: boolean } = {},
): Promise<void> {
  if (submission.test) return;
  // withNext: sent with the transaction's next statement (an application's; apply.ts).
  if (options.withNext) {
    await writeEventWithNext<SubmissionEvent>(trx, submission.organization_id, event);
  } else {
    await writeEvent<SubmissionEvent>(trx, submission.organization_id, event);
  }
}
