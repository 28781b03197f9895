import type { OpportunityRow } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { heldPlaceDeadline, placeTakenDeadline } from '../submissions/index.ts';
import type { StudySessionRow } from './sessions.table.ts';
import { holdPlaceUntil, setPlaceDeadlines } from './store.ts';

/**
 * How long a place on a scheduled study is held, around its seat
 * (docs/decisions/0185-enrolling-to-hold-a-place.md). A place taken at the screener waits
 * ENROLL_WITHIN_HOURS for an enrollment (src/admission/place-clock.ts); these move that clock when
 * a seat is taken or given back.
 */

const DAY_MS = 86_400_000;

/**
 * After an enrollment: a study with a time limit holds the place until a day after the session
 * ends (the limit runs from when the place was taken, and a session days later must not find it
 * timed out); a study without one holds it for as long as the study runs, as online.
 */
export async function holdPlaceForSession(
  trx: Db,
  opportunity: OpportunityRow,
  submissionIds: readonly string[],
  session: Pick<StudySessionRow, 'ends_at'>,
  now: Date,
): Promise<void> {
  if (heldPlaceDeadline(opportunity, now) === null) {
    await setPlaceDeadlines(trx, submissionIds, null);
    return;
  }
  const until = new Date(Date.parse(session.ends_at) + DAY_MS).toISOString();
  for (const id of submissionIds) await holdPlaceUntil(trx, id, until);
}

/**
 * After a seat is given back with the place kept (the participant cancelled it, or the
 * researchers cancelled the session): the place waits for an enrollment again, from now. Answers
 * when it goes back, or null when no clock runs (the study has no sessions left and no limit).
 */
export async function awaitEnrollment(
  trx: Db,
  opportunity: OpportunityRow,
  submissionIds: readonly string[],
  now: Date,
): Promise<string | null> {
  const deadline = placeTakenDeadline(opportunity, now);
  await setPlaceDeadlines(trx, submissionIds, deadline);
  return deadline;
}
