import { Value } from 'typebox/value';
import { type AudienceSize, audienceSize } from '../../audience/index.ts';
import { sessionActor } from '../../audit/index.ts';
import { filterCatalog, searchFilterOptions } from '../../filters/index.ts';
import {
  CreateOpportunityBody,
  createOpportunity,
  type OpportunityInput,
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
import { newStudyBody, TASK_SLOTS } from './new-study-form.ts';

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

/** Every option of a list, for a multi-select; the catalog's lists never change while running. */
const optionsOf = (slug: string) =>
  searchFilterOptions(slug, { page: 1, perPage: 1000 })?.data ?? [];

/** The catalog entries the form offers: countries, age, and every fixed list. */
const OFFERED = () =>
  filterCatalog().filter(
    (entry) =>
      entry.type === 'integer' ||
      (entry.type === 'multi_select' &&
        entry.slug !== 'multi_select--state' &&
        entry.slug !== 'multi_select--city'),
  );

const STATE = 'multi_select--state';
const CITY = 'multi_select--city';

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

/**
 * The problems of the fields named by `prefixes`, in the API's words; a problem of the field
 * itself loses its "field: " prefix, as it is shown beside the field.
 */
function problemsFor(issues: readonly Issue[], prefixes: readonly string[]): string[] {
  return issues
    .map((issue) => issue.message.replace(/^body\./, ''))
    .filter((message) => prefixes.some((prefix) => message.startsWith(prefix)))
    .map((message) => {
      const own = prefixes.find((prefix) => message.startsWith(`${prefix}: `));
      return own ? message.slice(own.length + 2) : message;
    });
}

function field(
  name: string,
  label: string,
  control: Html,
  problems: readonly string[],
  hint?: string,
): Html {
  return html`<div class="field">
    <label for="${name}">${label}</label>
    ${control}
    ${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}
    ${problems.length ? html`<p class="problem" id="${name}-problems">${problems.join('; ')}</p>` : ''}
  </div>`;
}

/** The audience count in words; below the privacy floor, only that it is below. */
export function audienceWords(size: AudienceSize | undefined): string {
  if (!size) return 'The filters are not complete yet.';
  return size.count === null
    ? `Fewer than ${size.fewer_than} panel participants match right now.`
    : `${size.count.toLocaleString('en-US')} panel participants match right now.`;
}

/** The price in words, with what the balance covers. */
export function priceWords(price: DraftPrice | undefined, viewer: Viewer): string {
  if (!price) return 'Fill in the participants wanted and a task to see the price.';
  const { cost_per_participant_cents: each, total_cost_cents: total } = price.pricing;
  const available = viewer.organization.balance_cents + viewer.organization.overdraft_limit_cents;
  return `${money(each)} per participant, ${money(total)} in all, charged at launch. ${
    total <= available
      ? `Your balance of ${money(viewer.organization.balance_cents)} covers it.`
      : `Your balance of ${money(viewer.organization.balance_cents)} does not: add credit before launching.`
  }`;
}

function newStudyPage(input: {
  viewer: Viewer;
  audience?: AudienceSize;
  price?: DraftPrice;
  projects: { id: string; name: string }[];
  form: Record<string, string>;
  issues?: Issue[];
  message?: string;
}): Html {
  const { viewer, form } = input;
  const issues = input.issues ?? [];
  const chosen = (name: string) => new Set((form[name] ?? '').split('\n'));
  const text = (
    name: string,
    label: string,
    prefixes: string[],
    attributes = html``,
    hint?: string,
  ) =>
    field(
      name,
      label,
      html`<input id="${name}" name="${name}" value="${form[name] ?? ''}"${problemsFor(issues, prefixes).length ? html` aria-invalid="true" aria-describedby="${name}-problems"` : ''}${attributes}>`,
      problemsFor(issues, prefixes),
      hint,
    );
  const unplaced = issues.filter((issue) => {
    const head = issue.message.replace(/^body\./, '').split(/[.:[ ]/)[0]!;
    return ![
      'title',
      'internal_title',
      'num_participants',
      'project_id',
      'expected_days_to_complete',
      'places',
      'language',
    ].includes(head);
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
    <form method="post" action="/dashboard/studies/new" class="stack builder-form" novalidate>
      ${csrfField(viewer)}
      <section class="card" aria-labelledby="brief-heading">
        <h2 id="brief-heading">Brief</h2>
        ${text('title', 'Title participants see', ['title'], html` required maxlength="300"`)}
        ${text('internal_title', 'Internal title (optional)', ['internal_title'])}
        ${field('description', 'Description', html`<textarea id="description" name="description" rows="4">${form.description ?? ''}</textarea>`, problemsFor(issues, ['description']))}
        ${field(
          'project_id',
          'Project',
          html`<select id="project_id" name="project_id" required>${input.projects.map(
            (project) =>
              html`<option value="${project.id}"${project.id === form.project_id ? html` selected` : ''}>${project.name}</option>`,
          )}</select>`,
          problemsFor(issues, ['project_id']),
          input.projects.length === 0 ? 'Create a project first, on the projects page.' : undefined,
        )}
        ${field(
          'language',
          'Language the study is written in',
          html`<select id="language" name="language">${STUDY_LANGUAGES.map(
            (language) =>
              html`<option value="${language}"${language === (form.language || 'en') ? html` selected` : ''}>${STUDY_LANGUAGE_NAMES[language]}</option>`,
          )}</select>`,
          problemsFor(issues, ['language']),
          'Translations into other languages are added in the builder once the draft is saved.',
        )}
        ${text('num_participants', 'Participants wanted', ['num_participants'], html` inputmode="numeric" required`)}
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
              html`<div class="choice"><input type="checkbox" id="device-${value}" name="device_types" value="${value}"${chosen('device_types').has(value) || (!form.title && value === 'desktop') ? html` checked` : ''}><label for="device-${value}">${label}</label></div>`,
          )}
        </fieldset>
      </section>
      <section class="card" aria-labelledby="audience-heading">
        <h2 id="audience-heading">Audience</h2>
        <p class="hint">Leave a filter empty to take everyone. Hold Ctrl (or ⌘) to choose several.</p>
        <p class="audience-count"><output id="audience-count" aria-live="polite" data-audience-count="/dashboard/audience/size">${audienceWords(input.audience)}</output></p>
        ${problemsFor(issues, ['filters']).length ? html`<p class="problem">${problemsFor(issues, ['filters']).join('; ')}</p>` : ''}
        ${text('places.states', 'States or regions (names, separated by commas)', ['places.states'], html` list="places-states-options" data-place-search="${STATE}" autocomplete="off"`, 'Looked up in the chosen countries: accents and other languages are fine (Bayern finds Bavaria).')}
        <datalist id="places-states-options"></datalist>
        ${text('places.cities', 'Cities (names, separated by commas)', ['places.cities'], html` list="places-cities-options" data-place-search="${CITY}" autocomplete="off"`, 'München and Munich find the same city.')}
        <datalist id="places-cities-options"></datalist>
        ${OFFERED().map((entry) =>
          entry.type === 'integer'
            ? html`<fieldset class="choices"><legend>${entry.name}</legend><div class="choice-row">
                <label for="${entry.slug}-min">from</label><input id="${entry.slug}-min" name="filter.${entry.slug}.min" inputmode="numeric" size="4" value="${form[`filter.${entry.slug}.min`] ?? ''}">
                <label for="${entry.slug}-max">to</label><input id="${entry.slug}-max" name="filter.${entry.slug}.max" inputmode="numeric" size="4" value="${form[`filter.${entry.slug}.max`] ?? ''}">
              </div></fieldset>`
            : html`<div class="field">
                <label for="${entry.slug}">${entry.name}</label>
                <select id="${entry.slug}" name="filter.${entry.slug}" multiple size="5">${optionsOf(
                  entry.slug,
                ).map(
                  (option) =>
                    html`<option value="${option.id}"${chosen(`filter.${entry.slug}`).has(option.id) ? html` selected` : ''}>${option.name}</option>`,
                )}</select>
                <div class="choice"><input type="checkbox" id="${entry.slug}-exclude" name="filter.${entry.slug}.exclude" value="yes"${form[`filter.${entry.slug}.exclude`] === 'yes' ? html` checked` : ''}><label for="${entry.slug}-exclude">exclude these instead</label></div>
              </div>`,
        )}
      </section>
      <section class="card" aria-labelledby="tasks-heading">
        <h2 id="tasks-heading">Tasks</h2>
        ${problemsFor(issues, ['tasks']).length ? html`<p class="problem">${problemsFor(issues, ['tasks']).join('; ')}</p>` : ''}
        ${Array.from({ length: TASK_SLOTS }, (_, index) => {
          const slot = index + 1;
          const name = (part: string) => `task${slot}.${part}`;
          return html`<fieldset class="choices"><legend>Task ${slot}${slot > 1 ? ' (optional)' : ''}</legend>
            <label for="${name('task_type')}">Type</label>
            <select id="${name('task_type')}" name="${name('task_type')}">${TASK_TYPES.map(
              ([value, label]) =>
                html`<option value="${value}"${form[name('task_type')] === value ? html` selected` : ''}>${label}</option>`,
            )}</select>
            <label for="${name('title')}">Title</label><input id="${name('title')}" name="${name('title')}" value="${form[name('title')] ?? ''}">
            <label for="${name('description')}">What to do</label><input id="${name('description')}" name="${name('description')}" value="${form[name('description')] ?? ''}">
            <label for="${name('task_url')}">URL (not for file uploads)</label><input id="${name('task_url')}" name="${name('task_url')}" type="url" value="${form[name('task_url')] ?? ''}">
            <label for="${name('duration_minutes')}">Minutes</label><input id="${name('duration_minutes')}" name="${name('duration_minutes')}" inputmode="numeric" value="${form[name('duration_minutes')] ?? ''}">
          </fieldset>`;
        })}
      </section>
      <details class="card"${problemsFor(issues, ['screening_questions', 'quotas', 'cross_quotas']).length ? html` open` : ''}>
        <summary>Screener and quotas (advanced: JSON, as the API takes them)</summary>
        ${problemsFor(issues, ['screening_questions', 'quotas', 'cross_quotas']).length ? html`<p class="problem">${problemsFor(issues, ['screening_questions', 'quotas', 'cross_quotas']).join('; ')}</p>` : ''}
        <label for="screening_questions">Screening questions</label>
        <textarea id="screening_questions" name="screening_questions" class="code" rows="8">${form.screening_questions ?? ''}</textarea>
        <label for="quotas">Quotas</label>
        <textarea id="quotas" name="quotas" class="code" rows="4">${form.quotas ?? ''}</textarea>
        <label for="cross_quotas">Cross quotas</label>
        <textarea id="cross_quotas" name="cross_quotas" class="code" rows="4">${form.cross_quotas ?? ''}</textarea>
        <p class="hint">The formats are in the <a href="/docs">API reference</a> (POST /v2/opportunities).</p>
      </details>
      <p class="price-estimate"><output id="price-estimate" aria-live="polite" data-price="/dashboard/price">${priceWords(input.price, viewer)}</output></p>
      <div class="actions"><button type="submit" class="primary">Save the draft</button> <span class="hint">Nothing is charged until you launch.</span></div>
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
    const initial = {
      project_id: query.project ?? projects[0]?.id ?? '',
      expected_days_to_complete: '7',
      'task1.duration_minutes': '15',
    };
    return newStudyPage({
      viewer,
      projects,
      audience: await countFor(viewer, {}, now),
      price: await priceFor(viewer, initial, now),
      form: initial,
    });
  });

  router.action(
    '/studies/new',
    { permission: 'write', back: () => '/dashboard/studies/new' },
    async ({ viewer, form, now }) => {
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
          redirect: paths.draft_editor ?? `/dashboard/studies/${row.id}`,
          notice: 'The draft is saved. Check the price, then launch when ready.',
        };
      } catch (error) {
        if (!isDomainError(error) || !(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: newStudyPage({
            viewer,
            projects: await projectsOf(viewer),
            form,
            issues: error.issues,
            message: error.message,
            audience: await countFor(viewer, form, now),
            price: await priceFor(viewer, form, now),
          }),
        };
      }
    },
  );
}
