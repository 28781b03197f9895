import { type AnswerOption, answerOptions, BOOLEAN_ANSWERS, isQualifying } from './options.ts';
import type {
  AnswerItem,
  Condition,
  CrossQuota,
  CrossQuotaInput,
  Grid,
  Quota,
  QuotaInput,
  ScreeningQuestion,
  ScreeningQuestionInput,
} from './schemas.ts';

export interface ScreenerInput {
  questions: readonly ScreeningQuestionInput[];
  quotas?: readonly QuotaInput[];
  crossQuotas?: readonly CrossQuotaInput[];
  /** When known, minimum and exact targets larger than the study are reported. */
  numParticipants?: number;
}

export interface Screener {
  questions: ScreeningQuestion[];
  quotas: Quota[];
  crossQuotas: CrossQuota[];
}

export interface ScreenerIssue {
  message: string;
}

export interface NormalizedScreener {
  value: Screener;
  issues: ScreenerIssue[];
}

/** Longest typed answer a text question takes; longer input is an application issue. */
export const MAX_TEXT_ANSWER_LENGTH = 10_000;

/**
 * Turns a screener as sent on create or PATCH into what reads back on GET, and lists every
 * problem in it at once (the caller answers 400 with all of them). The value is only meaningful
 * when there are no issues.
 */
export function normalizeScreener(input: ScreenerInput): NormalizedScreener {
  const issues: ScreenerIssue[] = [];
  const report = (message: string) => issues.push({ message });

  const keys = assignKeys(input.questions);
  const seen = new Set<string>();
  for (const [index, key] of keys.entries()) {
    if (seen.has(key)) {
      report(`${label(index, key)}: key "${key}" is used by more than one question`);
    }
    seen.add(key);
  }

  const questions = input.questions.map((question, index) =>
    normalizeQuestion(question, keys[index]!, index, report),
  );
  const positions = new Map<string, number>();
  for (const [index, key] of keys.entries()) {
    if (!positions.has(key)) positions.set(key, index);
  }
  const options = new Map(questions.map((q) => [q.key, answerOptions(q)] as const));
  const context: ScreenerContext = { questions, positions, options, report };

  for (const [index, question] of questions.entries()) {
    checkRules(question, index, context);
  }

  const quotas = (input.quotas ?? []).map((quota, index) =>
    normalizeQuota(quota, index, context, input.numParticipants),
  );
  const seenQuotaQuestions = new Set<string>();
  for (const [index, quota] of quotas.entries()) {
    if (seenQuotaQuestions.has(quota.screening_question)) {
      report(
        `Quota ${index + 1} (question "${quota.screening_question}"): that question already has a quota; put every target in one quota`,
      );
    }
    seenQuotaQuestions.add(quota.screening_question);
  }

  const crossQuotas = (input.crossQuotas ?? []).map((crossQuota, index) =>
    normalizeCrossQuota(crossQuota, index, context, input.numParticipants),
  );
  const labels = new Set<string>();
  for (const crossQuota of crossQuotas) {
    if (labels.has(crossQuota.label)) {
      report(`Cross quota "${crossQuota.label}": the label is used by more than one cross quota`);
    }
    labels.add(crossQuota.label);
  }

  return { value: { questions, quotas, crossQuotas }, issues };
}

interface ScreenerContext {
  questions: ScreeningQuestion[];
  positions: Map<string, number>;
  options: Map<string, AnswerOption[]>;
  report: (message: string) => void;
}

function label(index: number, key: string): string {
  return `Screening question ${index + 1} ("${key}")`;
}

/**
 * A keyless question at position n gets `q<n>`, so a client that sends no keys can still name
 * questions in conditions and quotas; when a given key already holds that name, a suffix keeps
 * both.
 */
function assignKeys(questions: readonly ScreeningQuestionInput[]): string[] {
  const taken = new Set(questions.flatMap((q) => (q.key === undefined ? [] : [q.key])));
  return questions.map((question, index) => {
    if (question.key !== undefined) return question.key;
    let candidate = `q${index + 1}`;
    for (let suffix = 2; taken.has(candidate); suffix++) candidate = `q${index + 1}_${suffix}`;
    taken.add(candidate);
    return candidate;
  });
}

