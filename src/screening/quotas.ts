import { conditionsHold } from './options.ts';
import type {
  CrossQuota,
  CrossQuotaProgress,
  Quota,
  QuotaProgress,
  QuotaType,
  ScreeningAnswer,
} from './schemas.ts';

/**
 * Filled counts per quota cell, keyed by `quotaCellKey` / `crossQuotaCellKey`. A missing key is 0.
 * The caller stores one counter row per key and increments the keys `quotaCellsFor` returns in
 * the same transaction that admits the applicant.
 */
export type QuotaCounts = Readonly<Record<string, number>>;

/** The answers quotas look at: what a graded application recorded. */
export type QuotaAnswers = readonly Pick<ScreeningAnswer, 'key' | 'answer'>[];

/** How every quota cell's key begins: a quota's target, then a cross quota's. */
export const QUOTA_CELL_KEY_PREFIXES = ['quota:', 'cross:'] as const;

/** JSON inside keeps keys unambiguous whatever characters question keys and answers hold. */
export function quotaCellKey(screeningQuestion: string, value: string): string {
  return `${QUOTA_CELL_KEY_PREFIXES[0]}${JSON.stringify([screeningQuestion, value])}`;
}

export function crossQuotaCellKey(label: string): string {
  return `${QUOTA_CELL_KEY_PREFIXES[1]}${JSON.stringify(label)}`;
}

interface Cell {
  key: string;
  type: QuotaType;
  count: number;
  /** Cells whose short places add up: one quota's targets, or one dimension's cross quotas. */
  group: string;
  name: string;
  holds: (chosen: ReadonlyMap<string, readonly string[] | null>) => boolean;
}

function cellsOf(quotas: readonly Quota[], crossQuotas: readonly CrossQuota[]): Cell[] {
  const cells: Cell[] = [];
  for (const quota of quotas) {
    for (const target of quota.targets) {
      cells.push({
        key: quotaCellKey(quota.screening_question, target.value),
        type: target.type,
        count: target.count,
        group: `quota:${JSON.stringify(quota.screening_question)}`,
        name: `${quota.screening_question} = "${target.value}"`,
        holds: (chosen) => chosen.get(quota.screening_question)?.includes(target.value) ?? false,
      });
    }
  }
  for (const crossQuota of crossQuotas) {
    const key = crossQuotaCellKey(crossQuota.label);
    cells.push({
      key,
      type: crossQuota.quota_type,
      count: crossQuota.target,
      group:
        crossQuota.dimension === undefined
          ? key
          : `dimension:${JSON.stringify(crossQuota.dimension)}`,
      name: `cross quota "${crossQuota.label}"`,
      holds: (chosen) => conditionsHold(crossQuota.conditions, crossQuota.join, chosen),
    });
  }
  return cells;
}

function chosenByKey(answers: QuotaAnswers): Map<string, readonly string[]> {
  const chosen = new Map<string, readonly string[]>();
  for (const answer of answers) if (answer.key !== undefined) chosen.set(answer.key, answer.answer);
  return chosen;
}

/** The cells an applicant's answers fall in; the caller increments each once they are admitted. */
export function quotaCellsFor(
  answers: QuotaAnswers,
  quotas: readonly Quota[],
  crossQuotas: readonly CrossQuota[],
): string[] {
  const chosen = chosenByKey(answers);
  return cellsOf(quotas, crossQuotas)
    .filter((cell) => cell.holds(chosen))
    .map((cell) => cell.key);
}

export interface QuotaAdmissionInput {
  quotas: readonly Quota[];
  crossQuotas: readonly CrossQuota[];
  counts: QuotaCounts;
  answers: QuotaAnswers;
  /** Places still open on the opportunity before this applicant takes one. */
  placesRemaining: number;
}

export interface QuotaDecision {
  admitted: boolean;
  reason?: string;
}

