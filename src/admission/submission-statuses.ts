/**
 * The statuses a submission (or an applicant) can hold: the vocabulary every counter, place and
 * clock of an admission is keyed by. The moves between them are the submissions feature's
 * (submissions/submission-status.ts).
 */
/** Contract 2.10 / 3.2. */
export const SUBMISSION_STATUSES = [
  'screen_passed',
  'screened_out',
  'in_progress',
  'awaiting_review',
  'approved',
  'rejected',
  'abandoned',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** An applicant waiting for the customer's invite or decline; outside the contract's set. */
export const APPLICANT_STATUSES = ['awaiting_decision'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

/** What one row of the submissions table can hold, applicants included. */
export type SubmissionLifecycleStatus = SubmissionStatus | ApplicantStatus;
export const SUBMISSION_LIFECYCLE_STATUSES: readonly SubmissionLifecycleStatus[] = [
  ...APPLICANT_STATUSES,
  ...SUBMISSION_STATUSES,
];

export function isSubmissionStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

/** Applicants are listed at /applicants and answer 404 on the submission read (2.11). */
export function isApplicant(status: SubmissionLifecycleStatus): status is ApplicantStatus {
  return status === 'awaiting_decision';
}
