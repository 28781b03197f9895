/**
 * The events the submissions feature writes to the outbox (src/platform/events/outbox.ts); their
 * data is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/** A submission changed status; a new application has `previous_status` null. */
export interface SubmissionStatusChangeEvent {
  type: 'submission.status.change';
  data: {
    submission_id: string;
    opportunity_id: string;
    participant_id: string;
    previous_status: string | null;
    status: string;
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
