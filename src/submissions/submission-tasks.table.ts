import type { Selectable } from 'kysely';

/** Work handed in for one task of a submission; tasks without a row are locked or available. */
export interface SubmissionTasksTable {
  submission_id: string;
  sequence: number;
  /** submitted, approved, rejected */
  status: string;
  notes: string | null;
  /** JSON: [{id, name, mime_type, size_bytes, path}] for file_upload tasks. */
  files: string;
  submitted_at: string;
  reviewed_at: string | null;
}

export type SubmissionTaskRow = Selectable<SubmissionTasksTable>;
