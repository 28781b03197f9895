import type { ScreeningAnswer } from '../../domain/screening/index.ts';
import type { SubmissionRow } from '../../store/tables/submissions.table.ts';
import type { ApplicantResponse } from './schemas.ts';

/** Storage row to contract 2.11. */
export function submissionRowToApplicant(row: SubmissionRow): ApplicantResponse {
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    participant_id: row.participant_id,
    screening_outcome: row.screening_outcome as ApplicantResponse['screening_outcome'],
    screening_answers: JSON.parse(row.screening_answers) as ScreeningAnswer[],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
