import type { ScreeningQuestion, SkipRule } from '../../screening/index.ts';

/**
 * Edits of a draft's screener made on the page, as pure functions from the screener the API reads
 * back to the one the page sends in a PATCH (the engine then judges it exactly as it judges the
 * API's). Fields the page does not show (conditional rules, grid cell actions, extra display
 * conditions, skip rules it cannot draw on an answer) are carried over untouched
 * (docs/decisions/0184-compact-screener-editor.md).
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
export type Logic = (typeof LOGICS)[number];

/** Where an answer sends the applicant next: the next question (undefined), a later key, or the end. */
export type SkipTarget = string | 'end' | undefined;

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function freeKey(questions: readonly Question[]): string {
  const taken = new Set(questions.map((q) => q.key));
  for (let n = questions.length + 1; ; n++) if (!taken.has(`q${n}`)) return `q${n}`;
}

/** What an answer does, as its row's select sends it: a logic, then maybe ">" and a skip target. */
export function doesValue(logic: Logic, target: SkipTarget): string {
  return target === undefined ? logic : `${logic}>${target}`;
}

export function parseDoes(value: string | undefined): { logic: Logic; target: SkipTarget } {
  const [logic = '', target] = (value ?? '').split('>', 2);
  return {
    logic: (LOGICS as readonly string[]).includes(logic) ? (logic as Logic) : 'may',
    target: target === undefined || target === '' ? undefined : target,
  };
}

/**
 * The skip rules of a question as one target per answer, when they read that way: each rule one
 * "this answer was chosen" condition on the question itself, no answer named twice, the question
 * not a grid. Otherwise undefined: the page shows them as kept, and keeps them.
 */
