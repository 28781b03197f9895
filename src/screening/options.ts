import type { Condition, Join, QualifyLogic, ScreeningQuestion } from './schemas.ts';

/**
 * One thing an applicant can choose on a question, named the way conditions, quotas and
 * applications name it: the answer text, Yes/No on a boolean, `Row: Column` (row and column texts)
 * on a grid. Grids grade row by row, so each option remembers its row.
 */
export interface AnswerOption {
  value: string;
  logic: QualifyLogic;
  allowFreeText: boolean;
  row?: string;
}

export const BOOLEAN_ANSWERS = ['Yes', 'No'] as const;

export function gridCellValue(rowText: string, columnText: string): string {
  return `${rowText}: ${columnText}`;
}

export function answerOptions(question: ScreeningQuestion): AnswerOption[] {
  if (question.pick === 'text') return [];
  if (question.pick === 'grid') {
    const grid = question.grid;
    if (!grid) return [];
    const actions = new Map<string, QualifyLogic>();
    for (const action of grid.cell_actions ?? []) {
      actions.set(JSON.stringify([action.row, action.column]), action.qualify_logic);
    }
    return grid.rows.flatMap((row) =>
      grid.columns.map((column) => ({
        value: gridCellValue(row.text, column.text),
        logic: actions.get(JSON.stringify([row.key, column.value])) ?? 'may',
        allowFreeText: false,
        row: row.key,
      })),
    );
  }
  return question.answers.map((answer) => ({
    value: answer.text,
    logic: answer.qualify_logic,
    allowFreeText: answer.allow_free_text === true,
  }));
}

export function isQualifying(logic: QualifyLogic): boolean {
  return logic === 'may' || logic === 'must' || logic === 'must_one_of';
}

/** Pick one and boolean choose exactly one answer; a grid with pick one chooses one per row. */
export function isSingleSelect(question: Pick<ScreeningQuestion, 'pick' | 'grid'>): boolean {
  return (
    question.pick === 'one' ||
    question.pick === 'boolean' ||
    (question.pick === 'grid' && question.grid?.pick === 'one')
  );
}

/**
 * `chosen` maps a question key to what the applicant chose, or null when the question was hidden,
 * skipped or never reached. eq holds when the value was chosen; ne when it was not (so ne holds
 * on an unanswered question).
 */
export function conditionsHold(
  conditions: readonly Condition[],
  join: Join,
  chosen: ReadonlyMap<string, readonly string[] | null>,
): boolean {
  const results = conditions.map((condition) => {
    const picked = chosen.get(condition.screening_question) ?? null;
    const answered = picked?.includes(condition.answer) ?? false;
    return condition.operator === 'eq' ? answered : !answered;
  });
  return join === 'and' ? results.every(Boolean) : results.some(Boolean);
}
