import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { batchedLookup, readInTurn } from '../platform/db/batched-lookup.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { sendWithNext } from '../platform/db/early-release.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import { newId } from '../platform/ids.ts';
import type { SubmissionTaskRow } from './submission-tasks.table.ts';
import type { SubmissionRow, SubmissionsTable } from './submissions.table.ts';

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Columns a new row may leave out: its clocks and a return request start empty. */
type EmptyOnInsert =
  | 'abandoned_reason'
  | 'deadline_at'
  | 'auto_approve_at'
  | 'return_requested_at'
  | 'return_request_reason';

/** Columns with a default: not a test, no quality flags, no network seen (quality-flags.ts). */
type DefaultOnInsert = 'test' | 'quality_flags' | 'network_fingerprint';

export type NewSubmission = Omit<
  SubmissionsTable,
  'id' | 'created_at' | 'updated_at' | EmptyOnInsert | DefaultOnInsert
> &
  Partial<Pick<SubmissionsTable, EmptyOnInsert | DefaultOnInsert>>;

/** Every column of a submission, as an insert gives them. */
type SubmissionColumns = { [Column in keyof SubmissionsTable]: SubmissionsTable[Column] };

/**
 * The insert of a whole submission row. Compiled once (insertSubmissionRow and the application's
 * inserts): every application inserts one (docs/decisions/0140-hot-statements-compiled-once.md),
 * and Kysely building the 25-column insert cost more than SQLite's own work for it. Every column is
 * bound, so the statement is the same whichever of them a caller leaves empty. `qualityFlags`, when
 * given, stands for the row's flags: an expression the database works out as it inserts.
 */
