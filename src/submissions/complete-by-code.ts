import {
  findOpportunitiesForParticipant,
  isCompletionCode,
  normalizeCompletionCode,
  type OpportunityRow,
  type OpportunityTask,
  opportunityParts,
} from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, ValidationError } from '../platform/errors.ts';
import { submissionTexts } from './locales/index.ts';
import { participantSubmissionsIn, submissionTasksFor } from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { startAndSubmitTask } from './work.ts';

export const CODE_MATCHES_NOTHING = submissionTexts.text('en', 'codeMatchesNothing');

/** Work still to do: a code hands in a task of these. */
const OPEN_STATUSES = ['screen_passed', 'in_progress'];
/**
 * Work already handed in: looked at too, so a code used twice (after the last task sent the
 * submission to review) says it was handed in rather than that it matches nothing.
 */
const HANDED_IN_STATUSES = ['awaiting_review', 'approved', 'rejected'];

/** What a completion code handed in, for the page to say so. */
export interface CompletedByCode {
  submission: SubmissionRow;
  opportunityId: string;
  opportunityTitle: string;
  sequence: number;
  taskTitle: string;
}

interface Match {
  submission: SubmissionRow;
  opportunity: OpportunityRow;
  task: OpportunityTask;
}

/** The task a code matched, named by its number and its study's title. */
const named = ({ opportunity, task }: Match) => ({
  sequence: String(task.sequence),
  title: opportunity.title,
});
const matchesNothing = () => submissionTexts.phrase('codeMatchesNothing');

/**
 * Hands in, for this participant, the task whose completion code a survey tool sent them back with
 * (docs/decisions/0077-completion-codes.md). The submission is started first when it is still
 * screen_passed, in the same transaction as the hand-in, and the hand-in is the API's own
 * (startAndSubmitTask in work.ts), so every rule of submitting a task applies unchanged.
 *
 * A code that matches no task of this participant's studies is a ValidationError and changes
 * nothing; a task already handed in is a ConflictError; a file_upload task is a ValidationError,
 * since its files are uploaded on the task's page.
 */
export async function completeTaskByCode(
  db: Db,
  input: { participantId: string; code: string; now: Date },
): Promise<CompletedByCode> {
  const code = normalizeCompletionCode(input.code);
  if (!isCompletionCode(code)) throw new ValidationError(matchesNothing());
  const submissions = await participantSubmissionsIn(db, input.participantId, [
    ...OPEN_STATUSES,
    ...HANDED_IN_STATUSES,
  ]);
  const opportunities = await findOpportunitiesForParticipant(
    db,
    submissions.map((submission) => submission.opportunity_id),
  );
  const matches = submissions.flatMap((submission): Match[] => {
    const opportunity = opportunities.get(submission.opportunity_id);
    const task =
      opportunity &&
      opportunityParts(opportunity).tasks.find((candidate) => candidate.completion_code === code);
    return opportunity && task ? [{ submission, opportunity, task }] : [];
  });
  if (matches.length === 0) throw new ValidationError(matchesNothing());

  const work = await submissionTasksFor(
    db,
    matches.map((match) => match.submission.id),
  );
  const handedIn = (match: Match) =>
    (work.get(match.submission.id) ?? []).some((row) => row.sequence === match.task.sequence);
  const open = matches.filter(
    (match) => OPEN_STATUSES.includes(match.submission.status) && !handedIn(match),
  );
  // Codes are unique within an opportunity only; two tasks of one participant's studies sharing a
  // code is a one-in-31^8 chance, and guessing which was meant could hand in the wrong work.
  if (open.length > 1) {
    throw new ConflictError(submissionTexts.phrase('codeMatchesSeveral'));
  }
  // Otherwise a match that is not open: handed in already, or one the hand-in's own rules refuse
  // (a submission awaiting review whose remaining task is still locked).
  const match = open[0] ?? matches.find(handedIn) ?? matches[0]!;
  if (match.task.task_type === 'file_upload') {
    throw new ValidationError(submissionTexts.phrase('codeTaskTakesFiles', named(match)));
  }
  if (handedIn(match)) {
    throw new ConflictError(submissionTexts.phrase('codeAlreadyHandedIn', named(match)));
  }

  const submission = await startAndSubmitTask(db, {
    participantId: input.participantId,
    submissionId: match.submission.id,
    sequence: match.task.sequence,
    notes: null,
    now: input.now,
  });
  return {
    submission,
    opportunityId: match.opportunity.id,
    opportunityTitle: match.opportunity.title,
    sequence: match.task.sequence,
    taskTitle: match.task.title ?? '',
  };
}
