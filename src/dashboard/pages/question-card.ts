import { type Html, html } from '../../platform/web/html.ts';
import {
  type AnswerRow,
  answerSkips,
  conditionAnswers,
  doesValue,
  LOGICS,
  type Logic,
  PICKS,
  parseDoes,
  type Question,
  type SkipTarget,
} from './screener-edits.ts';
import type { CardField } from './screener-problems.ts';

/**
 * One screener question as a card (docs/decisions/0184-compact-screener-editor.md): its text, its
 * answers as rows edited in place (the answer, what it does, whether it lets them type more, and
 * buttons that move or delete it), the rarer settings folded away, and one Save. Every button of
 * the card sends the whole card, so what was typed in it is saved with a move or a delete.
 */

export const LOGIC_WORDS: Record<Logic, string> = {
  may: 'qualifies',
  must: 'must be chosen',
  must_one_of: 'one of these must be chosen',
  reject: 'screens out',
  review: 'needs my review',
};

/** Logics offered with a skip: the others rarely want one (a stored one is still shown). */
const SKIPPING: readonly Logic[] = ['may', 'reject', 'review'];

/**
 * A single choice (one answer, yes or no) has no "must": the engine stores a qualifying answer of
 * one as `must` (docs/screening.md), so the card offers and shows it as "qualifies".
 */
const single = (question: Question) => question.pick === 'one' || question.pick === 'boolean';
const shownLogic = (question: Question, logic: Logic): Logic =>
  single(question) && (logic === 'must' || logic === 'must_one_of') ? 'may' : logic;

export interface CardInput {
  /** The editor's path: the card posts to `${base}/<key>/save`. */
  base: string;
  csrf: Html;
  /** Every question, in order (the pickers offer earlier and later ones). */
  questions: readonly Question[];
  index: number;
  /** The answer rows as drawn: the stored answers, or what was typed when an edit was refused. */
  rows?: readonly AnswerRow[];
  problems?: ReadonlyMap<CardField, readonly string[]>;
}

/** The card's rows from the stored question: each answer with where it skips to. */
export function storedRows(question: Question): AnswerRow[] {
  const skips = answerSkips(question);
  return question.answers.map((answer) => ({
    text: answer.text,
    was: answer.text,
    logic: answer.qualify_logic,
    target: skips?.get(answer.text),
    free: answer.allow_free_text === true,
  }));
}

export const cardAnchor = (index: number) => `question-${index + 1}`;

function problemsOf(id: string, problems: readonly string[] | undefined) {
  return problems?.length
    ? html`<p class="problem" id="${id}-problems">${problems.join('; ')}</p>`
    : '';
}

function described(id: string, problems: readonly string[] | undefined) {
  return problems?.length ? html` aria-describedby="${id}-problems" aria-invalid="true"` : '';
}

/** A group's problems: said with it, not marked invalid (a group is no control). */
function describedGroup(id: string, problems: readonly string[] | undefined) {
  return problems?.length ? html` aria-describedby="${id}-problems"` : '';
}

