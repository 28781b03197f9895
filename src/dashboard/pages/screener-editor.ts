import { Value } from 'typebox/value';
import { type OpportunityPatch, PatchOpportunityBody } from '../../opportunities/index.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { describeValidationIssue } from '../../platform/http/validation.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { CrossQuotaInput, QuotaInput } from '../../screening/index.ts';
import { csrfField } from '../layout.ts';
import type { ActionResult, DashboardRouter } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';
import { saveDraftEdit } from './draft-edit.ts';
import { cardAnchor, questionCard } from './question-card.ts';
import {
  crossDimension,
  crossQuotasFromForm,
  QUOTA_TYPES,
  quotaQuestions,
  quotasFromForm,
  renameInQuotas,
} from './quota-edits.ts';
import {
  type AnswerRow,
  addQuestion,
  answerRows,
  applyAnswerOp,
  deleteQuestion,
  moveQuestion,
  PICKS,
  type Pick,
  parseAnswerOp,
  type Question,
  renamedAnswers,
  renameInConditions,
  updateQuestion,
} from './screener-edits.ts';
import { type PlacedProblems, placeProblems } from './screener-problems.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

/**
 * What the page draws besides the stored screener: after a refused edit, what was typed (a card's
 * rows, the add form, the quota tables) and the problems placed beside it.
 */
interface EditorState {
  questions: readonly Question[];
  rows?: { key: string; rows: AnswerRow[] };
  added?: Readonly<Record<string, string>>;
  quotaForm?: Readonly<Record<string, string>>;
  crossForm?: Readonly<Record<string, string>>;
  problems?: PlacedProblems;
}

const QUOTA_WORDS = { exact: 'exactly', minimum: 'at least', maximum: 'at most' } as const;

function typeSelect(name: string, id: string, chosen: string | undefined): Html {
  return html`<select id="${id}" name="${name}" class="quota-type">${QUOTA_TYPES.map(
    (type) =>
      html`<option value="${type}"${type === (chosen ?? 'minimum') ? html` selected` : ''}>${QUOTA_WORDS[type]}</option>`,
  )}</select>`;
}

const problemLine = (id: string, problems: readonly string[] | undefined) =>
  problems?.length ? html`<p class="problem" id="${id}">${problems.join('; ')}</p>` : '';

