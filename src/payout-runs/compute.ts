/**
 * What a payout run pays (docs/decisions/0088-payout-runs.md): pure, so the rules are property-
 * tested without a database. The caller passes only units no earlier run paid; a run pays each
 * unit at most once, and the store's primary key on (opportunity, unit) makes a second payment of
 * one unit impossible even if a caller got that wrong.
 */

export const SECONDS_PER_HOUR = 3600;

/**
 * Statuses in which a participant who was approved onto the project is still on it (or left it on
 * their own), so everything they tracked counts. Awaiting review or rejected: only what they
 * tracked up to their last approval.
 */
const ON_PROJECT: ReadonlySet<string> = new Set(['in_progress', 'approved', 'abandoned']);

export interface TrackedEntry {
  id: string;
  submissionId: string;
  endedAt: string;
  seconds: number;
}

export interface SubmissionPayState {
  id: string;
  participantId: string;
  status: string;
  /** When the submission's work was last approved (the latest approved task's review); null if never. */
  approvedAt: string | null;
  /** Seconds earlier runs paid for this submission: the next amount continues their rounding. */
  paidSeconds: number;
}

export interface ApprovedTask {
  submissionId: string;
  participantId: string;
  sequence: number;
  reviewedAt: string;
}

export interface PayoutLine {
  submissionId: string;
  participantId: string;
  seconds: number | null;
  tasks: number | null;
  amountCents: number;
  /** The units this line pays: time entry ids, or `<submission>:<sequence>`. */
  itemKeys: string[];
}

export interface PayoutComputation {
  lines: PayoutLine[];
  totalCents: number;
}

/**
 * Approved tracked time: an hourly submission's time counts once the submission was approved
 * (approval puts the participant on the project, contract 3.2). While on the project, every entry
 * ended by `until` counts; a submission awaiting review or rejected is paid only what it tracked up
 * to its last approval (the rest waits for a decision, or was not accepted).
 */
export function isApprovedTime(
  entry: TrackedEntry,
  submission: SubmissionPayState | undefined,
  until: string,
): boolean {
  if (!submission || submission.approvedAt === null) return false;
  if (entry.endedAt > until) return false;
  return entry.endedAt <= submission.approvedAt || ON_PROJECT.has(submission.status);
}

/** Cents for `seconds` at `rateCents` an hour, rounded half up, in integers. */
function centsFor(seconds: number, rateCents: number): number {
  return Math.floor((seconds * rateCents + SECONDS_PER_HOUR / 2) / SECONDS_PER_HOUR);
}

/**
 * What `seconds` more pay after `priorSeconds` were paid: the rounded amount for the running total
 * minus that for what was paid before. At one rate the amounts of every run add up to the rounded
 * pay of all the seconds together, so no run loses or gains a cent to rounding over time.
 */
export function hourlyAmountCents(
  priorSeconds: number,
  seconds: number,
  rateCents: number,
): number {
  return centsFor(priorSeconds + seconds, rateCents) - centsFor(priorSeconds, rateCents);
}

/** One line per submission with approved, unpaid time; lines in submission id order. */
export function computeHourlyRun(input: {
  entries: readonly TrackedEntry[];
  submissions: ReadonlyMap<string, SubmissionPayState>;
  rateCents: number;
  until: string;
}): PayoutComputation {
  const bySubmission = new Map<string, TrackedEntry[]>();
  for (const entry of input.entries) {
    if (!isApprovedTime(entry, input.submissions.get(entry.submissionId), input.until)) continue;
    const list = bySubmission.get(entry.submissionId) ?? [];
    list.push(entry);
    bySubmission.set(entry.submissionId, list);
  }
  const lines: PayoutLine[] = [];
  for (const submissionId of [...bySubmission.keys()].sort()) {
    const entries = bySubmission.get(submissionId)!;
    const submission = input.submissions.get(submissionId)!;
    const seconds = entries.reduce((sum, entry) => sum + entry.seconds, 0);
    lines.push({
      submissionId,
      participantId: submission.participantId,
      seconds,
      tasks: null,
      amountCents: hourlyAmountCents(submission.paidSeconds, seconds, input.rateCents),
      itemKeys: entries.map((entry) => entry.id).sort(),
    });
  }
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}

export const taskItemKey = (submissionId: string, sequence: number) =>
  `${submissionId}:${sequence}`;

/** One line per submission with approved, unpaid tasks reviewed by `until`, each at the price. */
export function computePerTaskRun(input: {
  tasks: readonly ApprovedTask[];
  priceCents: number;
  until: string;
}): PayoutComputation {
  const bySubmission = new Map<string, ApprovedTask[]>();
  for (const task of input.tasks) {
    if (task.reviewedAt > input.until) continue;
    const list = bySubmission.get(task.submissionId) ?? [];
    list.push(task);
    bySubmission.set(task.submissionId, list);
  }
  const lines: PayoutLine[] = [];
  for (const submissionId of [...bySubmission.keys()].sort()) {
    const tasks = bySubmission.get(submissionId)!;
    lines.push({
      submissionId,
      participantId: tasks[0]!.participantId,
      seconds: null,
      tasks: tasks.length,
      amountCents: tasks.length * input.priceCents,
      itemKeys: tasks.map((task) => taskItemKey(submissionId, task.sequence)).sort(),
    });
  }
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}
