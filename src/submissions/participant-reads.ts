import { findOpportunitiesForParticipant } from '../opportunities/index.ts';
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

/** One submission's participant view, with its opportunity and handed-in work (two reads). */
export async function participantSubmissionDetail(
  db: Db,
  row: SubmissionRow,
  now: Date,
): Promise<ParticipantSubmissionResponse> {
  const [opportunities, tasks] = await Promise.all([
    findOpportunitiesForParticipant(db, [row.opportunity_id]),
    submissionTasksFor(db, [row.id]),
  ]);
  const opportunity = opportunities.get(row.opportunity_id);
  if (!opportunity) throw submissionNotFound(row.id);
  return participantSubmissionView(row, opportunity, tasks.get(row.id) ?? [], now);
}

export async function readParticipantSubmission(
  db: Db,
  input: { participantId: string; submissionId: string; now: Date },
): Promise<ParticipantSubmissionResponse> {
  const row = await findParticipantSubmission(db, input.participantId, input.submissionId);
  if (!row) throw submissionNotFound(input.submissionId);
  return participantSubmissionDetail(db, row, input.now);
}

/** Newest first, with opportunities and tasks read once for the whole page. */
export async function participantSubmissionsPage(
  db: Db,
  input: { participantId: string; cursor?: string; limit: number; now: Date },
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
        opportunities.get(row.opportunity_id)!,
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