function normalizeQuestion(
  input: ScreeningQuestionInput,
  key: string,
  index: number,
  report: (message: string) => void,
): ScreeningQuestion {
  const name = label(index, key);
  if (input.text.trim() === '') report(`${name}: text must not be empty`);

  const answers = normalizeAnswers(input, name, report);
  const grid = input.grid === undefined ? undefined : normalizeGrid(input, name, report);
  if (input.pick !== 'grid' && input.grid !== undefined) {
    report(`${name}: grid is only allowed when pick is "grid"`);
  }

  const question: ScreeningQuestion = {
    key,
    text: input.text,
    ...(input.question_rich_text !== undefined && { question_rich_text: input.question_rich_text }),
    pick: input.pick,
    answers,
    ...(grid !== undefined && input.pick === 'grid' && { grid }),
    ...(input.min_qualifying !== undefined && { min_qualifying: input.min_qualifying }),
    ...(input.display_condition !== undefined && { display_condition: input.display_condition }),
    ...(input.conditional_rules !== undefined && { conditional_rules: input.conditional_rules }),
    ...(input.skip_rules !== undefined &&
      input.skip_rules.length > 0 && { skip_rules: input.skip_rules }),
    ...(input.allow_paste !== undefined && { allow_paste: input.allow_paste }),
  };
  checkMinQualifying(question, name, report);
  return question;
}

function normalizeAnswers(
  input: ScreeningQuestionInput,
  name: string,
  report: (message: string) => void,
): AnswerItem[] {
  const given = input.answers ?? [];
  const pick = input.pick;
  if (pick === 'text' || pick === 'grid') {
    if (given.length > 0) {
      report(
        `${name}: a "${pick}" question takes no answers${pick === 'grid' ? ' (use grid rows and columns)' : ''}`,
      );
    }
    if (pick === 'grid' && input.grid === undefined) {
      report(`${name}: a "grid" question needs a grid with rows and columns`);
    }
    return [];
  }

  const texts = new Set<string>();
  for (const answer of given) {
    if (answer.text.trim() === '') report(`${name}: answer texts must not be empty`);
    else if (texts.has(answer.text)) report(`${name}: answer "${answer.text}" appears twice`);
    texts.add(answer.text);
    if (answer.allow_free_text === true && pick === 'boolean') {
      report(`${name}: allow_free_text is only allowed on "one" and "any" answers`);
    }
  }

  let answers: AnswerItem[] = given.map((answer) => {
    const item: AnswerItem = { text: answer.text, qualify_logic: answer.qualify_logic ?? 'may' };
    if (answer.allow_free_text !== undefined) item.allow_free_text = answer.allow_free_text;
    return item;
  });

  if (pick === 'boolean') {
    for (const answer of answers) {
      if (!(BOOLEAN_ANSWERS as readonly string[]).includes(answer.text)) {
        report(`${name}: a boolean question's answers are "Yes" and "No", not "${answer.text}"`);
      }
    }
    // Yes and No always exist on a boolean; the ones not sent qualify.
    answers = BOOLEAN_ANSWERS.map(
      (text) => answers.find((a) => a.text === text) ?? { text, qualify_logic: 'may' as const },
    );
  } else if (pick === 'one' && answers.length < 2) {
    report(`${name}: a "one" question needs at least two answers`);
  } else if (pick === 'any' && answers.length < 1) {
    report(`${name}: an "any" question needs at least one answer`);
  }

  if (pick === 'one' || pick === 'boolean') {
    // Contract 2.4: on a single-select only reject and review act, so every qualifying logic
    // reads back as must.
    answers = answers.map((a) =>
      isQualifying(a.qualify_logic) ? { ...a, qualify_logic: 'must' as const } : a,
    );
  }
  if (answers.length > 0 && answers.every((a) => a.qualify_logic === 'reject')) {
    report(`${name}: every answer rejects, so no applicant could pass`);
  }
  return answers;
}