function quotaSection(
  viewer: Viewer,
  study: Study,
  state: EditorState,
  pair: { first?: string; second?: string },
): Html {
  // The stored questions: a card refused as typed does not change what the quotas count.
  const counted = quotaQuestions(study.view.screening_questions as Question[]);
  const quotas = study.view.quotas as QuotaInput[];
  const crossQuotas = study.view.cross_quotas as CrossQuotaInput[];
  const base = `/dashboard/studies/${encodeURIComponent(study.row.id)}/screener`;
  const first = counted.find((q) => q.key === pair.first);
  const second = counted.find((q) => q.key === pair.second && q.key !== pair.first);
  const typed = state.quotaForm;
  const crossTyped = state.crossForm;
  const crossCell = (r: number, c: number) => {
    if (crossTyped) return crossTyped[`cross.${r}.${c}`];
    if (!first || !second) return undefined;
    const label = `${first.answers[r]!.text} × ${second.answers[c]!.text}`;
    return crossQuotas.find(
      (cell) => cell.dimension === crossDimension(first.key, second.key) && cell.label === label,
    )?.target;
  };
  if (counted.length === 0) {
    return html`<section class="card" id="quotas" aria-labelledby="quotas-heading"><h2 id="quotas-heading">Quotas</h2>
      <p class="empty">Quotas count the answers of single or multiple choice questions: add one first.</p></section>`;
  }
  const crossProblems = state.problems?.cross ?? [];
  return html`<section class="card" id="quotas" aria-labelledby="quotas-heading">
    <h2 id="quotas-heading">Quotas</h2>
    <form method="post" action="${base}/quotas" class="quota-form" data-in-place>
      ${csrfField(viewer)}
      <p class="hint">How many participants of each answer the study takes. Leave a count empty for no target.</p>
      ${counted.map((question, q) => {
        const quota = quotas.find((item) => item.screening_question === question.key);
        const problems = state.problems?.quotas.get(question.key);
        const problemId = `quota-${q}-problems`;
        // One kind for the question's targets, as a researcher says it ("at least 2 of each");
        // a kind per answer only when the stored targets differ (the API allows it).
        const kinds = new Set(quota?.targets.map((t) => t.type ?? 'minimum'));
        const perAnswer = typed
          ? Object.keys(typed).some(
              (name) => name.startsWith(`quota.${q}.`) && name.endsWith('.type'),
            )
          : kinds.size > 1;
        const kind = typed ? typed[`quota.${q}.type`] : [...kinds][0];
        const invalid = problems?.length
          ? html` aria-invalid="true" aria-describedby="${problemId}"`
          : '';
        return html`<div class="quota-question">
          <div class="table-wrap" role="region" tabindex="0" aria-label="Quota of ${question.text}"><table class="data quota-table"${problems?.length ? html` aria-describedby="${problemId}"` : ''}>
          <caption>${question.text}</caption>
          <thead><tr><th scope="col">Answer</th><th scope="col">Count</th>${perAnswer ? html`<th scope="col">Kind</th>` : ''}</tr></thead>
          <tbody>${question.answers.map((answer, a) => {
            const target = quota?.targets.find((t) => t.value === answer.text);
            const count = typed ? typed[`quota.${q}.${a}.count`] : target?.count;
            const type = typed ? typed[`quota.${q}.${a}.type`] : target?.type;
            return html`<tr><th scope="row">${answer.text}</th>
              <td><label class="visually-hidden" for="quota-${q}-${a}">Count for ${answer.text}</label><input id="quota-${q}-${a}" name="quota.${q}.${a}.count" inputmode="numeric" size="5" value="${count ?? ''}"${invalid}></td>
              ${perAnswer ? html`<td><label class="visually-hidden" for="quota-${q}-${a}-type">Kind of target for ${answer.text}</label>${typeSelect(`quota.${q}.${a}.type`, `quota-${q}-${a}-type`, type)}</td>` : ''}</tr>`;
          })}</tbody></table></div>
          ${
            perAnswer
              ? ''
              : html`<div class="choice-row quota-kind"><label for="quota-${q}-type">Each count<span class="visually-hidden"> of “${question.text}”</span> is</label>${typeSelect(`quota.${q}.type`, `quota-${q}-type`, kind)}</div>`
          }
          ${problemLine(problemId, problems)}
        </div>`;
      })}
      <button type="submit" class="primary">Save the quotas</button>
    </form>
    <details class="cross-quotas" id="cross-quotas"${first && second ? html` open` : ''}>
    <summary>Cross quotas: targets for pairs of answers of two questions</summary>
    <p class="hint">A cross-tab of two questions.${crossQuotas.length ? ` Now: ${crossQuotas.map((cell) => `${cell.label} (${cell.target})`).join(', ')}.` : ''}</p>
    ${
      counted.length < 2
        ? html`<p class="empty">Cross quotas need two questions of single or multiple choice.</p>`
        : html`<form method="get" action="${base}#cross-quotas" class="choice-row">
      <label for="cross-first">Rows</label>
      <select id="cross-first" name="first">${counted.map((q) => html`<option value="${q.key}"${q.key === first?.key ? html` selected` : ''}>${q.text}</option>`)}</select>
      <label for="cross-second">Columns</label>
      <select id="cross-second" name="second">${counted.map((q, i) => html`<option value="${q.key}"${q.key === second?.key || (!second && i === 1) ? html` selected` : ''}>${q.text}</option>`)}</select>
      <button type="submit">Show the table</button>
    </form>`
    }
    ${
      first && second
        ? html`<form method="post" action="${base}/cross?first=${encodeURIComponent(first.key)}&amp;second=${encodeURIComponent(second.key)}" class="stack" data-in-place>
        ${csrfField(viewer)}
        <div class="table-wrap" role="region" tabindex="0" aria-label="Cross quota of ${first.text} and ${second.text}"><table class="data">
          <thead><tr><th scope="col">${first.text} / ${second.text}</th>${second.answers.map((c) => html`<th scope="col">${c.text}</th>`)}</tr></thead>
          <tbody>${first.answers.map(
            (row, r) =>
              html`<tr><th scope="row">${row.text}</th>${second.answers.map(
                (column, c) =>
                  html`<td><label class="visually-hidden" for="cross-${r}-${c}">${row.text} and ${column.text}</label><input id="cross-${r}-${c}" name="cross.${r}.${c}" inputmode="numeric" size="4" value="${crossCell(r, c) ?? ''}"${crossProblems.length ? html` aria-invalid="true" aria-describedby="cross-problems"` : ''}></td>`,
              )}</tr>`,
          )}</tbody></table></div>
        <label for="cross-type">Each count is</label>
        ${typeSelect('cross_type', 'cross-type', crossTyped?.cross_type)}
        ${problemLine('cross-problems', crossProblems)}
        <button type="submit" class="primary">Save the cross quotas</button>
      </form>`
        : problemLine('cross-problems', crossProblems)
    }
    </details>
  </section>`;
}