export function answerSkips(question: Question): Map<string, SkipTarget> | undefined {
  const rules = question.skip_rules ?? [];
  const skips = new Map<string, SkipTarget>();
  if (question.pick === 'grid' || question.pick === 'text') {
    return rules.length === 0 ? skips : undefined;
  }
  const texts = new Set(question.answers.map((a) => a.text));
  for (const rule of rules) {
    const [condition, ...more] = rule.conditions;
    if (
      !condition ||
      more.length > 0 ||
      condition.operator !== 'eq' ||
      condition.screening_question !== question.key ||
      !texts.has(condition.answer) ||
      skips.has(condition.answer)
    ) {
      return undefined;
    }
    skips.set(condition.answer, rule.target_question ?? 'end');
  }
  return skips;
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

/** One answer row of a question's card, as typed. */
export interface AnswerRow {
  text: string;
  /** The text the answer had when the page was drawn (empty for a new row). */
  was: string;
  logic: Logic;
  target: SkipTarget;
  free: boolean;
}

const BLANK_ROW: AnswerRow = { text: '', was: '', logic: 'may', target: undefined, free: false };
const BOOLEAN_ROWS: AnswerRow[] = [
  { ...BLANK_ROW, text: 'Yes' },
  { ...BLANK_ROW, text: 'No' },
];

/** An operation of a card's buttons on its answer rows, named by the row's position. */
export type AnswerOp = { kind: 'save' } | { kind: 'up' | 'down' | 'delete'; row: number };

/** The card's `op` button: "save", or "up:2", "down:0", "delete:1" (a row's position). */
export function parseAnswerOp(value: string | undefined): AnswerOp {
  const match = /^(up|down|delete):(\d+)$/.exec(value ?? '');
  if (match) return { kind: match[1] as 'up' | 'down' | 'delete', row: Number(match[2]) };
  return { kind: 'save' };
}

/**
 * The answer rows of a card's form, in the order of their numbers (`answer.<n>.text|was|does|free`;
 * numbers need not follow on, so a script may add rows), blank rows included.
 */
export function answerRows(form: Readonly<Record<string, string>>): AnswerRow[] {
  const numbers = Object.keys(form)
    .map((name) => /^answer\.(\d+)\.text$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  return numbers.map((n) => {
    const { logic, target } = parseDoes(form[`answer.${n}.does`]);
    return {
      text: (form[`answer.${n}.text`] ?? '').trim(),
      was: form[`answer.${n}.was`] ?? '',
      logic,
      target,
      free: form[`answer.${n}.free`] === 'yes',
    };
  });
}

/** Rows after a card's button: one moved up or down (not past either end), or deleted. */
export function applyAnswerOp(rows: readonly AnswerRow[], op: AnswerOp): AnswerRow[] {
  const next = [...rows];
  if (op.kind === 'delete') {
    next.splice(op.row, 1);
  } else if (op.kind === 'up' || op.kind === 'down') {
    const to = op.row + (op.kind === 'up' ? -1 : 1);
    if (op.row < next.length && to >= 0 && to < next.length) {
      [next[op.row], next[to]] = [next[to]!, next[op.row]!];
    }
  }
  return next;
}

/**
 * One question from its card: text, kind, the answer rows (what each does and where it skips to,
 * whether it lets them type more), the least qualifying, a grid's rows and columns (a line each)
 * and one display condition ("earlier question key=answer", or "keep"). Blank rows are left out.
 * Skip rules the card could not draw on its answers are kept as they were.
 */
export function updateQuestion(
  current: Question,
  form: Readonly<Record<string, string>>,
  rows: readonly AnswerRow[] = answerRows(form),
): Question {
  const pick = (PICKS.some(([value]) => value === form.pick) ? form.pick : current.pick) as Pick;
  const next: Record<string, unknown> = {
    ...current,
    text: (form.text ?? current.text).trim(),
    pick,
  };
  // A new kind starts from what the card held: yes or no its two answers, a grid's rows the
  // answers (and the reverse), so the card drawn next asks only for what is missing.
  const gridRows =
    form.grid_rows === undefined
      ? (current.grid?.rows ?? []).map((row) => row.text)
      : lines(form.grid_rows);
  const kept =
    pick === 'boolean' && current.pick !== 'boolean'
      ? BOOLEAN_ROWS
      : current.pick === 'grid' && pick !== 'grid'
        ? gridRows.map((text) => ({ ...BLANK_ROW, text }))
        : rows.filter((row) => row.text !== '');
  const choices = pick !== 'text' && pick !== 'grid';
  next.answers = choices
    ? kept.map((row) => ({
        text: row.text,
        qualify_logic: row.logic,
        ...(row.free && pick !== 'boolean' && { allow_free_text: true }),
      }))
    : [];
  const least = (form.min_qualifying ?? '').trim();
  // Only multiple choice counts qualifying answers: a kind without it drops the least.
  if (least === '' || (pick !== 'any' && pick !== 'grid')) delete next.min_qualifying;
  else next.min_qualifying = /^\d+$/.test(least) ? Number(least) : least;
  if (pick === 'grid') {
    const previous = current.grid;
    next.grid = {
      ...(previous ?? {}),
      pick: form.grid_pick === 'any' ? 'any' : 'one',
      rows: (form.grid_rows === undefined
        ? kept.map((row) => row.text)
        : lines(form.grid_rows)
      ).map((text, index) => ({
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
  if (answerSkips(current) !== undefined && !choices) delete next.skip_rules;
  else if (answerSkips(current) !== undefined) {
    const skips: SkipRule[] = kept
      .filter((row) => row.target !== undefined)
      .map((row) => ({
        conditions: [{ screening_question: current.key, answer: row.text, operator: 'eq' }],
        join: 'and',
        target_question: row.target === 'end' ? null : row.target!,
      }));
    if (skips.length > 0) next.skip_rules = skips;
    else delete next.skip_rules;
  }
  return next as unknown as Question;
}

/**
 * An answer renamed on its card keeps what named it: the display conditions of later questions
 * and their answers' names in quota targets (the caller renames quotas with the same pairs).
 */
export function renamedAnswers(rows: readonly AnswerRow[]): [string, string][] {
  return rows
    .filter((row) => row.was !== '' && row.text !== '' && row.text !== row.was)
    .map((row) => [row.was, row.text]);
}

export function renameInConditions(
  questions: readonly Question[],
  key: string,
  renames: readonly [string, string][],
): Question[] {
  if (renames.length === 0) return [...questions];
  const renamed = new Map(renames);
  return questions.map((question) => {
    const condition = question.display_condition;
    if (!condition?.conditions.some((c) => c.screening_question === key)) return question;
    return {
      ...question,
      display_condition: {
        ...condition,
        conditions: condition.conditions.map((c) =>
          c.screening_question === key && renamed.has(c.answer)
            ? { ...c, answer: renamed.get(c.answer)! }
            : c,
        ),
      },
    };
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
