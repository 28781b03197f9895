import { sql } from 'kysely';
import { ERASED_NAME, ERASED_STATUS } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import type { CalendarDate } from '../platform/time/calendar-date.ts';
import type { LocalDaySeconds } from './split.ts';

/**
 * Adds an entry's seconds to the person's per-day rows (one upsert for every day it touched), in
 * the transaction that records the entry, so hours reads never sum raw entries. A day keeps the
 * timezone it was first tracked in: if the person moves zone, later time on a date of the same
 * name joins the row already there (docs/decisions/0064-hours-report.md).
 */
export async function addDailySeconds(
  trx: Db,
  input: {
    opportunityId: string;
    participantId: string;
    submissionId: string;
    timezone: string;
    days: readonly LocalDaySeconds[];
    now: string;
  },
): Promise<void> {
  if (input.days.length === 0) return;
  await trx
    .insertInto('hours_daily')
    .values(
      input.days.map((day) => ({
        opportunity_id: input.opportunityId,
        participant_id: input.participantId,
        submission_id: input.submissionId,
        local_date: day.date,
        timezone: input.timezone,
        seconds: day.seconds,
        updated_at: input.now,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['opportunity_id', 'participant_id', 'submission_id', 'local_date'])
        .doUpdateSet((eb) => ({
          seconds: eb('hours_daily.seconds', '+', eb.ref('excluded.seconds')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
    )
    .execute();
}

/** A stored per-day row with the person's email, named as the hours domain module reads it. */
export interface DailyHoursRow {
  participantId: string;
  submissionId: string;
  email: string;
  timezone: string;
  date: CalendarDate;
  seconds: number;
  /** Unix milliseconds: parsed once here, natively, rather than per row by the strict reader. */
  updatedAt: number;
}

const dailyHoursBetween = prepared(
  (db, p: { opportunityId: string; firstDate: string; lastDate: string }) =>
    db
      .selectFrom('hours_daily as h')
      .innerJoin('participants as p', 'p.id', 'h.participant_id')
      .select([
        'h.participant_id as participantId',
        'h.submission_id as submissionId',
        // An erased participant's placeholder address is not shown: the name that says so is
        // (docs/participant-data.md).
        sql<string>`case when p.status = ${ERASED_STATUS} then ${ERASED_NAME} else p.email end`.as(
          'email',
        ),
        'h.timezone as timezone',
        'h.local_date as date',
        'h.seconds as seconds',
        'h.updated_at as updatedAt',
      ])
      .where('h.opportunity_id', '=', p.opportunityId)
      .where('h.local_date', '>=', p.firstDate)
      .where('h.local_date', '<=', p.lastDate)
      // The report's own order: the database sorts a window's rows faster than JS compares them,
      // and the report's sort then finds them in order.
      .orderBy('h.participant_id')
      .orderBy('h.submission_id')
      .orderBy('h.local_date'),
);

/**
 * Every per-day row of an opportunity dated firstDate to lastDate inclusive, with emails joined in
 * the same statement: one range of hours_daily_window whatever the number of people.
 */
export async function readDailyHours(
  db: Db,
  range: { opportunityId: string; firstDate: CalendarDate; lastDate: CalendarDate },
): Promise<DailyHoursRow[]> {
  const rows = (await dailyHoursBetween(db, range)) as unknown as (Omit<
    DailyHoursRow,
    'updatedAt'
  > & { updatedAt: string | number })[];
  // Stored by toISOString(), so Date.parse reads them exactly. New objects: rows read outside a
  // transaction may be the embedded database's remembered (frozen) results.
  return rows.map((row) => ({ ...row, updatedAt: Date.parse(row.updatedAt as string) }));
}

const ownedOpportunity = prepared((db, p: { organizationId: string; id: string }) =>
  selectOwned(db, 'opportunities', p.organizationId)
    .select('id')
    .where('id', '=', p.id)
    .where('deleted_at', 'is', null),
);

/** Whether the opportunity exists in this organization (another organization's is not found). */
export async function ownsOpportunity(
  db: Db,
  organizationId: string,
  opportunityId: string,
): Promise<boolean> {
  const [row] = await ownedOpportunity(db, { organizationId, id: opportunityId });
  return row !== undefined;
}
