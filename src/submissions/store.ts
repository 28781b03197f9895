import { PostgresAdapter, sql } from 'kysely';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import { newId } from '../platform/ids.ts';
import type { SubmissionTaskRow } from './submission-tasks.table.ts';
import type { SubmissionRow, SubmissionsTable } from './submissions.table.ts';

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true;
  // 2067 is SQLITE_CONSTRAINT_UNIQUE, 1555 SQLITE_CONSTRAINT_PRIMARYKEY.
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed');
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export type NewSubmission = Omit<SubmissionsTable, 'id' | 'created_at' | 'updated_at'>;

export async function insertSubmission(trx: Db, values: NewSubmission): Promise<SubmissionRow> {
  const now = isoNow();
  return trx
    .insertInto('submissions')
    .values({ ...values, id: newId('submission'), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Compare-and-set of a submission's status (with any columns that change with it): undefined when
 * the status is no longer `from`.
 */
export async function updateSubmissionStatus(
  trx: Db,
  id: string,
  from: string,
  to: string,
  changes: Partial<Omit<SubmissionsTable, 'id' | 'status'>> = {},
): Promise<SubmissionRow | undefined> {
  return trx
    .updateTable('submissions')
    .set({ ...changes, status: to, updated_at: isoNow() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Submissions an opportunity's closing withdraws: invitations not started, waiting applicants. */
export async function listPendingSubmissions(db: Db, opportunityId: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'status', 'opportunity_id', 'organization_id', 'participant_id'])
    .where('opportunity_id', '=', opportunityId)
    .where('status', 'in', ['screen_passed', 'awaiting_decision'])
    .execute();
}

/** Locks one submission row on PostgreSQL (after its opportunity, always in that order). */
export async function lockSubmission(trx: Db, id: string): Promise<SubmissionRow | undefined> {
  const query = trx.selectFrom('submissions').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

const ownedSubmission = prepared((db, p: { organizationId: string; id: string }) =>
  selectOwned(db, 'submissions', p.organizationId).selectAll().where('id', '=', p.id),
);

export async function findOwnedSubmission(db: Db, organizationId: string, id: string) {
  const [row] = await ownedSubmission(db, { organizationId, id });
  return row;
}

const participantSubmission = prepared((db, p: { participantId: string; id: string }) =>
  db
    .selectFrom('submissions')
    .selectAll()
    .where('participant_id', '=', p.participantId)
    .where('id', '=', p.id),
);

export async function findParticipantSubmission(db: Db, participantId: string, id: string) {
  const [row] = await participantSubmission(db, { participantId, id });
  return row;
}

/** Opportunity ids this participant applied to, with the status each application reached. */
export async function participantApplications(
  db: Db,
  participantId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('submissions')
    .select(['opportunity_id', 'status'])
    .where('participant_id', '=', participantId)
    .execute();
  return new Map(rows.map((row) => [row.opportunity_id, row.status]));
}

/** This participant's application to this opportunity, if any (one at most, by constraint). */
export async function findApplication(db: Db, opportunityId: string, participantId: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'status'])
    .where('opportunity_id', '=', opportunityId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
}

/** Contract 4.6: newest first; applicants awaiting a decision are not submissions yet. */
export async function listOpportunitySubmissions(
  db: Db,
  page: { opportunityId: string; status?: string; cursor?: string; limit: number },
): Promise<SubmissionRow[]> {
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .where('opportunity_id', '=', page.opportunityId);
  query = page.status
    ? query.where('status', '=', page.status)
    : query.where('status', '!=', 'awaiting_decision');
  return keysetPage(query, 'id', 'desc', page).execute();
}

/** The waiting list, oldest first: people are decided on in the order they applied. */
export async function listApplicants(
  db: Db,
  page: { opportunityId: string; cursor?: string; limit: number },
): Promise<SubmissionRow[]> {
  const query = db
    .selectFrom('submissions')
    .selectAll()
    .where('opportunity_id', '=', page.opportunityId)
    .where('status', '=', 'awaiting_decision');
  return keysetPage(query, 'id', 'asc', page).execute();
}

/** A participant's own applications and work, newest first. */
export async function listParticipantSubmissions(
  db: Db,
  page: { participantId: string; cursor?: string; limit: number },
): Promise<SubmissionRow[]> {
  const query = db
    .selectFrom('submissions')
    .selectAll()
    .where('participant_id', '=', page.participantId);
  return keysetPage(query, 'id', 'desc', page).execute();
}

/** A participant's submissions in the given statuses, oldest first (a participant has few). */
export async function participantSubmissionsIn(
  db: Db,
  participantId: string,
  statuses: readonly string[],
): Promise<SubmissionRow[]> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .execute();
}

/** Handed-in work of several submissions in one query, grouped by submission. */
export async function submissionTasksFor(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, SubmissionTaskRow[]>> {
  const grouped = new Map<string, SubmissionTaskRow[]>();
  if (submissionIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('submission_tasks')
    .selectAll()
    .where('submission_id', 'in', [...new Set(submissionIds)])
    .orderBy('sequence')
    .execute();
  for (const row of rows) {
    const list = grouped.get(row.submission_id) ?? [];
    list.push(row);
    grouped.set(row.submission_id, list);
  }
  return grouped;
}

export async function insertSubmissionTask(
  trx: Db,
  values: { submissionId: string; sequence: number; notes: string | null; files: unknown[] },
): Promise<SubmissionTaskRow> {
  return trx
    .insertInto('submission_tasks')
    .values({
      submission_id: values.submissionId,
      sequence: values.sequence,
      status: 'submitted',
      notes: values.notes,
      files: JSON.stringify(values.files),
      submitted_at: isoNow(),
      reviewed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The customer's decision on every task awaiting it: approved or rejected together. */
export async function reviewSubmittedTasks(
  trx: Db,
  submissionId: string,
  status: 'approved' | 'rejected',
  at: string,
): Promise<void> {
  await trx
    .updateTable('submission_tasks')
    .set({ status, reviewed_at: at })
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'submitted')
    .execute();
}

export interface Payout {
  id: string;
  submission_id: string | null;
  opportunity_id: string | null;
  opportunity_title: string | null;
  amount_cents: number;
  paid_at: string;
}

/** A participant's payments, newest first, from the ledger (ledger_entries_participant). */
export async function listPayouts(
  db: Db,
  page: { participantId: string; cursor?: string; limit: number },
): Promise<Payout[]> {
  const query = db
    .selectFrom('ledger_entries as l')
    .leftJoin('opportunities as o', 'o.id', 'l.opportunity_id')
    .select([
      'l.id',
      'l.submission_id',
      'l.opportunity_id',
      'o.title as opportunity_title',
      'l.participant_amount_cents as amount_cents',
      'l.created_at as paid_at',
    ])
    .where('l.participant_id', '=', page.participantId)
    .where('l.participant_amount_cents', '!=', 0);
  const rows = await keysetPage(query, 'l.id', 'desc', page).execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

export async function totalPaidCents(db: Db, participantId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>('participant_amount_cents'), sql<number>`0`).as('total'),
    )
    .where('participant_id', '=', participantId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Only the named counters of an opportunity (absent ones read as 0 by the callers). */
export async function readCounterValues(
  db: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<Record<string, number>> {
  if (keys.length === 0) return {};
  const rows = await db
    .selectFrom('opportunity_counters')
    .select(['counter_key', 'value'])
    .where('opportunity_id', '=', opportunityId)
    .where('counter_key', 'in', [...new Set(keys)])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.counter_key, Number(row.value)]));
}

/** Places taken per opportunity, from the status counters, for many opportunities in one query. */
export async function placesTakenFor(
  db: Db,
  opportunityIds: readonly string[],
  placeTakingStatuses: readonly string[],
): Promise<Map<string, number>> {
  const taken = new Map<string, number>(opportunityIds.map((id) => [id, 0]));
  if (opportunityIds.length === 0) return taken;
  const rows = await db
    .selectFrom('opportunity_counters')
    .select(['opportunity_id', 'value'])
    .where('opportunity_id', 'in', [...new Set(opportunityIds)])
    .where(
      'counter_key',
      'in',
      placeTakingStatuses.map((status) => `status:${status}`),
    )
    .execute();
  for (const row of rows) {
    taken.set(row.opportunity_id, (taken.get(row.opportunity_id) ?? 0) + Number(row.value));
  }
  return taken;
}