/**
 * Whether quotas let a qualified applicant take a place (docs/screening.md, "Quotas").
 *
 * - A full maximum or exact cell the applicant falls in screens them out.
 * - Short minimum and exact cells are grouped (one quota's targets; cross quotas sharing a
 *   dimension; otherwise each cross quota alone) and a group's shortfalls are summed. When the
 *   places left are no more than a group's shortfall, every remaining place is needed for it, so
 *   an applicant in none of its short cells is screened out.
 *
 * Summing a group's shortfalls is exact when its cells exclude one another (a single-select
 * question, a proper cross-tab); on multi-select questions it errs toward filling minimums.
 */
export function quotaAdmission(input: QuotaAdmissionInput): QuotaDecision {
  if (input.placesRemaining <= 0) return { admitted: false, reason: 'no places remain' };
  const chosen = chosenByKey(input.answers);
  const cells = cellsOf(input.quotas, input.crossQuotas);
  const current = (cell: Cell) => input.counts[cell.key] ?? 0;

  for (const cell of cells) {
    if (cell.type !== 'minimum' && cell.holds(chosen) && current(cell) >= cell.count) {
      return {
        admitted: false,
        reason: `quota full: ${cell.name} (${cell.type} ${cell.count})`,
      };
    }
  }

  const groups = new Map<string, Cell[]>();
  for (const cell of cells) {
    if (cell.type === 'maximum' || current(cell) >= cell.count) continue;
    groups.set(cell.group, [...(groups.get(cell.group) ?? []), cell]);
  }
  for (const short of groups.values()) {
    const shortfall = short.reduce((sum, cell) => sum + cell.count - current(cell), 0);
    if (input.placesRemaining <= shortfall && !short.some((cell) => cell.holds(chosen))) {
      const names = short.map((c) => `${c.name} (${current(c)} of ${c.count})`).join(', ');
      return {
        admitted: false,
        reason: `the remaining ${input.placesRemaining} place(s) are needed for quota targets still short: ${names}`,
      };
    }
  }
  return { admitted: true };
}

/**
 * The admission rule as one bound per counter, where it is one: with maximum targets only, a
 * qualified applicant is admitted exactly when a place is free and every cell they fall in is
 * below its count (quotaAdmission), so an admission can take its place and cells with one guarded
 * increment of each counter (docs/decisions/0141-admissions-without-the-opportunitys-lock.md).
 * Returns each cell the applicant falls in with its count; undefined when a minimum or exact
 * target exists, since keeping places for a cell still short weighs several counters at once.
 */
export function admissionCaps(
  quotas: readonly Quota[],
  crossQuotas: readonly CrossQuota[],
  answers: QuotaAnswers,
): Map<string, number> | undefined {
  const cells = cellsOf(quotas, crossQuotas);
  if (cells.some((cell) => cell.type !== 'maximum')) return undefined;
  const chosen = chosenByKey(answers);
  return new Map(cells.filter((cell) => cell.holds(chosen)).map((cell) => [cell.key, cell.count]));
}

/**
 * Every cell's count where the quotas have maximum targets only: the counters that admissionCaps
 * bounds, whatever the answers. Undefined when a minimum or exact target exists.
 */
export function maximumCellCaps(
  quotas: readonly Quota[],
  crossQuotas: readonly CrossQuota[],
): Map<string, number> | undefined {
  const cells = cellsOf(quotas, crossQuotas);
  if (cells.some((cell) => cell.type !== 'maximum')) return undefined;
  return new Map(cells.map((cell) => [cell.key, cell.count]));
}

/** `quota_progress` of a launched opportunity (docs/api/opportunities.md). */
export function quotaProgress(quotas: readonly Quota[], counts: QuotaCounts): QuotaProgress[] {
  return quotas.map((quota) => ({
    screening_question: quota.screening_question,
    targets: quota.targets.map((target) => ({
      value: target.value,
      count: target.count,
      current: counts[quotaCellKey(quota.screening_question, target.value)] ?? 0,
      type: target.type,
    })),
  }));
}

/** `cross_quota_progress` of a launched opportunity: each cell as defined, plus its current count. */
export function crossQuotaProgress(
  crossQuotas: readonly CrossQuota[],
  counts: QuotaCounts,
): CrossQuotaProgress[] {
  return crossQuotas.map((crossQuota) => ({
    ...crossQuota,
    current: counts[crossQuotaCellKey(crossQuota.label)] ?? 0,
  }));
}
