import type { Issue } from '../platform/errors.ts';

/**
 * The rules of a bonus call (docs/decisions/0089-bonuses.md), pure so every line is checked and
 * property-tested without a database. A call pays all of its lines or none.
 */

export const MAX_BONUSES_PER_CALL = 500;
/** $10,000: a larger bonus is a typo more often than a bonus. */
export const MAX_BONUS_CENTS = 1_000_000;
export const MAX_REASON_LENGTH = 1_000;

/** What a line's submission must be: of this opportunity, and started (it reached the work). */
export interface BonusTarget {
  opportunityId: string;
  participantId: string;
  startedAt: string | null;
}

export interface BonusLine {
  submissionId: string;
  amountCents: number;
  reason: string | null;
  participantId: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Submission ids of well-formed lines, to look up before checking the call. */
export function bonusSubmissionIds(lines: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const line of lines) {
    if (isObject(line) && typeof line.submission_id === 'string') ids.add(line.submission_id);
  }
  return [...ids];
}

/**
 * Every problem of every line (`bonuses[3]: ...`), or the lines ready to pay. A submission named
 * twice in one call is refused on its second line: a repeated line in a pasted list pays twice
 * elsewhere, so here the amounts are summed into one line by the caller instead.
 */
export function checkBonusLines(
  lines: readonly unknown[],
  opportunityId: string,
  targets: ReadonlyMap<string, BonusTarget>,
): { ok: true; lines: BonusLine[] } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  if (lines.length < 1 || lines.length > MAX_BONUSES_PER_CALL) {
    issues.push({
      message: `bonuses: send 1 to ${MAX_BONUSES_PER_CALL} lines, got ${lines.length}`,
    });
  }
  const seen = new Map<string, number>();
  const ready: BonusLine[] = [];
  lines.forEach((line, index) => {
    const at = `bonuses[${index}]`;
    if (!isObject(line)) {
      issues.push({ message: `${at}: must be an object {submission_id, amount_cents, reason}` });
      return;
    }
    const unknown = Object.keys(line).filter(
      (key) => !['submission_id', 'amount_cents', 'reason'].includes(key),
    );
    for (const key of unknown) issues.push({ message: `${at}.${key}: unknown field` });
    const { submission_id: id, amount_cents: amount, reason } = line;
    let lineOk = unknown.length === 0;
    if (
      typeof amount !== 'number' ||
      !Number.isSafeInteger(amount) ||
      amount < 1 ||
      amount > MAX_BONUS_CENTS
    ) {
      issues.push({
        message: `${at}.amount_cents: must be a whole number of cents from 1 to ${MAX_BONUS_CENTS}`,
      });
      lineOk = false;
    }
    if (
      reason !== undefined &&
      reason !== null &&
      (typeof reason !== 'string' || reason.length > MAX_REASON_LENGTH)
    ) {
      issues.push({
        message: `${at}.reason: must be text of at most ${MAX_REASON_LENGTH} characters`,
      });
      lineOk = false;
    }
    if (typeof id !== 'string' || id.length === 0) {
      issues.push({ message: `${at}.submission_id: must be a submission id` });
      return;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      issues.push({
        message: `${at}.submission_id: ${id} is already bonused by bonuses[${first}] in this call; send one line with the sum`,
      });
      return;
    }
    seen.set(id, index);
    const target = targets.get(id);
    if (!target || target.opportunityId !== opportunityId) {
      issues.push({
        message: `${at}.submission_id: ${id} is not a submission of opportunity ${opportunityId}`,
      });
      return;
    }
    if (target.startedAt === null) {
      issues.push({
        message: `${at}.submission_id: ${id} never started the work; bonuses go to submissions that reached it`,
      });
      return;
    }
    if (lineOk) {
      ready.push({
        submissionId: id,
        amountCents: amount as number,
        reason: typeof reason === 'string' && reason.trim() !== '' ? reason : null,
        participantId: target.participantId,
      });
    }
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, lines: ready };
}

/** The platform fee on one bonus: `basisPoints` / 10,000 of it, rounded half up. */
export function bonusFeeCents(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/** What a call charges: the bonuses, and the fee on each (charged as one ledger line). */
export function bonusCharge(
  lines: readonly { amountCents: number }[],
  basisPoints: number,
): { bonusesCents: number; feeCents: number; fees: number[] } {
  const fees = lines.map((line) => bonusFeeCents(line.amountCents, basisPoints));
  return {
    bonusesCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    feeCents: fees.reduce((sum, fee) => sum + fee, 0),
    fees,
  };
}