const submissionInsert = (db: Db, row: SubmissionColumns, qualityFlags?: RawBuilder<string>) =>
  db.insertInto('submissions').values({
    id: row.id,
    organization_id: row.organization_id,
    opportunity_id: row.opportunity_id,
    participant_id: row.participant_id,
    status: row.status,
    screening_outcome: row.screening_outcome,
    screening_answers: row.screening_answers,
    quota_cells: row.quota_cells,
    started_at: row.started_at,
    submitted_at: row.submitted_at,
    decided_at: row.decided_at,
    rejection_category: row.rejection_category,
    rejection_reason: row.rejection_reason,
    closed_reason: row.closed_reason,
    paid_cents: row.paid_cents,
    abandoned_reason: row.abandoned_reason,
    deadline_at: row.deadline_at,
    auto_approve_at: row.auto_approve_at,
    return_requested_at: row.return_requested_at,
    return_request_reason: row.return_request_reason,
    test: row.test,
    quality_flags: qualityFlags ?? row.quality_flags,
    network_fingerprint: row.network_fingerprint,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

/** The insert, answering the row as stored. */
const insertSubmissionRow = prepared((db, row: SubmissionColumns) =>
  submissionInsert(db, row).returningAll(),
);

/**
 * The insert, answering nothing: for insertApplicationWithNext, which made the row itself. Sent with
 * the next statement, its answer is never read, and RETURNING all 25 columns cost the server a row
 * to form and send and `serve` a row to parse (docs/decisions/0199-result-shapes-made-once.md).
 */
const insertSubmissionQuietly = prepared((db, row: SubmissionColumns) => submissionInsert(db, row));

/** Every column of a new submission created `at`: the given values over the empty and defaults. */
function newSubmissionRow(values: NewSubmission, at: Date): SubmissionRow {
  const now = isoNow(at);
  return {
    abandoned_reason: null,
    deadline_at: null,
    auto_approve_at: null,
    return_requested_at: null,
    return_request_reason: null,
    test: 0,
    quality_flags: '[]',
    network_fingerprint: null,
    ...values,
    id: newId('submission'),
    created_at: now,
    updated_at: now,
  };
}

/** A new submission, created `at` by the server's clock (the application's own time). */
export async function insertSubmission(
  trx: Db,
  values: NewSubmission,
  at: Date = new Date(),
): Promise<SubmissionRow> {
  const [row] = await insertSubmissionRow(trx, newSubmissionRow(values, at));
  return row!;
}

/**
 * A new application's row as made in code. Its quality flags are left out: from a network seen
 * before, the database decides them as it inserts the row (insertApplicationWithNext).
 */
export type AppliedSubmission = Omit<SubmissionRow, 'quality_flags'>;

/**
 * An application's submission, sent with the transaction's next statement (early-release.ts,
 * sendWithNext), which must follow: the row is made here, as every column is given. Its unique
 * index still refuses a second one of the same person, reported by that next statement.
 *
 * With `network` (the application's network fingerprint and the start of its hour;
 * docs/decisions/0083-shared-network-flags.md), the shared-network flags are the database's work,
 * in two statements sent the same way, so the transaction waits for no answer of its own before
 * its last statement (docs/decisions/0200-applications-in-one-message.md):
 * - the latest earlier application to the opportunity from the network within the hour is flagged,
 *   unless it already is; only the latest can be unflagged, since each one flagged every one before
 *   it in the hour (docs/decisions/0137-shared-network-flags-written-once.md);
 * - the new row is flagged when there is one.
 * The caller holds the network's lock (apply.ts), so of two applications at once the later sees the
 * earlier: each statement reads what was committed before it began.
 */
export async function insertApplicationWithNext(
  trx: Db,
  values: NewSubmission,
  at: Date,
  network?: { fingerprint: string; since: string },
): Promise<AppliedSubmission> {
  const { quality_flags: _decidedByTheDatabase, ...row } = newSubmissionRow(values, at);
  if (!network) {
    await sendWithNext(trx, insertSubmissionQuietly.compile(trx, { ...row, quality_flags: '[]' }));
    return row;
  }
  const where = {
    opportunity_id: row.opportunity_id,
    network_fingerprint: network.fingerprint,
    since: network.since,
  };
  await sendWithNext(trx, flagLatestOfNetwork.compile(trx, { ...where, now: row.created_at }));
  await sendWithNext(
    trx,
    insertSubmissionFlaggedQuietly.compile(trx, {
      ...row,
      quality_flags: '[]',
      network_fingerprint: network.fingerprint,
      since: network.since,
    }),
  );
  return { ...row, network_fingerprint: network.fingerprint };
}

/** Where applications from one network to one opportunity within the hour are. */
type NetworkOfOpportunity = { opportunity_id: string; network_fingerprint: string; since: string };

/** The applications from a network to an opportunity since the hour began, newest first. */
const ofNetwork = (db: Db, p: NetworkOfOpportunity) =>
  db
    .selectFrom('submissions')
    .where('opportunity_id', '=', p.opportunity_id)
    .where('network_fingerprint', '=', p.network_fingerprint)
    .where('created_at', '>=', p.since);

/** The flags of a submission with shared_network first and the others after (quality-flags.ts). */
const SHARED_NETWORK_FLAGS = '["shared_network"]';

/**
 * The insert of an application whose flags are shared_network when another application from its
 * network came in the hour (submissions_opportunity_network), else none.
 */
const insertSubmissionFlaggedQuietly = prepared((db, row: SubmissionColumns & { since: string }) =>
  submissionInsert(
    db,
    row,
    sql<string>`case when exists ${ofNetwork(db, {
      opportunity_id: row.opportunity_id,
      network_fingerprint: row.network_fingerprint!,
      since: row.since,
    }).select('id')} then ${sql.lit(SHARED_NETWORK_FLAGS)} else '[]' end`,
  ),
);

/**
 * Flags the latest application from a network in the hour, unless already flagged: shared_network
 * goes first, before any other flag it has (the stored text is always JSON.stringify's, `[]` or
 * `["…",…]`, so a prefix and a substring are enough, the same on both engines); a changed record,
 * so updated_at moves.
 */
const flagLatestOfNetwork = prepared((db, p: NetworkOfOpportunity & { now: string }) =>
  db
    .updateTable('submissions')
    .set({
      quality_flags: sql<string>`case when quality_flags = '[]' then ${sql.lit(SHARED_NETWORK_FLAGS)}
        else ${sql.lit('["shared_network",')} || substr(quality_flags, 2) end`,
      updated_at: p.now,
    })
    .where(
      'id',
      '=',
      ofNetwork(db, p).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1),
    )
    .where(
      sql<boolean>`quality_flags not like ${sql.lit('%"shared\\_network"%')} escape ${sql.lit('\\')}`,
    ),
);

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

/** Several of the organization's submissions (applicants included) by id, in one read. */
export async function findOwnedSubmissions(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, SubmissionRow>> {
  const found = new Map<string, SubmissionRow>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await selectOwned(db, 'submissions', organizationId)
      .selectAll()
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The participants of an opportunity whose submission is in one of these statuses. */
export async function participantIdsOf(
  db: Db,
  input: { opportunityId: string; statuses: readonly string[] },
): Promise<string[]> {
  if (input.statuses.length === 0) return [];
  const rows = await db
    .selectFrom('submissions')
    .select('participant_id')
    .distinct()
    .where('opportunity_id', '=', input.opportunityId)
    .where('status', 'in', [...input.statuses])
    .execute();
  return rows.map((row) => row.participant_id);
}

/** The ids of an opportunity's submissions in one status, oldest first. */
export async function submissionIdsInStatus(
  db: Db,
  opportunityId: string,
  status: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('submissions')
    .select('id')
    .where('opportunity_id', '=', opportunityId)
    .where('status', '=', status)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Which of these participants applied to at least one of the organization's opportunities. */
export async function organizationApplicants(
  db: Db,
  organizationId: string,
  participantIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(participantIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await selectOwned(db, 'submissions', organizationId)
      .select('participant_id')
      .distinct()
      .where('participant_id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.participant_id);
  }
  return found;
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
  return (await applicationsBatched(db, participantId))?.applications ?? new Map();
}

const applicationsOfParticipant = prepared((db, p: { participantId: string }) =>
  db
    .selectFrom('submissions')
    .select(['opportunity_id', 'status'])
    .where('participant_id', '=', p.participantId),
);

const applicationsOfParticipants = prepared((db, p: { participantIds: string[] }) =>
  db
    .selectFrom('submissions')
    .select(['participant_id', 'opportunity_id', 'status'])
    .where('participant_id', '=', sql<string>`any(${p.participantIds}::text[])`),
);

interface Applications {
  participantId: string;
  /** Opportunity id to the status of this participant's application to it. */
  applications: Map<string, string>;
}

/**
 * Every application reads its applicant's earlier ones; on PostgreSQL concurrent reads share one
 * statement (batched-lookup.ts), as a launch stampede's 10,000 do.
 */
const applicationsBatched = batchedLookup({
  one: async (db, participantId: string): Promise<Applications> => {
    const rows = await applicationsOfParticipant(db, { participantId });
    return {
      participantId,
      applications: new Map(rows.map((row) => [row.opportunity_id, row.status])),
    };
  },
  many: (db, participantIds: string[]) =>
    applicationsOfParticipants.compile(db, { participantIds }),
  rowsOf: (rows) => {
    const byParticipant = new Map<string, Applications>();
    for (const row of rows) {
      let entry = byParticipant.get(row.participant_id);
      if (!entry) {
        entry = { participantId: row.participant_id, applications: new Map() };
        byParticipant.set(row.participant_id, entry);
      }
      entry.applications.set(row.opportunity_id, row.status);
    }
    return [...byParticipant.values()];
  },
  nameOf: (participantId) => participantId,
  nameOfRow: (entry) => entry.participantId,
  // By the index on (participant_id, id), however many participants.
  genericPlan: true,
});

/** This participant's application to this opportunity, if any (one at most, by constraint). */
export async function findApplication(db: Db, opportunityId: string, participantId: string) {
  const [row] = await applicationOf(db, { opportunityId, participantId });
  return row;
}

const applicationOf = prepared((db, p: { opportunityId: string; participantId: string }) =>
  db
    .selectFrom('submissions')
    .select(['id', 'status'])
    .where('opportunity_id', '=', p.opportunityId)
    .where('participant_id', '=', p.participantId),
);

/**
 * Contract 4.6: newest first; applicants awaiting a decision are not submissions yet. Test
 * submissions (docs/decisions/0080-previews-with-test-participants.md) only when asked for.
 */
export async function listOpportunitySubmissions(
  db: Db,
  page: {
    opportunityId: string;
    status?: string;
    cursor?: string;
    limit: number;
    includeTest?: boolean;
  },
): Promise<SubmissionRow[]> {
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .where('opportunity_id', '=', page.opportunityId);
  if (!page.includeTest) query = query.where('test', '=', 0);
  query = page.status
    ? query.where('status', '=', page.status)
    : query.where('status', '!=', 'awaiting_decision');
  return keysetPage(query, 'id', 'desc', page).execute();
}

/** The waiting list, oldest first: people are decided on in the order they applied. */
export async function listApplicants(
  db: Db,
  page: { opportunityId: string; cursor?: string; limit: number; includeTest?: boolean },
): Promise<SubmissionRow[]> {
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .where('opportunity_id', '=', page.opportunityId)
    .where('status', '=', 'awaiting_decision');
  if (!page.includeTest) query = query.where('test', '=', 0);
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
  /** incentive (approval), bonus, or payout_run (hourly or per-task pay). */
  kind: PayoutKind;
  paid_at: string;
}

export type PayoutKind = 'incentive' | 'bonus' | 'payout_run';

/** What a participant is told a payment was, from the ledger row's kind. */
const PAYOUT_KINDS: Record<string, PayoutKind> = {
  participant_payout: 'incentive',
  bonus: 'bonus',
  payout_run: 'payout_run',
};

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
      'l.kind',
      'l.created_at as paid_at',
    ])
    .where('l.participant_id', '=', page.participantId)
    .where('l.participant_amount_cents', '!=', 0);
  const rows = await keysetPage(query, 'l.id', 'desc', page).execute();
  return rows.map(({ kind, ...row }) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
    kind: PAYOUT_KINDS[kind] ?? 'incentive',
  }));
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
  const distinct = [...new Set(keys)];
  const params: Record<string, string> = { opportunityId };
  for (const [i, key] of distinct.entries()) params[`key${i}`] = key;
  const rows = await countersNamed(distinct.length)(db, params);
  return Object.fromEntries(rows.map((row) => [row.counter_key, Number(row.value)]));
}

