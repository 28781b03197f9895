export { applyToOpportunity, opportunityNotFound } from './apply.ts';
export { BULK_REVIEW_LIMIT, type BulkReviewResult, reviewInBulk } from './bulk-review.ts';
export {
  CODE_MATCHES_NOTHING,
  type CompletedByCode,
  completeTaskByCode,
} from './complete-by-code.ts';
export type {
  ApplicantCreatedEvent,
  SubmissionEvent,
  SubmissionStatusChangeEvent,
} from './events.ts';
export { submissionsCsv } from './export-csv.ts';
export * from './file-upload.ts';
export { handInUpload } from './hand-in-upload.ts';
export {
  participantEarnings,
  participantSubmissionsPage,
  readParticipantSubmission,
} from './participant-reads.ts';
export type { ParticipantSubmissionResponse } from './participant-schemas.ts';
export {
  type HeldSubmission,
  heldPlacesOf,
  removeUploadsOf,
  scrubSubmission,
  submissionsHeldFor,
} from './personal-data.ts';
export * from './rejection-categories.ts';
export { requestReturn, type TellAboutReturn } from './request-return.ts';
export {
  approveSubmission,
  declineApplicant,
  inviteApplicant,
  rejectSubmission,
} from './review.ts';
export {
  listSubmissionsForReview,
  REVIEW_SORTS,
  type ReviewSort,
  type ReviewTableRow,
  reviewTableKeys,
} from './review-table.ts';
export type { SubmissionResponse, SubmissionTaskResponse } from './schemas.ts';
export { changeSubmissionStatus, tryChangeSubmissionStatus } from './status-change.ts';
export {
  findApplication,
  findOwnedSubmission,
  findOwnedSubmissions,
  findParticipantSubmission,
  listApplicants,
  listOpportunitySubmissions,
  listPendingSubmissions,
  organizationApplicants,
  participantApplications,
  participantIdsOf,
  placesTakenFor,
  submissionIdsInStatus,
  submissionTasksFor,
} from './store.ts';
export * from './submission-status.ts';
export type { SubmissionTaskRow } from './submission-tasks.table.ts';
export { submissionRowToSubmission, submissionTasksView } from './submission-view.ts';
export type { SubmissionRow } from './submissions.table.ts';
export * from './task-progress.ts';
export { submissionTaskProgress } from './task-progress-store.ts';
export { openStoredFile } from './uploads.ts';
export { withdrawPendingSubmissions } from './withdraw-on-close.ts';
export type { StoredFile } from './work.ts';
export {
  abandonSubmission,
  heldPlaceDeadline,
  placeTakenDeadline,
  refundClosedPlace,
  returnSubmission,
  startSubmission,
  submitTask,
  uploadLimitsFor,
} from './work.ts';
