import { findOpportunitiesForParticipant, localizedOpportunity } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { type Page, toPage } from '../platform/http/pagination.ts';
import type { ParticipantSubmissionResponse } from './participant-schemas.ts';
import { participantSubmissionView } from './participant-view.ts';
import {
  findParticipantSubmission,
  listParticipantSubmissions,
  listPayouts,
  submissionTasksFor,
  totalPaidCents,
} from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { submissionNotFound } from './work.ts';

/**
 * What a participant reads of their own work, for the participant API and the web app alike: one
 * submission with its tasks, a page of them, and the payments received.
 */

/**
 * One submission's participant view, with its opportunity and handed-in work (two reads). The
 * study's title and tasks are in `language`, the participant's, when it has a translation into it
 * (docs/decisions/0163-study-translations.md).
 */
export async function participantSubmissionDetail(
  db: Db,
  row: SubmissionRow,
  now: Date,
  language = 'en',
): Promise<ParticipantSubmissionResponse> {
  const [opportunities, tasks] = await Promise.all([
    findOpportunitiesForParticipant(db, [row.opportunity_id]),
    submissionTasksFor(db, [row.id]),
  ]);
  const opportunity = opportunities.get(row.opportunity_id);
  if (!opportunity) throw submissionNotFound(row.id);
  return participantSubmissionView(
    row,
    localizedOpportunity(opportunity, language),
    tasks.get(row.id) ?? [],
    now,
  );
}

export async function readParticipantSubmission(
  db: Db,
  input: { participantId: string; submissionId: string; now: Date; language?: string },
): Promise<ParticipantSubmissionResponse> {
  const row = await findParticipantSubmission(db, input.participantId, input.submissionId);
  if (!row) throw submissionNotFound(input.submissionId);
  return participantSubmissionDetail(db, row, input.now, input.language);
}

/** Newest first, with opportunities and tasks read once for the whole page. */
export async function participantSubmissionsPage(
  db: Db,
  input: { participantId: string; cursor?: string; limit: number; now: Date; language?: string },
): Promise<Page<ParticipantSubmissionResponse>> {
  const rows = await listParticipantSubmissions(db, input);
  const shown = rows.slice(0, input.limit);
  const [opportunities, tasks] = await Promise.all([
    findOpportunitiesForParticipant(
      db,
      shown.map((row) => row.opportunity_id),
    ),
    submissionTasksFor(
      db,
      shown.map((row) => row.id),
    ),
  ]);
  return toPage(
    rows,
    input.limit,
    (row) => [row.id],
    (row) =>
      participantSubmissionView(
        row,
        localizedOpportunity(opportunities.get(row.opportunity_id)!, input.language ?? 'en'),
        tasks.get(row.id) ?? [],
        input.now,
      ),
  );
}

/** Payments received, newest first, with the total ever paid. */
export async function participantEarnings(
  db: Db,
  input: { participantId: string; cursor?: string; limit: number },
) {
  const [rows, total] = await Promise.all([
    listPayouts(db, input),
    totalPaidCents(db, input.participantId),
  ]);
  const page = toPage(
    rows,
    input.limit,
    (row) => [row.id],
    (row) => row,
  );
  return { total_cents: total, currency: 'usd' as const, ...page };
}
