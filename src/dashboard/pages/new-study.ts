import { Value } from 'typebox/value';
import { type AudienceSize, audienceSize } from '../../audience/index.ts';
import { sessionActor } from '../../audit/index.ts';
import { filterCatalog, searchFilterOptions } from '../../filters/index.ts';
import {
  CreateOpportunityBody,
  createOpportunity,
  findOpportunity,
  type OpportunityInput,
  opportunityRowToOpportunity,
  priceDraft,
  STUDY_LANGUAGE_NAMES,
  STUDY_LANGUAGES,
  schemaFindings,
} from '../../opportunities/index.ts';
import { ownGroupIds } from '../../participant-groups/index.ts';
import { type Issue, isDomainError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { money } from '../../platform/web/format.ts';
import { formOf } from '../../platform/web/forms.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { listProjects } from '../../projects/index.ts';
import { csrfField, page } from '../layout.ts';
import { studyPaths } from '../paths.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Viewer } from '../session.ts';
import {
  audienceFields,
  audienceFilters,
  CITY,
  chosenFilters,
  fieldsOf,
  filtersAsForm,
  STATE,
  withAudienceEdit,
} from './audience-step.ts';
import { draftStepPath, stepFrame, stepNav } from './builder-steps.ts';
import { audienceWords, builderSummary, type Missing } from './builder-summary.ts';
import { newStudyBody, TASK_SLOTS } from './new-study-form.ts';
import { field, invalidIf, problemsFor } from './study-fields.ts';

type DraftPrice = NonNullable<Awaited<ReturnType<typeof priceDraft>>>;

const DEVICES = [
  ['desktop', 'Desktop'],
  ['mobile_ios', 'iPhone'],
  ['mobile_android', 'Android phone'],
  ['other', 'Other devices'],
] as const;
const TASK_TYPES = [
  ['activity', 'Activity (a survey or a task at a URL)'],
  ['interview', 'Interview (a call at a URL)'],
  ['file_upload', 'File upload (on the participant’s page)'],
] as const;

/**
 * States and cities typed by name ("Bavaria, Île-de-France"), found with the option search of
 * GET /v2/filters/{slug}/options (accent-blind, alternate names) in the chosen countries, and added
 * to the form as the filters' option ids; a name found nowhere is a problem of its field.
 */
export function withPlaces(form: Readonly<Record<string, string>>): {
  form: Record<string, string>;
  issues: Issue[];
} {
  const countries = (form['filter.multi_select--country'] ?? '').split('\n').filter(Boolean);
  const resolved: Record<string, string> = { ...form };
  const issues: Issue[] = [];
  for (const [field, slug, noun] of [
    ['places.states', STATE, 'state or region'],
    ['places.cities', CITY, 'city'],
  ] as const) {
    const names = (form[field] ?? '')
      .split(/[,\n]/)
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 0) continue;
    if (countries.length === 0) {
      issues.push({
        message: `${field}: choose the countries first; ${noun} names are looked up in them`,
      });
      continue;
    }
    const ids: string[] = [];
    for (const name of names) {
      const found = countries.flatMap(
        (countryId) =>
          searchFilterOptions(slug, { search: name, page: 1, perPage: 5, countryId })?.data ?? [],
      );
      const exact = found.find((option) => option.name.toLowerCase() === name.toLowerCase());
      const option = exact ?? found[0];
      if (option) ids.push(option.id);
      else
        issues.push({ message: `${field}: no ${noun} called “${name}” in the chosen countries` });
    }
    resolved[`filter.${slug}`] = ids.join('\n');
  }
  return { form: resolved, issues };
}

/**
 * Up to 20 places called like `search` in the chosen countries, best matches of each country first;
 * only the state and city filters are searched this way.
 */
export function placeSuggestions(
  slug: string,
  search: string,
  countries: readonly string[],
): { id: string; name: string }[] {
  if ((slug !== STATE && slug !== CITY) || search.trim().length < 2) return [];
  const perCountry = Math.max(3, Math.ceil(20 / Math.max(1, countries.length)));
  return countries
    .flatMap(
      (countryId) =>
        searchFilterOptions(slug, { search, page: 1, perPage: perCountry, countryId })?.data ?? [],
    )
    .slice(0, 20)
    .map((option) => ({ id: option.id, name: option.name }));
}

