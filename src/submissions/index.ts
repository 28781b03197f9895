export { applyToOpportunity, opportunityNotFound } from './apply.ts';
export type {
  ApplicantCreatedEvent,
  SubmissionEvent,
  SubmissionStatusChangeEvent,
} from './events.ts';
export * from './file-upload.ts';
export * from './participant-url.ts';
export * from './rejection-categories.ts';
export {
  approveSubmission,
  declineApplicant,
  inviteApplicant,
  rejectSubmission,
} from './review.ts';
export type { SubmissionResponse, SubmissionTaskResponse } from './schemas.ts';
export { changeSubmissionStatus, tryChangeSubmissionStatus } from './status-change.ts';
export {
  findApplication,
  findOwnedSubmission,
  isUniqueViolation,
  listApplicants,
  listOpportunitySubmissions,
  listPendingSubmissions,
  participantApplications,
  placesTakenFor,
  submissionTasksFor,
} from './store.ts';
export * from './submission-status.ts';
export type { SubmissionTaskRow } from './submission-tasks.table.ts';
export { submissionRowToSubmission, submissionTasksView } from './submission-view.ts';
export type { SubmissionRow } from './submissions.table.ts';
export * from './task-progress.ts';
export { submissionTaskProgress } from './task-progress-store.ts';
export { storedFilePath } from './uploads.ts';
export type { StoredFile } from './work.ts';
