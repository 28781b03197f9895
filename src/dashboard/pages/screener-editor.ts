import { sessionActor } from '../../audit/index.ts';
import { editDraft, type OpportunityPatch } from '../../opportunities/index.ts';
import { ConflictError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { CrossQuotaInput, QuotaInput } from '../../screening/index.ts';
import { csrfField } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Viewer } from '../session.ts';
import {
  crossDimension,
  crossQuotasFromForm,
  QUOTA_TYPES,
  quotaQuestions,
  quotasFromForm,
} from './quota-edits.ts';
import {
  addQuestion,
  conditionAnswers,
  deleteQuestion,
  LOGICS,
  moveQuestion,
  PICKS,
  type Pick,
  type Question,
  updateQuestion,
} from './screener-edits.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

const LOGIC_WORDS: Record<(typeof LOGICS)[number], string> = {
  may: 'qualifies',
  must: 'must be chosen',
  must_one_of: 'one of these must be chosen',
  reject: 'screens out',
  review: 'needs my review',
};

const BLANK_ANSWER_ROWS = 2;

/** The condition pickers: every answer of every question before `index`, as "key=answer". */
function pairOptions(questions: readonly Question[], upTo: number, chosen: string | undefined) {
  return questions.slice(0, upTo).flatMap((question) =>
    conditionAnswers(question).map((answer) => {
      const value = `${question.key}=${answer}`;
      return html`<option value="${value}"${value === chosen ? html` selected` : ''}>${question.text} → ${answer}</option>`;
    }),
  );
}

function questionForm(
  viewer: Viewer,
  study: Study,
  questions: readonly Question[],
  index: number,
): Html {
  const question = questions[index]!;
  const base = `/dashboard/studies/${encodeURIComponent(study.row.id)}/screener/${encodeURIComponent(question.key)}`;
  const id = (name: string) => `${question.key}-${name}`.replace(/[^\w-]/g, '_');
  const condition = question.display_condition;
  const simpleCondition =
    !condition || (condition.conditions.length === 1 && condition.join === 'and');
  const shown = condition?.conditions[0];
  const skip = question.skip_rules?.[0];
  const simpleSkip =
    !question.skip_rules?.length ||
    (question.skip_rules.length === 1 &&
      skip!.conditions.length === 1 &&
      skip!.conditions[0]!.operator === 'eq');
  const answers = [
    ...question.answers,
    ...Array.from({ length: BLANK_ANSWER_ROWS }, () => undefined),
  ];
  return html`<li class="card question-editor" id="question-${id('card')}">
    <form method="post" action="${base}/save" class="stack">
      ${csrfField(viewer)}
      <label for="${id('text')}">Question ${index + 1} <code>${question.key}</code></label>
      <input id="${id('text')}" name="text" value="${question.text}" required>
      <label for="${id('pick')}">Kind of answer</label>
      <select id="${id('pick')}" name="pick">${PICKS.map(
        ([value, label]) =>
          html`<option value="${value}"${value === question.pick ? html` selected` : ''}>${label}</option>`,
      )}</select>
      ${
        question.pick === 'text'
          ? ''
          : question.pick === 'grid'
            ? html`<label for="${id('rows')}">Rows (one a line)</label>
              <textarea id="${id('rows')}" name="grid_rows" rows="3">${(question.grid?.rows ?? []).map((r) => r.text).join('\n')}</textarea>
              <label for="${id('columns')}">Columns (one a line)</label>
              <textarea id="${id('columns')}" name="grid_columns" rows="3">${(question.grid?.columns ?? []).map((c) => c.text).join('\n')}</textarea>
              <label for="${id('grid-pick')}">Per row</label>
              <select id="${id('grid-pick')}" name="grid_pick"><option value="one">one column</option><option value="any"${question.grid?.pick === 'any' ? html` selected` : ''}>any columns</option></select>`
            : html`<fieldset class="answers"><legend>Answers, and what each does</legend>${answers.map(
                (answer, row) => html`<div class="answer-row">
                  <label for="${id(`a${row}`)}" class="visually-hidden">Answer ${row + 1}</label>
                  <input id="${id(`a${row}`)}" name="answer.${row}.text" value="${answer?.text ?? ''}" placeholder="${answer ? '' : 'another answer'}">
                  <label for="${id(`l${row}`)}" class="visually-hidden">What answer ${row + 1} does</label>
                  <select id="${id(`l${row}`)}" name="answer.${row}.logic">${LOGICS.map(
                    (logic) =>
                      html`<option value="${logic}"${logic === (answer?.qualify_logic ?? 'may') ? html` selected` : ''}>${LOGIC_WORDS[logic]}</option>`,
                  )}</select>
                  <span class="choice"><input type="checkbox" id="${id(`f${row}`)}" name="answer.${row}.free" value="yes"${answer?.allow_free_text ? html` checked` : ''}><label for="${id(`f${row}`)}">lets them type more</label></span>
                </div>`,
              )}</fieldset>`
      }
      ${
        question.pick === 'any' || question.pick === 'grid'
          ? html`<label for="${id('least')}">At least this many qualifying answers <span class="optional">optional</span></label>
            <input id="${id('least')}" name="min_qualifying" inputmode="numeric" value="${question.min_qualifying ?? ''}">`
          : ''
      }
      ${
        index > 0
          ? html`<label for="${id('show')}">Show it only when</label>
            <div class="choice-row">
              <select id="${id('show-op')}" name="show_if_operator" aria-label="Chosen or not chosen"><option value="eq">this was chosen</option><option value="ne"${shown?.operator === 'ne' ? html` selected` : ''}>this was not chosen</option></select>
              <select id="${id('show')}" name="show_if">
                <option value="">always show it</option>
                ${simpleCondition ? '' : html`<option value="keep" selected>keep its conditions as they are</option>`}
                ${pairOptions(questions, index, shown ? `${shown.screening_question}=${shown.answer}` : undefined)}
              </select>
            </div>`
          : ''
      }
      <label for="${id('skip')}">Skip ahead when</label>
      <div class="choice-row">
        <select id="${id('skip')}" name="skip_when">
          <option value="">never skip</option>
          ${simpleSkip ? '' : html`<option value="keep" selected>keep its skip rules as they are</option>`}
          ${pairOptions(questions, index + 1, skip ? `${skip.conditions[0]!.screening_question}=${skip.conditions[0]!.answer}` : undefined)}
        </select>
        <label for="${id('skip-to')}">to</label>
        <select id="${id('skip-to')}" name="skip_to">
          <option value="end">the end of the screener</option>
          ${questions
            .slice(index + 2)
            .map(
              (later) =>
                html`<option value="${later.key}"${skip?.target_question === later.key ? html` selected` : ''}>${later.text}</option>`,
            )}
        </select>
      </div>
      <button type="submit" class="primary">Save question ${index + 1}</button>
    </form>
    <div class="question-actions">
      ${index > 0 ? html`<form method="post" action="${base}/up" class="inline">${csrfField(viewer)}<button type="submit">Move up<span class="visually-hidden"> question ${index + 1}</span></button></form>` : ''}
      ${index < questions.length - 1 ? html`<form method="post" action="${base}/down" class="inline">${csrfField(viewer)}<button type="submit">Move down<span class="visually-hidden"> question ${index + 1}</span></button></form>` : ''}
      <form method="post" action="${base}/delete" class="inline" data-confirm="Delete question ${index + 1}?">${csrfField(viewer)}<button type="submit" class="danger-outline">Delete<span class="visually-hidden"> question ${index + 1}</span></button></form>
    </div>
  </li>`;
}

