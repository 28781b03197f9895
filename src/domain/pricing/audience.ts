/**
 * Turning an opportunity's filters and screener into the two narrowness inputs of the estimate.
 * Both are deliberately rough, documented guesses (docs/pricing.md): a panel-statistics model
 * would be better, but these are deterministic, explainable and never claim an audience wider
 * than the general panel.
 */

/** Catalog facts the estimate needs about one filter; undefined when the slug is unknown. */
export interface FilterFacts {
  /** Number of options in the filter's list, when it has one. */
  optionCount?: number;
  min?: number;
  max?: number;
}

/** Used for any filter whose share cannot be worked out from the catalog. */
export const UNKNOWN_FILTER_SHARE = 0.5;
/** reference-- filters include or exclude people from other studies: mildly narrowing. */
export const REFERENCE_FILTER_SHARE = 0.9;
export const MIN_AUDIENCE_SELECTIVITY = 0.001;
export const MIN_SCREENER_STRICTNESS = 0.05;

type FilterElement = Record<string, Record<string, unknown>>;

function clampShare(share: number): number {
  if (!Number.isFinite(share)) return UNKNOWN_FILTER_SHARE;
  return Math.min(1, Math.max(0, share));
}

function shareOfFilter(slug: string, operators: Record<string, unknown>, facts?: FilterFacts) {
  if (slug.startsWith('reference--')) return REFERENCE_FILTER_SHARE;
  let share = 1;
  const ins = operators['$in'];
  if (Array.isArray(ins)) {
    share *= facts?.optionCount ? clampShare(ins.length / facts.optionCount) : UNKNOWN_FILTER_SHARE;
  }
  const nin = operators['$nin'];
  if (Array.isArray(nin)) {
    share *= facts?.optionCount
      ? clampShare(1 - nin.length / facts.optionCount)
      : UNKNOWN_FILTER_SHARE;
  }
  const gte = operators['$gte'];
  const lte = operators['$lte'];
  if (typeof gte === 'number' || typeof lte === 'number') {
    if (facts?.min !== undefined && facts.max !== undefined && facts.max >= facts.min) {
      const low = typeof gte === 'number' ? Math.max(gte, facts.min) : facts.min;
      const high = typeof lte === 'number' ? Math.min(lte, facts.max) : facts.max;
      share *= clampShare((high - low + 1) / (facts.max - facts.min + 1));
    } else {
      share *= UNKNOWN_FILTER_SHARE;
    }
  }
  const known = ['$in', '$nin', '$gte', '$lte'];
  if (Object.keys(operators).some((op) => !known.includes(op))) share *= UNKNOWN_FILTER_SHARE;
  return share;
}

/** Product of each filter's share of the panel; an empty filter list is the general panel. */
export function estimateAudienceSelectivity(
  filters: readonly FilterElement[],
  factsOf: (slug: string) => FilterFacts | undefined = () => undefined,
): number {
  let selectivity = 1;
  for (const element of filters) {
    for (const [slug, operators] of Object.entries(element)) {
      if (operators && typeof operators === 'object') {
        selectivity *= shareOfFilter(slug, operators, factsOf(slug));
      }
    }
  }
  return Math.max(MIN_AUDIENCE_SELECTIVITY, Math.min(1, selectivity));
}

interface AnswerLike {
  qualify_logic?: string;
}
interface QuestionLike {
  pick?: string;
  answers?: readonly AnswerLike[];
  grid?: {
    rows?: readonly { key?: string }[];
    columns?: readonly { value?: string }[];
    cell_actions?: readonly { row?: string; column?: string; qualify_logic?: string }[];
  };
  conditional_rules?: readonly { outcome?: string }[];
}

function passShareOfQuestion(question: QuestionLike): number {
  const answers = question.answers ?? [];
  let share = 1;
  if ((question.pick === 'one' || question.pick === 'boolean') && answers.length > 0) {
    const rejects = answers.filter((a) => a.qualify_logic === 'reject').length;
    share = (answers.length - rejects) / answers.length;
  } else if (question.pick === 'any' && answers.length > 0) {
    const rejects = answers.filter((a) => a.qualify_logic === 'reject').length;
    const musts = answers.filter((a) => a.qualify_logic === 'must').length;
    const oneOf = answers.some((a) => a.qualify_logic === 'must_one_of');
    share = (1 - rejects / (2 * answers.length)) * 0.5 ** musts * (oneOf ? 0.75 : 1);
  } else if (question.pick === 'grid' && question.grid) {
    const columns = question.grid.columns?.length ?? 0;
    for (const row of question.grid.rows ?? []) {
      if (columns === 0) continue;
      const rejects = (question.grid.cell_actions ?? []).filter(
        (cell) => cell.row === row.key && cell.qualify_logic === 'reject',
      ).length;
      share *= clampShare((columns - rejects) / columns);
    }
  }
  const rejectingRules = (question.conditional_rules ?? []).filter((r) => r.outcome === 'reject');
  return share * 0.9 ** rejectingRules.length;
}

/**
 * Expected share of applicants passing the screener, as if every answer were equally likely and
 * every question shown (display conditions only ever make a screener easier to pass).
 */
export function estimateScreenerStrictness(questions: readonly QuestionLike[]): number {
  let strictness = 1;
  for (const question of questions) strictness *= passShareOfQuestion(question);
  return Math.max(MIN_SCREENER_STRICTNESS, Math.min(1, strictness));
}