/** The form that adds a question, under the cards; its problems beside its fields. */
function addSection(viewer: Viewer, base: string, state: EditorState, newKey: string): Html {
  const typed = state.added ?? {};
  const problems = state.problems?.questions.get(newKey);
  const textProblems = state.added ? problems?.get('text') : undefined;
  const answerProblems = state.added
    ? [...(problems?.get('answers') ?? []), ...(problems?.get('grid') ?? [])]
    : [];
  const otherProblems = state.added
    ? [...(problems?.entries() ?? [])]
        .filter(([field]) => !['text', 'answers', 'grid'].includes(field))
        .flatMap(([, list]) => list)
    : [];
  const invalid = (id: string, list: readonly string[] | undefined) =>
    list?.length ? html` aria-invalid="true" aria-describedby="${id}"` : '';
  return html`<section class="card" id="add-question" aria-labelledby="add-heading">
    <h2 id="add-heading">Add a question</h2>
    <form method="post" action="${base}/add" class="stack add-question" data-in-place>
      ${csrfField(viewer)}
      ${problemLine('new-problems', otherProblems)}
      <label for="new-text">Question</label>
      <input id="new-text" name="text" required value="${typed.text ?? ''}"${invalid('new-text-problems', textProblems)}>
      ${problemLine('new-text-problems', textProblems)}
      <label for="new-pick">Kind of answer</label>
      <select id="new-pick" name="pick">${PICKS.map(([value, label]) => html`<option value="${value}"${value === typed.pick ? html` selected` : ''}>${label}</option>`)}</select>
      <label for="new-answers">Answers, one a line <span class="optional">for a grid, its rows; none for yes or no, or typed text</span></label>
      <textarea id="new-answers" name="answers" rows="3"${invalid('new-answers-problems', answerProblems)}>${typed.answers ?? ''}</textarea>
      ${problemLine('new-answers-problems', answerProblems)}
      <div class="field" data-grid-only>
        <label for="new-columns">Columns, one a line <span class="optional">grids only</span></label>
        <textarea id="new-columns" name="columns" rows="2">${typed.columns ?? ''}</textarea>
      </div>
      <button type="submit" class="primary">Add the question</button>
      <p class="hint">Every answer qualifies until you say otherwise on its card.</p>
    </form>
  </section>`;
}