/** The price in words, with what the balance covers. */
export function priceWords(price: DraftPrice | undefined, viewer: Viewer): string {
  if (!price) {
    return 'Fill in the participants wanted and a task, and complete the filters, to see the price.';
  }
  const { cost_per_participant_cents: each, total_cost_cents: total } = price.pricing;
  const available = viewer.organization.balance_cents + viewer.organization.overdraft_limit_cents;
  return `${money(each)} per participant, ${money(total)} in all, charged at launch. ${
    total <= available
      ? `Your balance of ${money(viewer.organization.balance_cents)} covers it.`
      : `Your balance of ${money(viewer.organization.balance_cents)} does not: add credit before launching.`
  }`;
}

/** The fields of the brief step; a problem of any of them sends the researcher back there. */
const BRIEF_FIELDS = [
  'title',
  'internal_title',
  'description',
  'project_id',
  'language',
  'num_participants',
  'expected_days_to_complete',
  'business_type',
  'customer_screening_review',
  'device_types',
  'tasks',
] as const;

/** The fields the brief hides under "More options": opened when one of them has a problem. */
const MORE_OPTIONS = [
  'internal_title',
  'language',
  'expected_days_to_complete',
  'business_type',
  'customer_screening_review',
  'device_types',
];

/** Which step holds the field an issue names: the brief's, or else the audience's. */
export function stepOfIssue(issue: Issue): NewStudyStep {
  const head = issue.message.replace(/^body\./, '').split(/[.:[ ]/)[0]!;
  return (BRIEF_FIELDS as readonly string[]).includes(head) ? 'brief' : 'audience';
}

type NewStudyStep = 'brief' | 'audience';

/** The form's own fields, never carried from step to step. */
const CONTROL_FIELDS = new Set(['_csrf', 'go', 'add', 'remove', 'step', 'find']);

/**
 * The values of the other step, carried as hidden fields so that each step's page shows only its
 * own fields and nothing typed is lost (docs/decisions/0182-builder-in-steps.md). A list (a
 * multi-select, the devices, the filters added) is sent as it came: one field a value.
 */
function carried(form: Record<string, string>, shown: ReadonlySet<string>): Html {
  const multiple = (name: string) =>
    name === 'device_types' ||
    name === 'added' ||
    (name.startsWith('filter.') && !/\.(min|max|exclude)$/.test(name));
  return html`${Object.entries(form)
    .filter(([name]) => !CONTROL_FIELDS.has(name) && !shown.has(name))
    .flatMap(([name, value]) =>
      multiple(name)
        ? value
            .split('\n')
            .filter(Boolean)
            .map((one) => html`<input type="hidden" name="${name}" value="${one}">`)
        : [html`<input type="hidden" name="${name}" value="${value}">`],
    )}`;
}

/**
 * What the create would still refuse, each named for the researcher with the step to fix it in:
 * the API's schema over the form, and the problems of the last save (`refused`), which the schema
 * alone does not see (an age range upside down).
 */
function missingOf(form: Record<string, string>, refused: readonly Issue[]): Missing[] {
  const places = withPlaces(form);
  const { body, issues } = newStudyBody(places.form, filterCatalog());
  const findings = schemaFindings([...Value.Errors(CreateOpportunityBody, body)]);
  const labels: Record<string, string> = {
    title: 'A title',
    num_participants: 'How many participants',
    tasks: 'A task: its title and URL',
    project_id: 'A project',
    places: 'States or cities found in the chosen countries',
    filters: 'Complete filters',
  };
  const filterNames = audienceFilters();
  const missing = new Map<string, Missing>();
  for (const issue of [...places.issues, ...issues, ...findings.issues, ...refused]) {
    const message = issue.message.replace(/^body\./, '');
    const head = message.split(/[.:[ ]/)[0]!;
    const filter =
      head === 'filters' ? filterNames.find((entry) => message.includes(entry.key)) : undefined;
    const label = filter ? `The ${filter.name} filter` : (labels[head] ?? message);
    missing.set(label, { label, step: stepOfIssue(issue), form: 'new-study' });
  }
  return [...missing.values()];
}

function newStudyPage(input: {
  viewer: Viewer;
  step: NewStudyStep;
  audience?: AudienceSize;
  price?: DraftPrice;
  projects: { id: string; name: string }[];
  form: Record<string, string>;
  issues?: Issue[];
  message?: string;
}): Html {
  const { viewer, form, step } = input;
  const issues = input.issues ?? [];
  const shown = new Set<string>();
  const chosen = (name: string) => new Set((form[name] ?? '').split('\n'));
  /** A text field of the brief, its problems beside it. */
  const text = (
    name: string,
    label: string,
    prefixes: string[],
    attributes = html``,
    hint?: string,
  ) => {
    shown.add(name);
    const problems = problemsFor(issues, prefixes);
    return field(
      name,
      label,
      html`<input id="${name}" name="${name}" value="${form[name] ?? ''}"${invalidIf(name, problems)}${attributes}>`,
      problems,
      hint,
    );
  };
  const unplaced = issues.filter((issue) => {
    const head = issue.message.replace(/^body\./, '').split(/[.:[ ]/)[0]!;
    return ![...BRIEF_FIELDS, 'places', 'filters'].includes(head);
  });
  const taskSlot = (slot: number) => {
    const name = (part: string) => `task${slot}.${part}`;
    for (const part of ['task_type', 'title', 'task_url', 'duration_minutes'])
      shown.add(name(part));
    if (slot > 1) shown.add(name('description'));
    return html`<fieldset class="choices task-slot"><legend>${slot === 1 ? 'What participants do' : `Task ${slot} (optional)`}</legend>
      <label for="${name('title')}">Task title</label><input id="${name('title')}" name="${name('title')}" value="${form[name('title')] ?? ''}">
      <label for="${name('task_url')}">Task URL (a survey or a call; not for file uploads)</label><input id="${name('task_url')}" name="${name('task_url')}" type="url" value="${form[name('task_url')] ?? ''}">
      <label for="${name('duration_minutes')}">Minutes it takes</label><input id="${name('duration_minutes')}" name="${name('duration_minutes')}" inputmode="numeric" value="${form[name('duration_minutes')] ?? ''}">
      <label for="${name('task_type')}">Type</label>
      <select id="${name('task_type')}" name="${name('task_type')}">${TASK_TYPES.map(
        ([value, label]) =>
          html`<option value="${value}"${form[name('task_type')] === value ? html` selected` : ''}>${label}</option>`,
      )}</select>
      ${slot > 1 ? html`<label for="${name('description')}">What to do</label><input id="${name('description')}" name="${name('description')}" value="${form[name('description')] ?? ''}">` : ''}
    </fieldset>`;
  };
  const taskProblems = problemsFor(issues, ['tasks']);
  const moreOpen = MORE_OPTIONS.some((name) => problemsFor(issues, [name]).length > 0);

  const briefStep = () => {
    for (const name of [
      'description',
      'customer_screening_review',
      'device_types',
      'language',
      'business_type',
    ]) {
      shown.add(name);
    }
    const projectShown =
      input.projects.length !== 1 || problemsFor(issues, ['project_id']).length > 0;
    if (projectShown) shown.add('project_id');
    return html`<section class="card" aria-labelledby="step-heading">
      <h2 id="step-heading">Brief</h2>
      ${text('title', 'Title participants see', ['title'], html` required maxlength="300"`)}
      ${field('description', 'Description (what participants read before taking part)', html`<textarea id="description" name="description" rows="3">${form.description ?? ''}</textarea>`, problemsFor(issues, ['description']))}
      ${text('num_participants', 'Participants wanted', ['num_participants'], html` inputmode="numeric" required`)}
      ${
        !projectShown
          ? ''
          : field(
              'project_id',
              'Project',
              html`<select id="project_id" name="project_id" required>${input.projects.map(
                (project) =>
                  html`<option value="${project.id}"${project.id === form.project_id ? html` selected` : ''}>${project.name}</option>`,
              )}</select>`,
              problemsFor(issues, ['project_id']),
              input.projects.length === 0
                ? 'Create a project first, on the projects page.'
                : undefined,
            )
      }
      ${taskProblems.length ? html`<p class="problem" id="tasks-problems">${taskProblems.join('; ')}</p>` : ''}
      ${taskSlot(1)}
      <details class="more-options"${moreOpen ? html` open` : ''}>
        <summary>More options: internal title, language, recruitment window, devices, applicant review, more tasks</summary>
        ${text('internal_title', 'Internal title (only your team sees it)', ['internal_title'])}
        ${field(
          'language',
          'Language the study is written in',
          html`<select id="language" name="language">${STUDY_LANGUAGES.map(
            (language) =>
              html`<option value="${language}"${language === (form.language || 'en') ? html` selected` : ''}>${STUDY_LANGUAGE_NAMES[language]}</option>`,
          )}</select>`,
          problemsFor(issues, ['language']),
          'Translations into other languages are added once the draft is saved.',
        )}
        ${text('expected_days_to_complete', 'Recruitment window (days, default 7)', ['expected_days_to_complete'], html` inputmode="numeric"`)}
        ${field(
          'business_type',
          'Audience type (prices the study)',
          html`<select id="business_type" name="business_type"><option value="">Consumers</option><option value="b2b"${form.business_type === 'b2b' ? html` selected` : ''}>Professionals (B2B)</option></select>`,
          problemsFor(issues, ['business_type']),
        )}
        <fieldset class="choices"><legend>Applicant review</legend>
          <div class="choice">
            <input type="radio" id="review-auto" name="customer_screening_review" value="auto_invite"${form.customer_screening_review === 'manual_review' ? '' : html` checked`}><label for="review-auto">automatic: who passes the screener takes a place</label>
          </div>
          <div class="choice">
            <input type="radio" id="review-manual" name="customer_screening_review" value="manual_review"${form.customer_screening_review === 'manual_review' ? html` checked` : ''}><label for="review-manual">manual: I choose among the applicants</label>
          </div>
        </fieldset>
        <fieldset class="choices"><legend>Devices</legend>
          ${DEVICES.map(
            ([value, label]) =>
              html`<div class="choice"><input type="checkbox" id="device-${value}" name="device_types" value="${value}"${chosen('device_types').has(value) ? html` checked` : ''}><label for="device-${value}">${label}</label></div>`,
          )}
        </fieldset>
        ${Array.from({ length: TASK_SLOTS - 1 }, (_, index) => taskSlot(index + 2))}
      </details>
      <div class="actions"><button type="submit" class="primary" name="go" value="audience">Next: audience</button> <span class="hint">Nothing is saved until the audience step.</span></div>
    </section>`;
  };

  const audienceStep = () => {
    for (const filter of chosenFilters(form)) for (const name of fieldsOf(filter)) shown.add(name);
    return html`<section class="card" aria-labelledby="step-heading">
      <h2 id="step-heading">Audience</h2>
      ${audienceFields(form, issues)}
      <div class="actions"><button type="submit" name="go" value="brief">Back: brief</button> <button type="submit" class="primary" name="go" value="create">Save the draft</button> <span class="hint">Nothing is charged until you launch. Next come the screener and the tasks.</span></div>
    </section>`;
  };

  const main = step === 'brief' ? briefStep() : audienceStep();
  const summary = builderSummary({
    price: html`<output id="price-estimate" aria-live="polite" data-price="/dashboard/price">${priceWords(input.price, viewer)}</output>`,
    audience: html`<output id="audience-count" aria-live="polite" data-audience-count="/dashboard/audience/size">${audienceWords(input.audience)}</output>`,
    missing: missingOf(form, issues),
    ready: 'Nothing: save the draft on the audience step.',
  });
  return page({
    title: 'New study',
    viewer,
    section: 'studies',
    crumbs: [
      { label: 'Home', href: '/dashboard' },
      { label: 'Studies', href: '/dashboard/studies' },
      { label: 'New study' },
    ],
    body: html`${
      input.message
        ? html`<div class="flash flash-error" role="alert"><p>${input.message}</p>${unplaced.length ? html`<ul>${unplaced.map((issue) => html`<li>${issue.message}</li>`)}</ul>` : ''}</div>`
        : ''
    }
    <form method="post" action="/dashboard/studies/new" id="new-study" class="builder-form" novalidate>
      <button type="submit" name="go" value="audience" class="default-action" hidden tabindex="-1">Next</button>
      ${csrfField(viewer)}
      <input type="hidden" name="step" value="${step}">
      ${stepNav(step, (key) =>
        key === 'brief' || key === 'audience' ? { button: 'new-study' } : { later: 'after saving' },
      )}
      ${stepFrame(summary, main)}
      ${carried(form, shown)}
    </form>`,
  });
}

/**
 * "New study": the draft is created by the create use case of POST /v2/opportunities, with its
 * schema checked the same way, so the page refuses exactly what the API refuses, in its words.
 */
export function newStudyPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const projectsOf = async (viewer: Viewer) =>
    (await listProjects(db, viewer.organization.id, { limit: 200 })).slice(0, 200);

  /** The panel the form's filters describe, now; undefined while they are not valid. */
  async function countFor(viewer: Viewer, form: Record<string, string>, now: Date) {
    const places = withPlaces(form);
    if (places.issues.length > 0) return undefined;
    const { body } = newStudyBody(places.form, filterCatalog());
    try {
      return await audienceSize(db, {
        organizationId: viewer.organization.id,
        filters: body.filters,
        now,
      });
    } catch (error) {
      if (error instanceof ValidationError) return undefined;
      throw error;
    }
  }

  /** What saving this form would price the draft at; undefined while the form cannot be priced. */
  async function priceFor(viewer: Viewer, form: Record<string, string>, now: Date) {
    // The title does not change the price: a form without one yet is priced all the same.
    const places = withPlaces(form);
    if (places.issues.length > 0) return undefined;
    const { body } = newStudyBody(
      { ...places.form, title: form.title?.trim() || 'Untitled' },
      filterCatalog(),
    );
    const findings = schemaFindings([...Value.Errors(CreateOpportunityBody, body)]);
    if (findings.issues.length > 0) return undefined;
    try {
      return await priceDraft(db, {
        organization: viewer.organization,
        ownGroupIds,
        input: body as unknown as OpportunityInput,
        now,
      });
    } catch (error) {
      if (isDomainError(error)) return undefined;
      throw error;
    }
  }

  /**
   * A live figure beside the form, as JSON: the script sends the form's fields as the query
   * (repeated fields as multi-selects send them), and gets the figure and its words back.
   */
  const live = (
    path: string,
    answer: (viewer: Viewer, form: Record<string, string>, now: Date) => Promise<object>,
  ) =>
    router.page(path, async ({ viewer, request, reply, now }) => {
      const form = formOf(request.query);
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify(await answer(viewer, form, now)));
      return { sent: true as const };
    });

  // Suggestions for the state and city fields as one types: the option search of
  // GET /v2/filters/{slug}/options (accent-blind, alternate names), in each chosen country.
  router.page('/options/:slug', async ({ params, request, reply }) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const countries = query.getAll('country_id').slice(0, 20);
    const data = placeSuggestions(
      params.slug!,
      (query.get('search') ?? '').slice(0, 100),
      countries,
    );
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(JSON.stringify({ data }));
    return { sent: true as const };
  });

  live('/price', async (viewer, form, now) => {
    const price = await priceFor(viewer, form, now);
    return { pricing: price?.pricing ?? null, words: priceWords(price, viewer) };
  });
  // The same count as POST /v2/audience/size.
  live('/audience/size', async (viewer, form, now) => {
    const size = await countFor(viewer, form, now);
    return { ...(size ?? { count: null }), words: audienceWords(size) };
  });

  router.page('/studies/new', async ({ viewer, query, now }) => {
    if (!can(viewer, 'write')) {
      return {
        status: 403,
        html: page({
          title: 'New study',
          viewer,
          body: html`<section class="card"><p>Your role can look at studies, not create them.</p></section>`,
        }),
      };
    }
    const projects = await projectsOf(viewer);
    // "Start a new study from this one": a draft's audience and price cannot change
    // (docs/decisions/0182-builder-in-steps.md), so its values fill a new form instead.
    const from = query.from ? await draftAsForm(viewer, query.from) : undefined;
    const initial = from ?? {
      project_id: query.project ?? projects[0]?.id ?? '',
      device_types: 'desktop',
      'task1.duration_minutes': '15',
    };
    return newStudyPage({
      viewer,
      step: 'brief',
      projects,
      audience: await countFor(viewer, {}, now),
      price: await priceFor(viewer, initial, now),
      form: initial,
    });
  });

  /** One of the organization's studies as the new-study form's fields; undefined if none. */
  async function draftAsForm(viewer: Viewer, opportunityId: string) {
    const row = await findOpportunity(db, viewer.organization.id, opportunityId);
    if (!row) return undefined;
    const view = opportunityRowToOpportunity(row, {
      publicUrl: context.config.publicUrl,
      organizationSlug: viewer.organization.slug,
      balanceCents: viewer.organization.balance_cents,
      overdraftLimitCents: viewer.organization.overdraft_limit_cents,
      counters: {},
    });
    const form: Record<string, string> = {
      title: view.title,
      internal_title: view.internal_title ?? '',
      description: view.description ?? '',
      project_id: view.project_id,
      language: view.language,
      num_participants: String(view.num_participants),
      expected_days_to_complete: String(row.expected_days_to_complete ?? ''),
      business_type: view.business_type ?? '',
      customer_screening_review: view.customer_screening_review,
      device_types: view.device_types.join('\n'),
      ...filtersAsForm(view.filters as Record<string, unknown>[]),
    };
    for (const task of view.tasks.slice(0, TASK_SLOTS)) {
      const slot = (part: string) => `task${task.sequence}.${part}`;
      form[slot('task_type')] = task.task_type;
      form[slot('title')] = task.title;
      form[slot('description')] = task.description ?? '';
      form[slot('task_url')] = task.task_url ?? '';
      form[slot('duration_minutes')] = String(task.duration_minutes ?? '');
    }
    // The screener and quotas travel as the API reads them back; the create takes them as sent.
    const inputs = (value: unknown[]) => (value.length ? JSON.stringify(value) : '');
    form.screening_questions = inputs(view.screening_questions);
    form.quotas = inputs(view.quotas);
    form.cross_quotas = inputs(view.cross_quotas);
    return form;
  }

  /** A step of the form, drawn with what was typed, its figures and any problems. */
  const show = async (
    viewer: Viewer,
    step: NewStudyStep,
    form: Record<string, string>,
    now: Date,
    failure?: { status: number; issues: Issue[]; message: string },
  ) => ({
    status: failure?.status ?? 200,
    html: newStudyPage({
      viewer,
      step,
      projects: await projectsOf(viewer),
      form,
      issues: failure?.issues,
      message: failure?.message,
      audience: await countFor(viewer, form, now),
      price: await priceFor(viewer, form, now),
    }),
  });

  // One form in two steps (docs/decisions/0182-builder-in-steps.md): "go" says where the
  // researcher goes next, with every value typed; nothing is written until "Save the draft" (or a
  // form posted without "go", as before the steps), which creates the draft through the create
  // use case of POST /v2/opportunities.
  router.action(
    '/studies/new',
    { permission: 'write', back: () => '/dashboard/studies/new' },
    async ({ viewer, form: posted, now }) => {
      const editing = posted.add !== undefined || posted.remove !== undefined;
      const form = withAudienceEdit(posted);
      const go = editing ? 'audience' : (posted.go ?? 'create');
      if (go === 'brief') return show(viewer, 'brief', form, now);
      if (go === 'audience') {
        // Leaving the brief: its problems are shown there, beside their fields, before going on.
        if (posted.step === 'brief') {
          const { body } = newStudyBody(form, filterCatalog());
          const issues = schemaFindings([
            ...Value.Errors(CreateOpportunityBody, body),
          ]).issues.filter((issue) => stepOfIssue(issue) === 'brief');
          if (issues.length > 0) {
            return show(viewer, 'brief', form, now, {
              status: 400,
              issues,
              message: 'The brief is not complete yet',
            });
          }
        }
        return show(viewer, 'audience', form, now);
      }
      const places = withPlaces(form);
      const { body, issues: bodyIssues } = newStudyBody(places.form, filterCatalog());
      const formIssues = [...places.issues, ...bodyIssues];
      const findings = schemaFindings([...Value.Errors(CreateOpportunityBody, body)]);
      try {
        if (formIssues.length > 0 && findings.issues.length === 0) {
          throw new ValidationError('The study is incomplete', formIssues);
        }
        const row = await createOpportunity(db, {
          organization: viewer.organization,
          ownGroupIds,
          input: body as unknown as OpportunityInput,
          schemaIssues: [...formIssues, ...findings.issues],
          malformed: findings.malformed,
          now,
          actor: sessionActor(viewer.session),
        });
        const paths = studyPaths({
          id: row.id,
          projectId: row.project_id,
          status: row.status,
          organizationSlug: viewer.organization.slug,
        });
        return {
          // The next step of a draft: its screener (a study may go without one).
          redirect: paths.draft_editor ? draftStepPath(row.id, 'screener') : paths.study!,
          notice:
            'The draft is saved with its audience and price. Next: the screener, if the study needs one.',
        };
      } catch (error) {
        if (!isDomainError(error) || !(error instanceof ValidationError)) throw error;
        const step = error.issues.some((issue) => stepOfIssue(issue) === 'brief')
          ? 'brief'
          : 'audience';
        return show(viewer, step, form, now, {
          status: 400,
          issues: error.issues,
          message: 'The draft is not saved yet: the problems are beside their fields.',
        });
      }
    },
  );
}
