/**
 * The screener half of the estimate's narrowness: the expected share of applicants who pass.
 * (The audience half is the filters module's `audienceSelectivity`, src/filters.)
 * A deliberately rough, documented guess (docs/pricing.md): deterministic, explainable, and
 * never claiming a screener easier than no screener.
 */
export const MIN_SCREENER_STRICTNESS = 0.05;

function clampShare(share: number): number {
  if (!Number.isFinite(share)) return 1;
  return Math.min(1, Math.max(0, share));
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