function normalizeGrid(
  input: ScreeningQuestionInput,
  name: string,
  report: (message: string) => void,
): Grid {
  const grid = input.grid!;
  if (grid.rows.length === 0) report(`${name}: the grid needs at least one row`);
  if (grid.columns.length === 0) report(`${name}: the grid needs at least one column`);
  reportDuplicates(
    grid.rows.map((r) => r.key),
    (v) => `${name}: grid row key "${v}" appears twice`,
    report,
  );
  reportDuplicates(
    grid.rows.map((r) => r.text),
    (v) => `${name}: grid row text "${v}" appears twice`,
    report,
  );
  reportDuplicates(
    grid.columns.map((c) => c.value),
    (v) => `${name}: grid column value "${v}" appears twice`,
    report,
  );
  reportDuplicates(
    grid.columns.map((c) => c.text),
    (v) => `${name}: grid column text "${v}" appears twice`,
    report,
  );
  for (const row of grid.rows) {
    if (row.key.trim() === '' || row.text.trim() === '') {
      report(`${name}: grid rows need a key and a text`);
    }
  }
  for (const column of grid.columns) {
    if (column.value.trim() === '' || column.text.trim() === '') {
      report(`${name}: grid columns need a value and a text`);
    }
  }

  const rowKeys = new Set(grid.rows.map((r) => r.key));
  const columnValues = new Set(grid.columns.map((c) => c.value));
  const cells = new Set<string>();
  for (const action of grid.cell_actions ?? []) {
    if (!rowKeys.has(action.row)) {
      report(`${name}: cell action names row "${action.row}", which is not a grid row key`);
    }
    if (!columnValues.has(action.column)) {
      report(
        `${name}: cell action names column "${action.column}", which is not a grid column value`,
      );
    }
    const cell = JSON.stringify([action.row, action.column]);
    if (cells.has(cell)) {
      report(
        `${name}: more than one cell action for row "${action.row}", column "${action.column}"`,
      );
    }
    cells.add(cell);
  }

  const singleSelect = grid.pick === 'one';
  const cellActions = (grid.cell_actions ?? []).map((action) =>
    singleSelect && isQualifying(action.qualify_logic)
      ? { ...action, qualify_logic: 'must' as const }
      : action,
  );
  if (singleSelect && grid.rows.length > 0 && grid.columns.length > 0) {
    for (const row of grid.rows) {
      const rejectsEverywhere = grid.columns.every((column) =>
        cellActions.some(
          (a) => a.row === row.key && a.column === column.value && a.qualify_logic === 'reject',
        ),
      );
      if (rejectsEverywhere) {
        report(`${name}: every cell of grid row "${row.text}" rejects, so no applicant could pass`);
      }
    }
  }
  return {
    pick: grid.pick,
    rows: grid.rows,
    columns: grid.columns,
    cell_actions: cellActions,
  };
}

function reportDuplicates(
  values: readonly string[],
  message: (value: string) => string,
  report: (message: string) => void,
) {
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (const value of values) {
    if (seen.has(value) && !reported.has(value)) {
      report(message(value));
      reported.add(value);
    }
    seen.add(value);
  }
}

function checkMinQualifying(
  question: ScreeningQuestion,
  name: string,
  report: (message: string) => void,
) {
  const min = question.min_qualifying;
  if (min === undefined) return;
  const multiSelect =
    question.pick === 'any' || (question.pick === 'grid' && question.grid?.pick === 'any');
  if (!multiSelect) {
    report(`${name}: min_qualifying only applies to "any" questions and "any" grids`);
    return;
  }
  const qualifying = answerOptions(question).filter((o) => isQualifying(o.logic)).length;
  if (min < 1) report(`${name}: min_qualifying must be at least 1`);
  else if (min > qualifying) {
    report(
      `${name}: min_qualifying is ${min} but only ${qualifying} answer(s) qualify, so no applicant could pass`,
    );
  }
}

function checkRules(question: ScreeningQuestion, index: number, context: ScreenerContext) {
  const name = label(index, question.key);
  const { report, positions } = context;

  const display = question.display_condition;
  if (display !== undefined) {
    if (display.conditions.length === 0) {
      report(`${name}: display_condition needs at least one condition`);
    }
    for (const condition of display.conditions) {
      const position = positions.get(condition.screening_question);
      if (position === undefined) {
        report(
          `${name}: display_condition names question "${condition.screening_question}", which does not exist`,
        );
      } else if (position >= index) {
        report(
          `${name}: display_condition may only name an EARLIER question, not "${condition.screening_question}"`,
        );
      } else {
        checkConditionAnswer(condition, `${name}: display_condition`, context);
      }
    }
  }

  for (const [ruleIndex, rule] of (question.conditional_rules ?? []).entries()) {
    checkOwnConditions(
      rule.conditions,
      question,
      `${name}: conditional rule ${ruleIndex + 1}`,
      context,
    );
  }

  for (const [ruleIndex, rule] of (question.skip_rules ?? []).entries()) {
    const where = `${name}: skip rule ${ruleIndex + 1}`;
    checkOwnConditions(rule.conditions, question, where, context);
    if (rule.target_question !== null) {
      const target = positions.get(rule.target_question);
      if (target === undefined) {
        report(`${where}: target_question "${rule.target_question}" does not exist`);
      } else if (target <= index) {
        report(
          `${where}: target_question must name a LATER question, not "${rule.target_question}" (null ends the screener)`,
        );
      }
    }
  }
}

