import type { ScreeningAnswer } from '../screening/index.ts';
import type { ApplicantResponse } from './applicant-schemas.ts';
import type { QualityFlag } from './quality-flags.ts';
import { parseQualityFlags } from './quality-flags.ts';
import type { SubmissionRow } from './submissions.table.ts';

/** Storage row to the API's applicant (docs/api/participants.md). */
export function submissionRowToApplicant(row: SubmissionRow): ApplicantResponse {
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    participant_id: row.participant_id,
    screening_outcome: row.screening_outcome as ApplicantResponse['screening_outcome'],
    screening_answers: JSON.parse(row.screening_answers) as ScreeningAnswer[],
    quality_flags: parseQualityFlags(row.quality_flags) as QualityFlag[],
    test: row.test === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