/** The read of n named counters, compiled once per n: every admitted application makes one. */
function countersNamed(n: number) {
  let statement = countersBySize.get(n);
  if (!statement) {
    statement = prepared((db, params: Record<string, string>) =>
      db
        .selectFrom('opportunity_counters')
        .select(['counter_key', sql<number | string>`sum(value)`.as('value')])
        .where('opportunity_id', '=', params.opportunityId!)
        .where(
          'counter_key',
          'in',
          Array.from({ length: n }, (_, i) => params[`key${i}`]!),
        )
        .groupBy('counter_key'),
    );
    countersBySize.set(n, statement);
  }
  return statement;
}

const countersBySize = new Map<
  number,
  ReturnType<
    typeof prepared<Record<string, string>, { counter_key: string; value: number | string }>
  >
>();

/** Places taken per opportunity, from the status counters, for many opportunities in one query. */
export async function placesTakenFor(
  db: Db,
  opportunityIds: readonly string[],
  placeTakingStatuses: readonly string[],
): Promise<Map<string, number>> {
  const taken = new Map<string, number>(opportunityIds.map((id) => [id, 0]));
  if (opportunityIds.length === 0) return taken;
  // In the turn's message with the other reads asked at the same time (discovery's whole rows).
  const rows = await readInTurn(
    db,
    db
      .selectFrom('opportunity_counters')
      .select(['opportunity_id', 'value'])
      .where('opportunity_id', 'in', [...new Set(opportunityIds)])
      .where(
        'counter_key',
        'in',
        placeTakingStatuses.map((status) => `status:${status}`),
      )
      .compile(),
  );
  for (const row of rows) {
    taken.set(row.opportunity_id, (taken.get(row.opportunity_id) ?? 0) + Number(row.value));
  }
  return taken;
}

/**
 * Forgets the network fingerprints of applications made before `before`: past the hour they flag
 * nothing, and a hash of a person's address is still personal data. Reads submissions_network_kept.
 */
export async function forgetNetworkFingerprints(db: Db, before: string): Promise<number> {
  const result = await db
    .updateTable('submissions')
    .set({ network_fingerprint: null })
    .where('network_fingerprint', 'is not', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
