import { sessionActor } from '../../audit/index.ts';
import {
  editDraft,
  isStudyLanguage,
  STUDY_LANGUAGE_NAMES,
  STUDY_LANGUAGES,
  type StudyLanguage,
  translationsOf,
} from '../../opportunities/index.ts';
import { ConflictError, type Issue, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { issuesByField } from '../../platform/web/field-issues.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { csrfField } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';
import {
  answerField,
  questionField,
  type TranslatableStudy,
  taskField,
  translationFieldPaths,
  translationFormValues,
  translationFromForm,
} from './translation-form.ts';

const pathOf = (id: string) => `/dashboard/studies/${encodeURIComponent(id)}/translations`;

/** The texts the page shows beside their translations, from the full form. */
interface StudyTexts extends TranslatableStudy {
  questions: { key: string; text: string; answers: { text: string }[] }[];
  tasks: { sequence: number; title: string; description: string }[];
}

function translatable(study: Study): StudyTexts {
  return { questions: study.view.screening_questions, tasks: study.view.tasks };
}

interface Editing {
  language: StudyLanguage;
  values: Record<string, string>;
  problems: Map<string, string[]>;
}

/**
 * One part of the study: its own text on the left, read-only, and the translation's field on the
 * right, with its problems beside it. Stacked on a narrow screen.
 */
function part(input: {
  name: string;
  label: string;
  own: string;
  editing: Editing;
  acting: boolean;
  long?: boolean;
}): Html {
  const { name, editing } = input;
  const id = `tr-${name.replace(/[^\w-]/g, '-')}`;
  const problems = editing.problems.get(name) ?? [];
  const value = editing.values[name] ?? '';
  const language = STUDY_LANGUAGE_NAMES[editing.language];
  const described = [`${id}-own`, ...(problems.length ? [`${id}-problems`] : [])].join(' ');
  const invalid = problems.length ? html` aria-invalid="true"` : '';
  const control = !input.acting
    ? html`<p class="translated">${value || '—'}</p>`
    : input.long
      ? html`<textarea id="${id}" name="${name}" rows="4" aria-describedby="${described}"${invalid}>${value}</textarea>`
      : html`<input id="${id}" name="${name}" value="${value}" aria-describedby="${described}"${invalid}>`;
  return html`<div class="side-by-side">
    <div class="own" id="${id}-own"><span class="part-name">${input.label}</span>${input.own || html`<span class="muted">(empty)</span>`}</div>
    <div class="translation">
      ${input.acting ? html`<label for="${id}">${input.label} in ${language}</label>` : html`<span class="part-name">${input.label} in ${language}</span>`}
      ${control}
      ${problems.length ? html`<p class="problem" id="${id}-problems">${problems.join('; ')}</p>` : ''}
    </div>
  </div>`;
}

function translationForm(study: Study, viewer: Viewer, editing: Editing): Html {
  const acting = can(viewer, 'write');
  const { questions, tasks } = translatable(study);
  const own = STUDY_LANGUAGE_NAMES[study.view.language];
  const language = STUDY_LANGUAGE_NAMES[editing.language];
  const common = { editing, acting };
  const action = `${pathOf(study.row.id)}?language=${editing.language}`;
  const answersProblems = (q: number) => editing.problems.get(questionField(q, 'answers')) ?? [];
  const body = html`
    <p class="hint">On the left, the study in ${own} as participants read it now; on the right, what participants who read ${language} see instead. Answers are matched by their order, so applicants are screened alike in either language.</p>
    <h3>Brief</h3>
    ${part({ ...common, name: 'title', label: 'Title', own: study.view.title })}
    ${part({ ...common, name: 'description', label: 'Description', own: study.view.description ?? '', long: true })}
    ${questions.map(
      (question, q) => html`<h3>Question ${q + 1} <code>${question.key}</code></h3>
      ${part({ ...common, name: questionField(q, 'text'), label: `Question ${q + 1}`, own: question.text })}
      ${question.answers.map((answer, a) =>
        part({
          ...common,
          name: answerField(q, a),
          label: `Answer ${a + 1} of question ${q + 1}`,
          own: answer.text,
        }),
      )}
      ${answersProblems(q).length ? html`<p class="problem">${answersProblems(q).join('; ')}</p>` : ''}`,
    )}
    ${tasks.map(
      (task, t) => html`<h3>Task ${task.sequence}</h3>
      ${part({ ...common, name: taskField(t, 'title'), label: `Title of task ${task.sequence}`, own: task.title })}
      ${part({ ...common, name: taskField(t, 'description'), label: `Description of task ${task.sequence}`, own: task.description, long: true })}`,
    )}`;
  return html`<section class="card" aria-labelledby="translation-heading">
    <h2 id="translation-heading">${language} translation</h2>
    ${
      acting
        ? html`<form method="post" action="${action}" class="stack wide translations-form">
        ${csrfField(viewer)}
        ${body}
        <button type="submit" class="primary">Save the ${language} translation</button>
      </form>`
        : body
    }
    ${
      acting && translationsOf(study.row)[editing.language]
        ? html`<form method="post" action="${pathOf(study.row.id)}/remove?language=${editing.language}" class="separated" data-confirm="Remove the ${language} translation?">
        ${csrfField(viewer)}
        <button type="submit" class="danger-outline">Remove the ${language} translation</button>
      </form>`
        : ''
    }
  </section>`;
}

function translationsPage(
  study: Study,
  viewer: Viewer,
  editing: Editing | undefined,
  flash: Flash | undefined,
): Html {
  const own = study.view.language;
  const stored = Object.keys(translationsOf(study.row)).filter(isStudyLanguage);
  const others = STUDY_LANGUAGES.filter((language) => language !== own);
  return studyPage({
    study,
    viewer,
    tab: 'builder',
    flash,
    crumb: { label: 'Translations' },
    body: html`<section class="card" aria-labelledby="translations-heading">
      <h2 id="translations-heading">Translations</h2>
      <p class="hint">The study is written in ${STUDY_LANGUAGE_NAMES[own]}. Participants who read a language it is translated into see the title, description, screener and tasks in their language; everyone else sees them in ${STUDY_LANGUAGE_NAMES[own]}. <a href="${study.paths.draft_editor}">Back to the builder</a></p>
      <p>${
        stored.length
          ? html`Translated into ${stored.map(
              (language, i) =>
                html`${i > 0 ? ', ' : ''}<a href="${pathOf(study.row.id)}?language=${language}">${STUDY_LANGUAGE_NAMES[language]}</a>`,
            )}.`
          : 'No translation yet.'
      }</p>
      <form method="get" action="${pathOf(study.row.id)}" class="choice-row">
        <label for="language">Language</label>
        <select id="language" name="language">${others.map(
          (language) =>
            html`<option value="${language}"${language === editing?.language ? html` selected` : ''}>${STUDY_LANGUAGE_NAMES[language]}</option>`,
        )}</select>
        <button type="submit">Choose</button>
      </form>
    </section>
    ${editing ? translationForm(study, viewer, editing) : ''}`,
  });
}

/** The language a request names, when it is one the study can be translated into. */
function chosenLanguage(study: Study, value: string | undefined): StudyLanguage | undefined {
  return isStudyLanguage(value) && value !== study.view.language ? value : undefined;
}

/**
 * A draft's translations: choose a language, then each text of the study beside its
 * translation. Saving sends every translation through the draft's edit use case, so the page
 * refuses exactly what PATCH /v2/opportunities/{id} refuses, each problem beside its field.
 */
export function translationPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/studies/:opportunityId/translations', async ({ viewer, params, query, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    if (study.paths.draft_editor === null) return { redirect: study.paths.study! };
    const language = chosenLanguage(study, query.language);
    const editing = language && {
      language,
      values: translationFormValues(translatable(study), translationsOf(study.row)[language]),
      problems: new Map<string, string[]>(),
    };
    return translationsPage(study, viewer, editing, flash);
  });

  const back = ({
    params,
    query,
  }: {
    params: Record<string, string>;
    query: Record<string, string | undefined>;
  }) =>
    `${pathOf(params.opportunityId!)}${query.language ? `?language=${encodeURIComponent(query.language)}` : ''}`;

  async function draftIn(viewer: Viewer, id: string, value: string | undefined) {
    const study = await loadStudy(db, context, viewer, id);
    if (study.paths.draft_editor === null) {
      throw new ConflictError('The study is launched: its translations no longer change');
    }
    const language = chosenLanguage(study, value);
    if (!language) {
      throw new ValidationError(
        `Choose a language other than ${STUDY_LANGUAGE_NAMES[study.view.language]}`,
      );
    }
    return { study, language };
  }

  router.action(
    '/studies/:opportunityId/translations',
    { permission: 'write', back },
    async ({ viewer, params, query, form, now }) => {
      const { study, language } = await draftIn(viewer, params.opportunityId!, query.language);
      const parts = translatable(study);
      const translation = translationFromForm(parts, form);
      try {
        await editDraft(db, {
          organizationId: viewer.organization.id,
          opportunityId: study.row.id,
          patch: { translations: { ...translationsOf(study.row), [language]: translation } },
          now,
          actor: sessionActor(viewer.session),
        });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: translationsPage(
            study,
            viewer,
            { language, values: form, problems: problemsOf(parts, language, error.issues).byField },
            {
              kind: 'error',
              message: 'The translation was not saved: see the problems beside the fields',
              issues: problemsOf(parts, language, error.issues).other,
            },
          ),
        };
      }
      return {
        redirect: `${pathOf(study.row.id)}?language=${language}`,
        notice: `${STUDY_LANGUAGE_NAMES[language]} translation saved.`,
      };
    },
  );

  router.action(
    '/studies/:opportunityId/translations/remove',
    { permission: 'write', back },
    async ({ viewer, params, query, now }) => {
      const { study, language } = await draftIn(viewer, params.opportunityId!, query.language);
      const { [language]: _removed, ...kept } = translationsOf(study.row);
      await editDraft(db, {
        organizationId: viewer.organization.id,
        opportunityId: study.row.id,
        patch: { translations: kept },
        now,
        actor: sessionActor(viewer.session),
      });
      return {
        redirect: pathOf(study.row.id),
        notice: `${STUDY_LANGUAGE_NAMES[language]} translation removed.`,
      };
    },
  );
}

/** The API's problems by form field; the rest (another language's, the study's) above the form. */
function problemsOf(study: TranslatableStudy, language: string, issues: readonly Issue[]) {
  const paths = translationFieldPaths(study, language);
  const found = issuesByField(issues, [...paths.keys()]);
  const byField = new Map(
    [...found.byField].map(([path, messages]) => [paths.get(path)!, messages] as const),
  );
  return { byField, other: found.other };
}