function editorPage(
  study: Study,
  viewer: Viewer,
  query: Record<string, string | undefined>,
  flash: Flash | undefined,
  state: EditorState,
): Html {
  const acting = can(viewer, 'write');
  const questions = state.questions;
  const base = `/dashboard/studies/${encodeURIComponent(study.row.id)}/screener`;
  const csrf = csrfField(viewer);
  const newKey = addQuestion(questions, '', 'text').at(-1)!.key;
  return studyPage({
    study,
    viewer,
    tab: 'builder',
    flash,
    crumb: { label: 'Screener' },
    body: html`<div class="screener-editor" data-screener-editor>
      <section class="card" id="screener" aria-labelledby="screener-heading">
        <h2 id="screener-heading">Screener</h2>
        <p class="hint">Applicants answer these in order. An answer that screens out ends the application politely; the participant never sees which answers qualify. <a href="${study.paths.draft_editor}">Back to the builder</a></p>
        ${questions.length === 0 ? html`<p class="empty">No question yet: everyone who matches the audience can apply.</p>` : ''}
      </section>
      ${
        acting
          ? html`<ol class="plain questions" aria-label="Questions">${questions.map(
              (question, index) =>
                questionCard({
                  base,
                  csrf,
                  questions,
                  index,
                  rows: state.rows?.key === question.key ? state.rows.rows : undefined,
                  problems: state.added ? undefined : state.problems?.questions.get(question.key),
                }),
            )}</ol>
            ${addSection(viewer, base, state, newKey)}
            ${quotaSection(viewer, study, state, { first: query.first, second: query.second })}`
          : html`<ol class="questions-read">${questions.map(
              (question) =>
                html`<li>${question.text} <span class="muted">(${question.answers.map((a) => a.text).join(', ') || question.pick})</span></li>`,
            )}</ol>`
      }
    </div>`,
  });
}

/** The problems of a refused patch: the API schema's first, then the engine's. */
function schemaIssues(patch: OpportunityPatch): string[] {
  return [...Value.Errors(PatchOpportunityBody, patch)]
    .filter((problem) => problem.keyword !== 'boolean')
    .map((problem) => describeValidationIssue('body', problem));
}

/**
 * The screener of a draft without JSON: each question a card whose answers are rows edited in
 * place; questions added, moved and deleted. Every change is the whole screener (and its quotas,
 * when an answer is renamed) sent through the draft's edit use case, after the API's own schema,
 * so it is judged as PATCH /v2/opportunities/{id} is; a refused change writes nothing and comes
 * back with what was typed and its problems beside it. Each redirect lands on the card it was about
 * (docs/decisions/0184-compact-screener-editor.md).
 */
