import { recordLedgerEntry } from '../finance/index.ts';
import { queueMail } from '../mail/index.ts';
import { findOpportunity } from '../opportunities/index.ts';
import { findParticipantsByIds, recordNoShow } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, type Issue, ValidationError } from '../platform/errors.ts';
import { isLocale } from '../platform/i18n/locales.ts';
import {
  changeSubmissionStatus,
  findOwnedSubmissions,
  refundClosedPlace,
} from '../submissions/index.ts';
import { writeSessionEvent } from './events.ts';
import { ownSession } from './schedule.ts';
import type { AttendanceInput } from './schemas.ts';
import { noShowMail } from './session-mail.ts';
import type { Attendance } from './sessions.table.ts';
import { liveEnrollmentsOf, lockSession, setAttendance } from './store.ts';

/**
 * POST /v2/sessions/{id}/attendance (docs/decisions/0178-lab-sessions.md): who came, once the
 * session has started; all entries or none, in one transaction.
 *
 * - participated: the work goes on to be reviewed as usual;
 * - showed_up_not_needed: the opportunity's show-up fee is charged and paid through the ledger, and
 *   the submission is closed (abandoned, reason not_needed);
 * - no_show: abandoned with reason no_show, one more no-show on the participant's record
 *   (docs/decisions/0179-no-shows.md), a warning after the first, the reason at the limit;
 * - excused: abandoned with reason excused, no mark.
 */

/** Statuses in which a submission still holds its place for the session. */
const OPEN = new Set(['screen_passed', 'in_progress']);

const ABANDONED_REASON: Record<Exclude<Attendance, 'participated'>, string> = {
  showed_up_not_needed: 'not_needed',
  no_show: 'no_show',
  excused: 'excused',
};

export interface AttendanceOutcome {
  submission_id: string;
  status: Attendance;
  submission_status: string;
  show_up_fee_cents: number;
}

export async function recordAttendance(
  db: Db,
  input: {
    organizationId: string;
    sessionId: string;
    entries: AttendanceInput['entries'];
    now: Date;
    noShowLimit: number;
  },
): Promise<{ session_id: string; entries: AttendanceOutcome[] }> {
  const { now } = input;
  return db.transaction().execute(async (trx) => {
    await ownSession(trx, input.organizationId, input.sessionId);
    const session = (await lockSession(trx, input.organizationId, input.sessionId))!;
    if (session.status === 'cancelled') {
      throw new ConflictError(`Session ${session.id} is cancelled`);
    }
    if (Date.parse(session.starts_at) > now.getTime()) {
      throw new ConflictError(`Session ${session.id} starts at ${session.starts_at}`, [
        { message: `Attendance is recorded once the session has started (${session.starts_at})` },
      ]);
    }
    const enrollments = new Map(
      (await liveEnrollmentsOf(trx, session.id)).map((row) => [row.submission_id, row]),
    );
    const submissions = await findOwnedSubmissions(
      trx,
      input.organizationId,
      input.entries.map((entry) => entry.submission_id),
    );
    const issues: Issue[] = [];
    const seen = new Set<string>();
    input.entries.forEach((entry, index) => {
      const at = `entries[${index}]`;
      if (seen.has(entry.submission_id)) {
        issues.push({ message: `${at}.submission_id: ${entry.submission_id} is listed twice` });
        return;
      }
      seen.add(entry.submission_id);
      const enrollment = enrollments.get(entry.submission_id);
      if (!enrollment) {
        issues.push({
          message: `${at}.submission_id: ${entry.submission_id} is not enrolled in session ${session.id}`,
        });
        return;
      }
      if (enrollment.attendance !== null) {
        issues.push({
          message: `${at}: attendance of ${entry.submission_id} is already recorded as ${enrollment.attendance}`,
        });
        return;
      }
      const submission = submissions.get(entry.submission_id);
      if (entry.status !== 'participated' && (!submission || !OPEN.has(submission.status))) {
        issues.push({
          message: `${at}.status: ${entry.submission_id} is ${submission?.status ?? 'gone'}; ${entry.status} needs it screen_passed or in_progress`,
        });
      }
    });
    if (issues.length > 0) throw new ValidationError('The attendance is invalid', issues);

    const opportunity = (await findOpportunity(trx, input.organizationId, session.opportunity_id))!;
    const fee = Number(opportunity.show_up_fee_cents ?? 0);
    const people = await findParticipantsByIds(
      trx,
      input.entries.map((entry) => enrollments.get(entry.submission_id)!.participant_id),
    );
    const at = now.toISOString();
    const outcomes: AttendanceOutcome[] = [];
    for (const entry of input.entries) {
      const enrollment = enrollments.get(entry.submission_id)!;
      const submission = submissions.get(entry.submission_id)!;
      if (!(await setAttendance(trx, enrollment.id, entry.status, at))) {
        throw new ConflictError(`Attendance of ${entry.submission_id} was recorded meanwhile`);
      }
      let status = submission.status;
      let paid = 0;
      if (entry.status !== 'participated') {
        if (entry.status === 'showed_up_not_needed' && fee > 0 && !submission.test) {
          await recordLedgerEntry(trx, {
            organizationId: input.organizationId,
            kind: 'show_up_fee',
            amountCents: -fee,
            participantAmountCents: fee,
            opportunityId: opportunity.id,
            submissionId: submission.id,
            participantId: submission.participant_id,
            memo: `Show-up fee: sent home from session ${session.id}`,
          });
          paid = fee;
        }
        const updated = await changeSubmissionStatus(trx, submission, 'abandoned', {
          abandoned_reason: ABANDONED_REASON[entry.status],
          closed_reason: `attendance: ${entry.status} at session ${session.id}`,
        });
        await refundClosedPlace(trx, opportunity, submission, 'abandoned');
        status = updated.status;
      }
      if (entry.status === 'no_show' && !submission.test) {
        const record = await recordNoShow(trx, submission.participant_id, {
          at: now,
          limit: input.noShowLimit,
        });
        const person = people.get(submission.participant_id);
        const mailed = record.count === 1 || record.count === input.noShowLimit;
        if (person && person.status === 'active' && !person.mail_undeliverable_at && mailed) {
          await queueMail(
            trx,
            noShowMail({
              reader: {
                name: person.name,
                email: person.email,
                language: isLocale(person.language) ? person.language : 'en',
              },
              title: opportunity.title,
              count: record.count,
              limit: input.noShowLimit,
            }),
          );
        }
      }
      outcomes.push({
        submission_id: entry.submission_id,
        status: entry.status,
        submission_status: status,
        show_up_fee_cents: paid,
      });
    }
    await writeSessionEvent(trx, input.organizationId, {
      type: 'attendance.recorded',
      data: {
        session_id: session.id,
        opportunity_id: session.opportunity_id,
        entries: input.entries.map((entry) => ({
          submission_id: entry.submission_id,
          participant_id: enrollments.get(entry.submission_id)!.participant_id,
          status: entry.status,
        })),
      },
    });
    return { session_id: session.id, entries: outcomes };
  });
}
