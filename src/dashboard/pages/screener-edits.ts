import type { ScreeningQuestion } from '../../screening/index.ts';

/**
 * Edits of a draft's screener made on the page, as pure functions from the screener the API reads
 * back to the one the builder sends in a PATCH (the engine then judges it exactly as it judges the
 * API's). Fields the page does not show (conditional rules, grid cell actions, extra display
 * conditions) are carried over untouched.
 */
export type Question = ScreeningQuestion;
export type Pick = Question['pick'];

export const PICKS: readonly [Pick, string][] = [
  ['one', 'One answer'],
  ['any', 'Any number of answers'],
  ['boolean', 'Yes or no'],
  ['text', 'Typed text'],
  ['grid', 'A grid (rows × columns)'],
];
export const LOGICS = ['may', 'must', 'must_one_of', 'reject', 'review'] as const;

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function freeKey(questions: readonly Question[]): string {
  const taken = new Set(questions.map((q) => q.key));
  for (let n = questions.length + 1; ; n++) if (!taken.has(`q${n}`)) return `q${n}`;
}

/**
 * A new question with its answers (one a line; for a grid, its rows, with `columns` its columns),
 * every answer qualifying until edited.
 */
export function addQuestion(
  questions: readonly Question[],
  text: string,
  pick: Pick,
  answers = '',
  columns = '',
): Question[] {
  const given = lines(answers);
  const question: Record<string, unknown> = { key: freeKey(questions), text: text.trim(), pick };
  if (pick === 'boolean') {
    question.answers = [
      { text: 'Yes', qualify_logic: 'may' },
      { text: 'No', qualify_logic: 'may' },
    ];
  } else if (pick === 'grid') {
    question.answers = [];
    question.grid = {
      pick: 'one',
      rows: given.map((row, index) => ({ key: `r${index + 1}`, text: row })),
      columns: lines(columns).map((column, index) => ({ value: `c${index + 1}`, text: column })),
    };
  } else {
    question.answers =
      pick === 'text' ? [] : given.map((answer) => ({ text: answer, qualify_logic: 'may' }));
  }
  return [...questions, question as unknown as Question];
}

export function deleteQuestion(questions: readonly Question[], key: string): Question[] {
  return questions.filter((q) => q.key !== key);
}

/** Moves a question one place up (-1) or down (+1); at either end nothing moves. */
export function moveQuestion(questions: readonly Question[], key: string, by: -1 | 1): Question[] {
  const from = questions.findIndex((q) => q.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= questions.length) return [...questions];
  const moved = [...questions];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

/**
 * One question from its form: text, kind, the answers (a row each: text, logic, free text), the
 * least qualifying, a grid's rows and columns (a line each), one display condition ("earlier
 * question key=answer") and one skip rule ("answer → target", target a later key or "end").
 */
export function updateQuestion(
  questions: readonly Question[],
  key: string,
  form: Readonly<Record<string, string>>,
): Question[] {
  return questions.map((current) => {
    if (current.key !== key) return current;
    const pick = (form.pick as Pick) || current.pick;
    const next: Record<string, unknown> = {
      ...current,
      text: (form.text ?? current.text).trim(),
      pick,
    };
    const answers = [];
    for (let row = 0; form[`answer.${row}.text`] !== undefined; row++) {
      const text = form[`answer.${row}.text`]!.trim();
      if (text === '') continue;
      const logic = form[`answer.${row}.logic`];
      answers.push({
        text,
        qualify_logic: (LOGICS as readonly string[]).includes(logic ?? '') ? logic : 'may',
        ...(form[`answer.${row}.free`] === 'yes' && { allow_free_text: true }),
      });
    }
    next.answers = pick === 'text' || pick === 'grid' ? [] : answers;
    const least = (form.min_qualifying ?? '').trim();
    if (least === '') delete next.min_qualifying;
    else next.min_qualifying = /^\d+$/.test(least) ? Number(least) : least;
    if (pick === 'grid') {
      const previous = current.grid;
      next.grid = {
        ...(previous ?? {}),
        pick: form.grid_pick === 'any' ? 'any' : 'one',
        rows: lines(form.grid_rows).map((text, index) => ({
          key: previous?.rows.find((r) => r.text === text)?.key ?? `r${index + 1}`,
          text,
        })),
        columns: lines(form.grid_columns).map((text, index) => ({
          value: previous?.columns.find((c) => c.text === text)?.value ?? `c${index + 1}`,
          text,
        })),
      };
    } else {
      delete next.grid;
    }
    const shownIf = (form.show_if ?? '').trim();
    if (shownIf === '') delete next.display_condition;
    else if (shownIf !== 'keep') {
      const [source, answer] = splitPair(shownIf);
      next.display_condition = {
        conditions: [
          {
            screening_question: source,
            answer,
            operator: form.show_if_operator === 'ne' ? 'ne' : 'eq',
          },
        ],
        join: 'and',
      };
    }
    const skipWhen = (form.skip_when ?? '').trim();
    if (skipWhen === '') delete next.skip_rules;
    else if (skipWhen !== 'keep') {
      const [source, answer] = splitPair(skipWhen);
      const target = (form.skip_to ?? '').trim();
      next.skip_rules = [
        {
          conditions: [{ screening_question: source, answer, operator: 'eq' }],
          join: 'and',
          target_question: target === '' || target === 'end' ? null : target,
        },
      ];
    }
    return next as unknown as Question;
  });
}

/** "key=answer", as the condition pickers send it (a key has no "="). */
function splitPair(pair: string): [string, string] {
  const at = pair.indexOf('=');
  return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
}

/** The answers a condition on this question can name: texts, Yes/No, or a grid's "Row: Column". */
export function conditionAnswers(question: Question): string[] {
  if (question.pick === 'grid' && question.grid) {
    return question.grid.rows.flatMap((row) =>
      question.grid!.columns.map((column) => `${row.text}: ${column.text}`),
    );
  }
  return question.answers.map((answer) => answer.text);
}