function typeSelect(name: string, id: string, chosen: string | undefined): Html {
  return html`<select id="${id}" name="${name}">${QUOTA_TYPES.map(
    (type) =>
      html`<option value="${type}"${type === (chosen ?? 'minimum') ? html` selected` : ''}>${QUOTA_WORDS[type]}</option>`,
  )}</select>`;
}

const QUOTA_WORDS = { exact: 'exactly', minimum: 'at least', maximum: 'at most' } as const;

function quotaSection(
  viewer: Viewer,
  study: Study,
  questions: readonly Question[],
  pair: { first?: string; second?: string },
): Html {
  const counted = quotaQuestions(questions);
  const quotas = study.view.quotas as QuotaInput[];
  const crossQuotas = study.view.cross_quotas as CrossQuotaInput[];
  const base = `/dashboard/studies/${encodeURIComponent(study.row.id)}/screener`;
  const first = counted.find((q) => q.key === pair.first);
  const second = counted.find((q) => q.key === pair.second && q.key !== pair.first);
  const crossCell = (r: number, c: number) => {
    if (!first || !second) return undefined;
    const label = `${first.answers[r]!.text} × ${second.answers[c]!.text}`;
    return crossQuotas.find(
      (cell) => cell.dimension === crossDimension(first.key, second.key) && cell.label === label,
    );
  };
  if (counted.length === 0) {
    return html`<section class="card" aria-labelledby="quotas-heading"><h2 id="quotas-heading">Quotas</h2>
      <p class="empty">Quotas count the answers of single or multiple choice questions: add one first.</p></section>`;
  }
  return html`<section class="card" aria-labelledby="quotas-heading">
    <h2 id="quotas-heading">Quotas</h2>
    <form method="post" action="${base}/quotas" class="stack">
      ${csrfField(viewer)}
      <p class="hint">How many participants of each answer the study takes. Leave a count empty for no target.</p>
      ${counted.map((question, q) => {
        const quota = quotas.find((item) => item.screening_question === question.key);
        return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Quota of ${question.text}"><table class="data">
          <caption>${question.text}</caption>
          <thead><tr><th scope="col">Answer</th><th scope="col">Kind</th><th scope="col">Count</th></tr></thead>
          <tbody>${question.answers.map((answer, a) => {
            const target = quota?.targets.find((t) => t.value === answer.text);
            return html`<tr><th scope="row">${answer.text}</th>
              <td><label class="visually-hidden" for="quota-${q}-${a}-type">Kind of target for ${answer.text}</label>${typeSelect(`quota.${q}.${a}.type`, `quota-${q}-${a}-type`, target?.type)}</td>
              <td><label class="visually-hidden" for="quota-${q}-${a}">Count for ${answer.text}</label><input id="quota-${q}-${a}" name="quota.${q}.${a}.count" inputmode="numeric" size="5" value="${target?.count ?? ''}"></td></tr>`;
          })}</tbody></table></div>`;
      })}
      <button type="submit" class="primary">Save the quotas</button>
    </form>
    <h3>Cross quotas</h3>
    <p class="hint">Targets for pairs of answers of two questions (a cross-tab).${crossQuotas.length ? ` Now: ${crossQuotas.map((cell) => `${cell.label} (${cell.target})`).join(', ')}.` : ''}</p>
    <form method="get" action="${base}" class="choice-row">
      <label for="cross-first">Rows</label>
      <select id="cross-first" name="first">${counted.map((q) => html`<option value="${q.key}"${q.key === first?.key ? html` selected` : ''}>${q.text}</option>`)}</select>
      <label for="cross-second">Columns</label>
      <select id="cross-second" name="second">${counted.map((q, i) => html`<option value="${q.key}"${q.key === second?.key || (!second && i === 1) ? html` selected` : ''}>${q.text}</option>`)}</select>
      <button type="submit">Show the table</button>
    </form>
    ${
      first && second
        ? html`<form method="post" action="${base}/cross?first=${encodeURIComponent(first.key)}&amp;second=${encodeURIComponent(second.key)}" class="stack">
        ${csrfField(viewer)}
        <div class="table-wrap" role="region" tabindex="0" aria-label="Cross quota of ${first.text} and ${second.text}"><table class="data">
          <thead><tr><th scope="col">${first.text} / ${second.text}</th>${second.answers.map((c) => html`<th scope="col">${c.text}</th>`)}</tr></thead>
          <tbody>${first.answers.map(
            (row, r) =>
              html`<tr><th scope="row">${row.text}</th>${second.answers.map(
                (column, c) =>
                  html`<td><label class="visually-hidden" for="cross-${r}-${c}">${row.text} and ${column.text}</label><input id="cross-${r}-${c}" name="cross.${r}.${c}" inputmode="numeric" size="4" value="${crossCell(r, c)?.target ?? ''}"></td>`,
              )}</tr>`,
          )}</tbody></table></div>
        <label for="cross-type">Each count is</label>
        ${typeSelect('cross_type', 'cross-type', undefined)}
        <button type="submit" class="primary">Save the cross quotas</button>
      </form>`
        : ''
    }
  </section>`;
}

/**
 * The screener of a draft without JSON: each question edited in its own form, added, moved and
 * deleted; every change is the whole screener sent through the draft's edit use case, so the
 * screening engine judges it as it judges PATCH /v2/opportunities/{id}.
 */
export function screenerEditorPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const pathOf = (id: string) => `/dashboard/studies/${encodeURIComponent(id)}/screener`;

  router.page('/studies/:opportunityId/screener', async ({ viewer, params, query, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    if (study.paths.draft_editor === null) return { redirect: study.paths.study! };
    const questions = study.view.screening_questions as Question[];
    const acting = can(viewer, 'write');
    return studyPage({
      study,
      viewer,
      tab: 'builder',
      flash,
      crumb: { label: 'Screener' },
      body: html`<section class="card" aria-labelledby="screener-heading">
        <h2 id="screener-heading">Screener</h2>
        <p class="hint">Applicants answer these in order. An answer that screens out ends the application politely; the participant never sees which answers qualify. <a href="${study.paths.draft_editor}">Back to the builder</a></p>
        ${questions.length === 0 ? html`<p class="empty">No question yet: everyone who matches the audience can apply.</p>` : ''}
      </section>
      ${acting ? html`<ol class="plain questions">${questions.map((_, index) => questionForm(viewer, study, questions, index))}</ol>` : ''}
      ${
        acting
          ? html`<section class="card" aria-labelledby="add-heading">
        <h2 id="add-heading">Add a question</h2>
        <form method="post" action="${pathOf(study.row.id)}/add" class="stack">
          ${csrfField(viewer)}
          <label for="new-text">Question</label>
          <input id="new-text" name="text" required>
          <label for="new-pick">Kind of answer</label>
          <select id="new-pick" name="pick">${PICKS.map(([value, label]) => html`<option value="${value}">${label}</option>`)}</select>
          <label for="new-answers">Answers, one a line <span class="optional">for a grid, its rows; none for yes/no or typed text</span></label>
          <textarea id="new-answers" name="answers" rows="4"></textarea>
          <label for="new-columns">Columns, one a line <span class="optional">grids only</span></label>
          <textarea id="new-columns" name="columns" rows="2"></textarea>
          <button type="submit" class="primary">Add the question</button>
          <p class="hint">Then say what each answer does in the question's own form above.</p>
        </form>
      </section>`
          : ''
      }
      ${acting ? quotaSection(viewer, study, questions, { first: query.first, second: query.second }) : ''}`,
    });
  });

  const edit = (
    name: string,
    change: (questions: Question[], key: string, form: Record<string, string>) => Question[],
    notice: string,
  ) =>
    router.action(
      `/studies/:opportunityId/screener${name}`,
      { permission: 'write', back: ({ params }) => pathOf(params.opportunityId!) },
      async ({ viewer, params, form, now }) => {
        const study = await loadStudy(db, context, viewer, params.opportunityId!);
        if (study.paths.draft_editor === null) {
          throw new ConflictError('The study is launched: its screener no longer changes');
        }
        const questions = change(
          structuredClone(study.view.screening_questions as Question[]),
          params.key ?? '',
          form,
        );
        await editDraft(db, {
          organizationId: viewer.organization.id,
          opportunityId: study.row.id,
          patch: { screening_questions: questions },
          now,
          actor: sessionActor(viewer.session),
        });
        return { redirect: pathOf(study.row.id), notice };
      },
    );

  const editQuotas = (
    name: string,
    patchOf: (
      study: Study,
      form: Record<string, string>,
      query: Record<string, string | undefined>,
    ) => OpportunityPatch,
    notice: string,
  ) =>
    router.action(
      `/studies/:opportunityId/screener${name}`,
      { permission: 'write', back: ({ params }) => pathOf(params.opportunityId!) },
      async ({ viewer, params, form, query, now }) => {
        const study = await loadStudy(db, context, viewer, params.opportunityId!);
        if (study.paths.draft_editor === null) {
          throw new ConflictError('The study is launched: its quotas no longer change');
        }
        await editDraft(db, {
          organizationId: viewer.organization.id,
          opportunityId: study.row.id,
          patch: patchOf(study, form, query),
          now,
          actor: sessionActor(viewer.session),
        });
        return { redirect: pathOf(study.row.id), notice };
      },
    );

  editQuotas(
    '/quotas',
    (study, form) => ({
      quotas: quotasFromForm(study.view.screening_questions as Question[], form),
    }),
    'Quotas saved.',
  );
  editQuotas(
    '/cross',
    (study, form, query) => {
      const questions = study.view.screening_questions as Question[];
      const first = questions.find((q) => q.key === query.first);
      const second = questions.find((q) => q.key === query.second);
      if (!first || !second || first.key === second.key) {
        throw new ValidationError('Choose two different questions for the cross quotas');
      }
      return {
        cross_quotas: crossQuotasFromForm(
          study.view.cross_quotas as CrossQuotaInput[],
          first,
          second,
          form,
        ),
      };
    },
    'Cross quotas saved.',
  );

  edit(
    '/add',
    (qs, _key, form) =>
      addQuestion(qs, form.text ?? '', (form.pick as Pick) || 'one', form.answers, form.columns),
    'Question added.',
  );
  edit('/:key/save', (qs, key, form) => updateQuestion(qs, key, form), 'Question saved.');
  edit('/:key/up', (qs, key) => moveQuestion(qs, key, -1), 'Question moved up.');
  edit('/:key/down', (qs, key) => moveQuestion(qs, key, 1), 'Question moved down.');
  edit('/:key/delete', (qs, key) => deleteQuestion(qs, key), 'Question deleted.');
}
