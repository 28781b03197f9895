import type { AnyLocale } from '../platform/i18n/locales.ts';
import { type Html, html } from '../platform/web/html.ts';
import type { ApplicationAnswerInput, ParticipantScreeningQuestion } from '../screening/index.ts';
import { gridCellValue, keepShownAnswers } from '../screening/index.ts';
import { studiesTexts } from './locales/studies/index.ts';

/**
 * The screener as an HTML form, and the form read back as an application. Every question is in
 * the markup, so the form works without JavaScript; participate.js reads the display conditions
 * and skip rules from data attributes and hides what the answers so far hide (docs/screening.md).
 * Field names: `q.KEY` for a question's answers, `q.KEY.ROW` for a grid row, `free.KEY` for the
 * free text of an answer that allows it.
 */

const field = (key: string) => `q.${key}`;
const rowField = (key: string, rowKey: string) => `q.${key}.${rowKey}`;
const freeField = (key: string) => `free.${key}`;

/** Stable, valid element ids from question keys (keys may hold any character). */
const idOf = (...parts: (string | number)[]) =>
  `s-${parts.map((part) => encodeURIComponent(String(part)).replace(/[^\w-]/g, '_')).join('-')}`;

export type TypedAnswers = Readonly<Record<string, readonly string[]>>;

/** A yes/no question's answers are the service's words, said in the reader's language. */
function answerLabel(locale: AnyLocale, question: ParticipantScreeningQuestion, text: string) {
  if (question.pick !== 'boolean') return text;
  if (text === 'Yes') return studiesTexts.text(locale, 'yes');
  if (text === 'No') return studiesTexts.text(locale, 'no');
  return text;
}

function choices(
  locale: AnyLocale,
  question: ParticipantScreeningQuestion,
  typed: TypedAnswers,
  type: 'radio' | 'checkbox',
): Html {
  const name = field(question.key);
  const picked = new Set(typed[name] ?? []);
  const free = typed[freeField(question.key)]?.[0] ?? '';
  return html`${question.answers.map((answer, index) => {
    const id = idOf(question.key, index);
    return html`<div class="choice"><input type="${type}" id="${id}" name="${name}" value="${answer.text}"${picked.has(answer.text) ? html` checked` : ''}><label for="${id}">${answerLabel(locale, question, answer.text)}</label></div>`;
  })}
  ${
    question.answers.some((answer) => answer.allow_free_text)
      ? html`<div class="field"><label for="${idOf(question.key, 'free')}">${studiesTexts.text(
          locale,
          'tellUsMore',
          {
            answers: question.answers
              .filter((answer) => answer.allow_free_text)
              .map((answer) => answer.text)
              .join('”, “'),
          },
        )}</label><input id="${idOf(question.key, 'free')}" name="${freeField(question.key)}" value="${free}"></div>`
      : ''
  }`;
}

function grid(question: ParticipantScreeningQuestion, typed: TypedAnswers): Html {
  const spec = question.grid!;
  const type = spec.pick === 'one' ? 'radio' : 'checkbox';
  return html`<div class="grid-rows">${spec.rows.map((row, rowIndex) => {
    const name = rowField(question.key, row.key);
    const picked = new Set(typed[name] ?? []);
    return html`<fieldset class="grid-row"><legend>${row.text}</legend>${spec.columns.map(
      (column, columnIndex) => {
        const id = idOf(question.key, rowIndex, columnIndex);
        const value = gridCellValue(row.text, column.text);
        return html`<div class="choice"><input type="${type}" id="${id}" name="${name}" value="${value}"${picked.has(value) ? html` checked` : ''}><label for="${id}">${column.text}</label></div>`;
      },
    )}</fieldset>`;
  })}</div>`;
}

function questionBody(
  locale: AnyLocale,
  question: ParticipantScreeningQuestion,
  typed: TypedAnswers,
): Html {
  switch (question.pick) {
    case 'one':
    case 'boolean':
      return choices(locale, question, typed, 'radio');
    case 'any':
      return choices(locale, question, typed, 'checkbox');
    case 'grid':
      return grid(question, typed);
    case 'text': {
      const id = idOf(question.key, 'text');
      return html`<label class="visually-hidden" for="${id}">${studiesTexts.text(locale, 'yourAnswer')}</label><textarea id="${id}" name="${field(question.key)}" rows="4" maxlength="10000"${question.allow_paste === false ? html` data-no-paste` : ''}>${typed[field(question.key)]?.[0] ?? ''}</textarea>`;
    }
  }
}

/** The questions as fieldsets, with what the JavaScript needs to show and skip them live. */
export function screenerFields(
  locale: AnyLocale,
  questions: readonly ParticipantScreeningQuestion[],
  typed: TypedAnswers = {},
  problems: ReadonlyMap<string, readonly string[]> = new Map(),
): Html {
  return html`<div class="screener" data-screener="${JSON.stringify(
    questions.map((q) => ({
      key: q.key,
      field: field(q.key),
      display_condition: q.display_condition ?? null,
      skip_rules: q.skip_rules ?? [],
    })),
  )}">${questions.map((question, index) => {
    const problemId = idOf(question.key, 'problems');
    const found = problems.get(question.key);
    return html`<fieldset class="question" data-question="${question.key}"${found ? html` aria-describedby="${problemId}"` : ''}>
        <legend><span class="question-number">${index + 1}.</span> ${question.text}</legend>
        ${question.pick === 'any' ? html`<p class="hint">${studiesTexts.text(locale, 'chooseAll')}</p>` : ''}
        ${found ? html`<p class="problem" id="${problemId}">${found.join(' ')}</p>` : ''}
        ${questionBody(locale, question, typed)}
      </fieldset>`;
  })}</div>`;
}

/** Form fields (repeated ones as arrays) as typed, to show again beside the problems. */
export function typedAnswers(body: unknown): Record<string, string[]> {
  const typed: Record<string, string[]> = {};
  if (!body || typeof body !== 'object') return typed;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (!name.startsWith('q.') && !name.startsWith('free.')) continue;
    const values = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string',
    );
    typed[name] = values;
  }
  return typed;
}

/**
 * The application the form describes: one entry per answered question, grid rows joined, and
 * the answers to questions the applicant's own answers hide or skip dropped.
 */
export function applicationFromForm(
  questions: readonly ParticipantScreeningQuestion[],
  typed: TypedAnswers,
): ApplicationAnswerInput[] {
  const answers: ApplicationAnswerInput[] = [];
  for (const question of questions) {
    let picked: string[];
    if (question.pick === 'grid') {
      picked = (question.grid?.rows ?? []).flatMap(
        (row) => typed[rowField(question.key, row.key)] ?? [],
      );
    } else if (question.pick === 'text') {
      const text = typed[field(question.key)]?.[0] ?? '';
      picked = text.trim() === '' ? [] : [text];
    } else {
      picked = [...(typed[field(question.key)] ?? [])];
    }
    if (picked.length === 0) continue;
    const entry: ApplicationAnswerInput = { key: question.key, answer: picked };
    const free = typed[freeField(question.key)]?.[0]?.trim();
    const freeAllowed = question.answers.some(
      (answer) => answer.allow_free_text && picked.includes(answer.text),
    );
    if (free && freeAllowed) entry.free_text = free;
    answers.push(entry);
  }
  return keepShownAnswers(questions, answers);
}