/** A skip or conditional rule tests its own question's answers (docs/screening.md). */
function checkOwnConditions(
  conditions: readonly Condition[],
  question: ScreeningQuestion,
  where: string,
  context: ScreenerContext,
) {
  if (conditions.length === 0) context.report(`${where}: needs at least one condition`);
  for (const condition of conditions) {
    if (condition.screening_question !== question.key) {
      context.report(
        `${where}: tests question "${condition.screening_question}", but a rule may only test its own question "${question.key}"`,
      );
    } else {
      checkConditionAnswer(condition, where, context);
    }
  }
}

function checkConditionAnswer(condition: Condition, where: string, context: ScreenerContext) {
  const position = context.positions.get(condition.screening_question)!;
  const source = context.questions[position]!;
  if (source.pick === 'text') {
    context.report(
      `${where}: question "${source.key}" is a text question; conditions can only test chosen answers`,
    );
    return;
  }
  const values = context.options.get(source.key) ?? [];
  if (!values.some((o) => o.value === condition.answer)) {
    context.report(
      `${where}: "${condition.answer}" is not an answer of question "${source.key}"${answerHint(source.pick)}`,
    );
  }
}

function answerHint(pick: ScreeningQuestion['pick']): string {
  if (pick === 'grid') return ' (grid answers are "Row text: Column text")';
  if (pick === 'boolean') return ' (boolean answers are "Yes" and "No")';
  return '';
}

function checkCount(count: number, where: string, report: (message: string) => void) {
  if (!Number.isInteger(count) || count < 1) report(`${where}: count must be a positive integer`);
}

function normalizeQuota(
  input: QuotaInput,
  index: number,
  context: ScreenerContext,
  numParticipants: number | undefined,
): Quota {
  const where = `Quota ${index + 1} (question "${input.screening_question}")`;
  const { report } = context;
  const position = context.positions.get(input.screening_question);
  const question = position === undefined ? undefined : context.questions[position];
  if (question === undefined) {
    report(`${where}: screening_question must be the key of a screening question`);
  } else if (question.pick === 'text') {
    report(`${where}: a text question cannot carry a quota`);
  }
  if (input.targets.length === 0) report(`${where}: needs at least one target`);

  const values = new Set<string>();
  const targets = input.targets.map((target) => {
    const type = target.type ?? 'minimum';
    const at = `${where}, target "${target.value}"`;
    if (values.has(target.value)) report(`${at}: the value appears twice`);
    values.add(target.value);
    if (question !== undefined && question.pick !== 'text') {
      const options = context.options.get(question.key) ?? [];
      if (!options.some((o) => o.value === target.value)) {
        report(`${at}: not an answer of question "${question.key}"${answerHint(question.pick)}`);
      }
    }
    checkCount(target.count, at, report);
    if (numParticipants !== undefined && type !== 'maximum' && target.count > numParticipants) {
      report(
        `${at}: a ${type} of ${target.count} cannot be met with ${numParticipants} participants`,
      );
    }
    return { value: target.value, count: target.count, type };
  });
  return { screening_question: input.screening_question, targets };
}

function normalizeCrossQuota(
  input: CrossQuotaInput,
  _index: number,
  context: ScreenerContext,
  numParticipants: number | undefined,
): CrossQuota {
  const where = `Cross quota "${input.label}"`;
  const { report } = context;
  if (input.label.trim() === '') report(`${where}: label must not be empty`);
  if (input.conditions.length === 0) report(`${where}: needs at least one condition`);
  const questionsUsed = new Set<string>();
  for (const condition of input.conditions) {
    if (questionsUsed.has(condition.screening_question)) {
      report(
        `${where}: question "${condition.screening_question}" appears in more than one condition; a cross quota spans distinct questions`,
      );
    }
    questionsUsed.add(condition.screening_question);
    if (!context.positions.has(condition.screening_question)) {
      report(
        `${where}: condition names question "${condition.screening_question}", which does not exist`,
      );
    } else {
      checkConditionAnswer(condition, where, context);
    }
  }
  if (!Number.isInteger(input.target) || input.target < 1) {
    report(`${where}: target must be a positive integer`);
  }
  if (
    numParticipants !== undefined &&
    input.quota_type !== 'maximum' &&
    input.target > numParticipants
  ) {
    report(
      `${where}: a ${input.quota_type} of ${input.target} cannot be met with ${numParticipants} participants`,
    );
  }
  if (input.dimension !== undefined && input.dimension.trim() === '') {
    report(`${where}: dimension must not be empty when given`);
  }
  const crossQuota: CrossQuota = {
    label: input.label,
    conditions: input.conditions,
    join: input.join,
    target: input.target,
    quota_type: input.quota_type,
  };
  if (input.dimension !== undefined) crossQuota.dimension = input.dimension;
  return crossQuota;
}
