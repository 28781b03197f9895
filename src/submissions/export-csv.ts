import { findOpportunity, opportunityParts } from '../opportunities/index.ts';
import { csvLine } from '../platform/csv.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';
import { encodeCursor } from '../platform/http/pagination.ts';
import { listOpportunitySubmissions } from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';

/** Rows are read this many at a time, so an export of any size holds one page in memory. */
const PAGE = 500;

const FIXED_COLUMNS = [
  'submission_id',
  'participant_id',
  'status',
  'screening_outcome',
  'created_at',
  'started_at',
  'submitted_at',
  'decided_at',
  'paid_cents',
  'rejection_category',
  'rejection_reason',
  'abandoned_reason',
  'quality_flags',
] as const;

export interface CsvExport {
  filename: string;
  lines: AsyncIterable<string>;
}

interface StoredAnswer {
  key: string;
  answer: string[];
  free_text?: string;
}

/**
 * GET /v2/opportunities/{id}/submissions.csv (and the dashboard's download): one row per
 * submission, newest first, with its status, times and payment and one column per screening
 * question (answers joined by "; ", typed free text after them). Applicants awaiting a decision
 * and test submissions are not submissions and are left out. Ownership is checked before the
 * first line, so a stranger gets a 404, not an empty file.
 */
export async function submissionsCsv(
  db: Db,
  input: { organizationId: string; opportunityId: string },
): Promise<CsvExport> {
  const opportunity = await findOpportunity(db, input.organizationId, input.opportunityId);
  if (!opportunity) throw new NotFoundError('Opportunity', input.opportunityId);
  const questions = opportunityParts(opportunity).questions;
  const header = [...FIXED_COLUMNS, ...questions.map((question) => `answer:${question.key}`)];
  const row = (submission: SubmissionRow) => {
    const answers = new Map(
      (JSON.parse(submission.screening_answers) as StoredAnswer[]).map((a) => [a.key, a]),
    );
    return csvLine([
      submission.id,
      submission.participant_id,
      submission.status,
      submission.screening_outcome,
      submission.created_at,
      submission.started_at,
      submission.submitted_at,
      submission.decided_at,
      Number(submission.paid_cents),
      submission.rejection_category,
      submission.rejection_reason,
      submission.abandoned_reason,
      (JSON.parse(submission.quality_flags) as string[]).join('; '),
      ...questions.map((question) => {
        const answer = answers.get(question.key);
        if (!answer) return '';
        const chosen = answer.answer.join('; ');
        return answer.free_text ? `${chosen} (${answer.free_text})` : chosen;
      }),
    ]);
  };
  async function* lines() {
    yield csvLine(header);
    let cursor: string | undefined;
    for (;;) {
      const rows = await listOpportunitySubmissions(db, {
        opportunityId: opportunity!.id,
        cursor,
        limit: PAGE,
      });
      for (const submission of rows.slice(0, PAGE)) {
        if (!submission.test) yield row(submission);
      }
      if (rows.length <= PAGE) return;
      cursor = encodeCursor([rows[PAGE - 1]!.id]);
    }
  }
  return { filename: `${opportunity.id}-submissions.csv`, lines: lines() };
}