export function screenerEditorPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const pathOf = (id: string) => `/dashboard/studies/${encodeURIComponent(id)}/screener`;

  router.page('/studies/:opportunityId/screener', async ({ viewer, params, query, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    if (study.paths.draft_editor === null) return { redirect: study.paths.study! };
    return editorPage(study, viewer, query, flash, {
      questions: study.view.screening_questions as Question[],
    });
  });

  /**
   * One edit: `change` makes the patch and says where to land and what to draw if refused; the
   * edit use case judges it. A refusal draws the page again (400) with the problems placed.
   */
  const edit = (
    name: string,
    change: (
      study: Study,
      input: {
        key: string;
        form: Record<string, string>;
        query: Record<string, string | undefined>;
      },
    ) => {
      patch: OpportunityPatch;
      /** Where the redirect lands on the page: `#question-2`, or a query and an anchor. */
      land: string;
      notice: string;
      refused: Omit<EditorState, 'problems'>;
    },
  ) =>
    router.action(
      `/studies/:opportunityId/screener${name}`,
      { permission: 'write', back: ({ params }) => pathOf(params.opportunityId!) },
      async ({ viewer, params, form, query, now }): Promise<ActionResult> => {
        const study = await loadStudy(db, context, viewer, params.opportunityId!);
        const { patch, land, notice, refused } = change(study, {
          key: params.key ?? '',
          form,
          query,
        });
        const failed = (messages: string[]) => {
          const placed = placeProblems(
            messages,
            patch.screening_questions ?? [],
            patch.quotas ?? [],
          );
          return {
            status: 400,
            html: editorPage(
              study,
              viewer,
              query,
              {
                kind: 'error',
                message: 'Not saved: see the problems below.',
                issues: placed.other,
              },
              { ...refused, problems: placed },
            ),
          };
        };
        const issues = schemaIssues(patch);
        if (issues.length > 0) return failed(issues);
        const notSaved = await saveDraftEdit(db, { viewer, study, patch, now });
        if (notSaved) return failed(notSaved.issues.map((issue) => issue.message));
        return { redirect: `${pathOf(study.row.id)}${land}`, notice };
      },
    );

  const stored = (study: Study) => study.view.screening_questions as Question[];
  const at = (questions: readonly Question[], key: string) =>
    Math.max(
      0,
      questions.findIndex((q) => q.key === key),
    );

  edit('/add', (study, { form }) => {
    const questions = addQuestion(
      stored(study),
      form.text ?? '',
      PICKS.some(([value]) => value === form.pick) ? (form.pick as Pick) : 'one',
      form.answers,
      form.columns,
    );
    return {
      patch: { screening_questions: questions },
      land: `#${cardAnchor(questions.length - 1)}`,
      notice: 'Question added.',
      refused: { questions: stored(study), added: form },
    };
  });

  edit('/:key/save', (study, { key, form }) => {
    const questions = stored(study);
    const current = questions.find((q) => q.key === key);
    if (!current) throw new ValidationError(`There is no question "${key}" any more`);
    const op = parseAnswerOp(form.op);
    const rows = applyAnswerOp(answerRows(form), op);
    const renames = renamedAnswers(rows);
    const next = renameInConditions(
      questions.map((q) => (q.key === key ? updateQuestion(current, form, rows) : q)),
      key,
      renames,
    );
    const patch: OpportunityPatch = { screening_questions: next };
    if (renames.length > 0) {
      const renamed = renameInQuotas(
        study.view.quotas as QuotaInput[],
        study.view.cross_quotas as CrossQuotaInput[],
        key,
        renames,
      );
      patch.quotas = renamed.quotas;
      patch.cross_quotas = renamed.crossQuotas;
    }
    const words =
      op.kind === 'save'
        ? 'saved'
        : op.kind === 'delete'
          ? `saved, answer ${op.row + 1} deleted`
          : `saved, answer ${op.row + 1} moved ${op.kind}`;
    return {
      patch,
      land: `#${cardAnchor(at(questions, key))}`,
      notice: `Question ${at(questions, key) + 1} ${words}.`,
      refused: {
        questions: questions.map((q) => (q.key === key ? next.find((n) => n.key === key)! : q)),
        // The rows as typed, unless the kind changed: then those the new kind starts from.
        ...(next.find((n) => n.key === key)!.pick === current.pick && {
          rows: { key, rows: rows.filter((row) => row.text !== '') },
        }),
      },
    };
  });

  for (const [by, word] of [
    [-1, 'up'],
    [1, 'down'],
  ] as const) {
    edit(`/:key/${word}`, (study, { key }) => {
      const questions = moveQuestion(stored(study), key, by);
      return {
        patch: { screening_questions: questions },
        land: `#${cardAnchor(at(questions, key))}`,
        notice: `Question moved ${word}: it is question ${at(questions, key) + 1} now.`,
        refused: { questions: stored(study) },
      };
    });
  }

  edit('/:key/delete', (study, { key }) => {
    const index = at(stored(study), key);
    const questions = deleteQuestion(stored(study), key);
    return {
      patch: { screening_questions: questions },
      // The card that takes its place, or the one before it; the screener's head when none is left.
      land: `#${questions.length === 0 ? 'screener' : cardAnchor(Math.min(index, questions.length - 1))}`,
      notice: `Question ${index + 1} deleted.`,
      refused: { questions: stored(study) },
    };
  });

  edit('/quotas', (study, { form }) => ({
    patch: { quotas: quotasFromForm(stored(study), form) },
    land: '#quotas',
    notice: 'Quotas saved.',
    refused: { questions: stored(study), quotaForm: form },
  }));

  edit('/cross', (study, { form, query }) => {
    const questions = stored(study);
    const first = questions.find((q) => q.key === query.first);
    const second = questions.find((q) => q.key === query.second);
    if (!first || !second || first.key === second.key) {
      throw new ValidationError('Choose two different questions for the cross quotas');
    }
    return {
      patch: {
        cross_quotas: crossQuotasFromForm(
          study.view.cross_quotas as CrossQuotaInput[],
          first,
          second,
          form,
        ),
      },
      land: `?first=${encodeURIComponent(first.key)}&second=${encodeURIComponent(second.key)}#cross-quotas`,
      notice: 'Cross quotas saved.',
      refused: { questions, crossForm: form },
    };
  });
}