function doesOptions(
  questions: readonly Question[],
  index: number,
  canSkip: boolean,
  chosen: string,
): Html {
  const option = (value: string, label: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;
  const offered = LOGICS.filter((logic) => !single(questions[index]!) || SKIPPING.includes(logic));
  const plain = offered.map((logic) => option(logic, LOGIC_WORDS[logic]));
  if (!canSkip || index >= questions.length - 1) {
    // A stored value the list does not offer (a skip from what is now the last question) is shown
    // as it is, in words, so saving the card keeps it.
    const { logic, target } = parseDoes(chosen);
    const later = questions.findIndex((q) => q.key === target);
    const words =
      target === 'end' ? 'end the screener' : `skip to question ${later < 0 ? target : later + 1}`;
    return html`${plain}${offered.includes(chosen as Logic) ? '' : option(chosen, target === undefined ? LOGIC_WORDS[logic] : `${LOGIC_WORDS[logic]}, then ${words}`)}`;
  }
  const targets: [SkipTarget, string][] = [
    ...questions
      .slice(index + 1)
      .map((later, at): [SkipTarget, string] => [later.key, `skip to question ${index + at + 2}`]),
    ['end', 'end the screener'],
  ];
  const groups = targets.flatMap(([target, words], at) => {
    const logics = offered.filter(
      (logic) => (SKIPPING.includes(logic) && at > 0) || doesValue(logic, target) === chosen,
    );
    // Skipping to the very next question changes nothing: offered only when stored so.
    return logics.length === 0
      ? []
      : [
          html`<optgroup label="Then ${words}">${logics.map((logic) =>
            option(doesValue(logic, target), `${LOGIC_WORDS[logic]}, then ${words}`),
          )}</optgroup>`,
        ];
  });
  return html`<optgroup label="Then the next question">${plain}</optgroup>${groups}`;
}

function answerRow(
  input: CardInput,
  id: string,
  row: AnswerRow,
  position: number,
  count: number,
  canSkip: boolean,
): Html {
  const question = input.questions[input.index]!;
  const fixed = question.pick === 'boolean';
  const n = position + 1;
  const q = input.index + 1;
  const name = `answer.${position}`;
  const field = `${id}-a${position}`;
  const does = doesValue(shownLogic(question, row.logic), row.target);
  return html`<li class="answer-row">
    <input type="hidden" name="${name}.was" value="${row.was}">
    ${
      fixed
        ? html`<input type="hidden" name="${name}.text" value="${row.text}"><span class="answer-fixed" id="${field}-text">${row.text}</span>`
        : html`<label for="${field}-text" class="visually-hidden">Answer ${n} of question ${q}</label>
          <input id="${field}-text" name="${name}.text" value="${row.text}" class="answer-text">`
    }
    <label for="${field}-does" class="visually-hidden">What ${fixed ? `“${row.text}”` : `answer ${n}`} of question ${q} does</label>
    <select id="${field}-does" name="${name}.does" class="answer-does">${doesOptions(input.questions, input.index, canSkip, does)}</select>
    ${
      fixed
        ? ''
        : html`<span class="choice answer-free"><input type="checkbox" id="${field}-free" name="${name}.free" value="yes"${row.free ? html` checked` : ''}><label for="${field}-free">lets them type more<span class="visually-hidden"> (answer ${n} of question ${q})</span></label></span>
          <span class="answer-tools">
            ${position > 0 ? html`<button type="submit" name="op" value="up:${position}" class="icon answer-up" title="Move answer ${n} up"><span aria-hidden="true">↑</span><span class="visually-hidden">Move answer ${n} of question ${q} up</span></button>` : ''}
            ${position < count - 1 ? html`<button type="submit" name="op" value="down:${position}" class="icon answer-down" title="Move answer ${n} down"><span aria-hidden="true">↓</span><span class="visually-hidden">Move answer ${n} of question ${q} down</span></button>` : ''}
            <button type="submit" name="op" value="delete:${position}" class="icon answer-delete" title="Delete answer ${n}"><span aria-hidden="true">✕</span><span class="visually-hidden">Delete answer ${n} of question ${q}</span></button>
          </span>`
    }
  </li>`;
}

/** The row a new answer is typed into; the script hides it behind "Add an answer". */
function newRow(input: CardInput, id: string, position: number, canSkip: boolean): Html {
  const field = `${id}-new`;
  const name = `answer.${position}`;
  const q = input.index + 1;
  return html`<li class="answer-row answer-new" data-new-answer>
    <input type="hidden" name="${name}.was" value="">
    <label for="${field}-text" class="visually-hidden">New answer of question ${q}</label>
    <input id="${field}-text" name="${name}.text" value="" placeholder="New answer" class="answer-text">
    <label for="${field}-does" class="visually-hidden">What the new answer of question ${q} does</label>
    <select id="${field}-does" name="${name}.does" class="answer-does">${doesOptions(input.questions, input.index, canSkip, 'may')}</select>
    <span class="choice answer-free"><input type="checkbox" id="${field}-free" name="${name}.free" value="yes"><label for="${field}-free">lets them type more<span class="visually-hidden"> (new answer of question ${q})</span></label></span>
  </li>`;
}

function displayCondition(input: CardInput, id: string, problems?: readonly string[]): Html {
  const { questions, index } = input;
  if (index === 0) return html``;
  const question = questions[index]!;
  const condition = question.display_condition;
  const simple = !condition || (condition.conditions.length === 1 && condition.join === 'and');
  const shown = condition?.conditions[0];
  const chosen = shown ? `${shown.screening_question}=${shown.answer}` : undefined;
  const pairs = questions.slice(0, index).flatMap((earlier, at) =>
    conditionAnswers(earlier).map((answer) => {
      const value = `${earlier.key}=${answer}`;
      return html`<option value="${value}"${value === chosen && simple ? html` selected` : ''}>${at + 1}. ${earlier.text} → ${answer}</option>`;
    }),
  );
  return html`<div class="field">
    <label for="${id}-show">Show it only when</label>
    <div class="choice-row">
      <select id="${id}-show" name="show_if"${described(`${id}-show`, problems)}>
        <option value="">always show it</option>
        ${simple ? '' : html`<option value="keep" selected>keep its conditions as they are</option>`}
        ${pairs}
      </select>
      <label for="${id}-show-op" class="visually-hidden">Chosen or not chosen</label>
      <select id="${id}-show-op" name="show_if_operator"><option value="eq">was chosen</option><option value="ne"${shown?.operator === 'ne' ? html` selected` : ''}>was not chosen</option></select>
    </div>
    ${problemsOf(`${id}-show`, problems)}
  </div>`;
}

function gridFields(question: Question, id: string, problems?: readonly string[]): Html {
  return html`<div class="grid-fields" role="group" aria-label="The grid"${describedGroup(`${id}-grid`, problems)}>
    <div class="field"><label for="${id}-rows">Rows, one a line</label>
    <textarea id="${id}-rows" name="grid_rows" rows="3">${(question.grid?.rows ?? []).map((r) => r.text).join('\n')}</textarea></div>
    <div class="field"><label for="${id}-columns">Columns, one a line</label>
    <textarea id="${id}-columns" name="grid_columns" rows="3">${(question.grid?.columns ?? []).map((c) => c.text).join('\n')}</textarea></div>
    <div class="field"><label for="${id}-grid-pick">In each row</label>
    <select id="${id}-grid-pick" name="grid_pick"><option value="one">one column</option><option value="any"${question.grid?.pick === 'any' ? html` selected` : ''}>any columns</option></select></div>
    ${problemsOf(`${id}-grid`, problems)}
  </div>`;
}

/** A question's card: a form of its own, and the forms of its move and delete buttons after it. */
export function questionCard(input: CardInput): Html {
  const { questions, index, base, csrf } = input;
  const question = questions[index]!;
  const problems = input.problems ?? new Map<CardField, readonly string[]>();
  const id = `sq-${question.key.replace(/[^\w-]/g, '_')}`;
  const n = index + 1;
  const path = `${base}/${encodeURIComponent(question.key)}`;
  const rows = input.rows ?? storedRows(question);
  const skips = answerSkips(question);
  const choices = question.pick === 'one' || question.pick === 'any' || question.pick === 'boolean';
  const kind = PICKS.find(([value]) => value === question.pick)?.[1] ?? question.pick;
  const more = ['pick', 'least', 'show'].some((field) => problems.has(field as CardField));
  const multi = question.pick === 'any' || question.pick === 'grid';
  const answerProblems = problems.get('answers');
  return html`<li class="card question-card" id="${cardAnchor(index)}" data-key="${question.key}">
    <form method="post" action="${path}/save" class="question-form" data-in-place>
      ${csrf}
      <button type="submit" name="op" value="save" hidden tabindex="-1">Save question ${n}</button>
      ${problemsOf(`${id}-card`, problems.get('card'))}
      <div class="question-head">
        <label for="${id}-text" class="question-number">Question ${n}</label>
        <span class="muted question-kind">${kind}</span>
        <input id="${id}-text" name="text" value="${question.text}" required class="question-text"${described(`${id}-text`, problems.get('text'))}>
        ${problemsOf(`${id}-text`, problems.get('text'))}
      </div>
      ${
        choices
          ? html`<fieldset class="answer-rows"${describedGroup(`${id}-answers`, answerProblems)}>
            <legend>Answers, and what each does</legend>
            <ol class="plain answers">
              ${rows.map((row, position) => answerRow(input, id, row, position, rows.length, skips !== undefined))}
              ${question.pick === 'boolean' ? '' : newRow(input, id, rows.length, skips !== undefined)}
            </ol>
            ${question.pick === 'boolean' ? '' : html`<button type="button" class="add-answer" data-add-answer hidden>Add an answer<span class="visually-hidden"> to question ${n}</span></button>`}
            ${problemsOf(`${id}-answers`, answerProblems)}
            ${skips === undefined && question.skip_rules?.length ? html`<p class="hint">This question skips ahead by rules the page cannot draw on its answers; they are kept as they are.</p>` : ''}
          </fieldset>`
          : question.pick === 'grid'
            ? gridFields(question, id, problems.get('grid'))
            : html`<p class="hint">Applicants type their answer; it is recorded, never graded.</p>`
      }
      <details class="question-more"${more ? html` open` : ''}>
        <summary>More: kind of answer${multi ? ', how many must qualify' : ''}${index > 0 ? ', when it is shown' : ''}</summary>
        <div class="field">
          <label for="${id}-pick">Kind of answer</label>
          <select id="${id}-pick" name="pick"${described(`${id}-pick`, problems.get('pick'))}>${PICKS.map(
            ([value, label]) =>
              html`<option value="${value}"${value === question.pick ? html` selected` : ''}>${label}</option>`,
          )}</select>
          ${problemsOf(`${id}-pick`, problems.get('pick'))}
        </div>
        ${
          multi
            ? html`<div class="field">
              <label for="${id}-least">At least this many qualifying answers <span class="optional">optional</span></label>
              <input id="${id}-least" name="min_qualifying" inputmode="numeric" size="4" value="${question.min_qualifying ?? ''}"${described(`${id}-least`, problems.get('least'))}>
              ${problemsOf(`${id}-least`, problems.get('least'))}
            </div>`
            : ''
        }
        ${displayCondition(input, id, problems.get('show'))}
      </details>
      <div class="question-foot">
        <button type="submit" name="op" value="save" class="primary">Save question ${n}</button>
        ${index > 0 ? html`<button type="submit" form="${id}-up" class="secondary">Move up<span class="visually-hidden"> question ${n}</span></button>` : ''}
        ${index < questions.length - 1 ? html`<button type="submit" form="${id}-down" class="secondary">Move down<span class="visually-hidden"> question ${n}</span></button>` : ''}
        <button type="submit" form="${id}-delete" class="danger-outline">Delete<span class="visually-hidden"> question ${n}</span></button>
      </div>
    </form>
    ${index > 0 ? html`<form method="post" action="${path}/up" id="${id}-up" data-in-place>${csrf}</form>` : ''}
    ${index < questions.length - 1 ? html`<form method="post" action="${path}/down" id="${id}-down" data-in-place>${csrf}</form>` : ''}
    <form method="post" action="${path}/delete" id="${id}-delete" data-in-place data-confirm="Delete question ${n}, “${question.text}”?">${csrf}</form>
  </li>`;
}
