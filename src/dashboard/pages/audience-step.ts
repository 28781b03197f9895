import { filterCatalog, filterOptionName, searchFilterOptions } from '../../filters/index.ts';
import type { Issue } from '../../platform/errors.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { field, invalidIf, problemsFor } from './study-fields.ts';

/**
 * The audience step of the new-study form (docs/decisions/0182-builder-in-steps.md): a filter is
 * shown only once the researcher adds it, from a row of common ones or a search over the catalog;
 * the filters added so far travel in the form's `added` field, one key a line.
 */

export const STATE = 'multi_select--state';
export const CITY = 'multi_select--city';

/** A filter the step offers: a catalog entry, or the states and cities typed by name. */
export interface AudienceFilter {
  key: string;
  name: string;
  category: string;
  kind: 'range' | 'list' | 'places';
}

/** Every option of a list, for a multi-select; the catalog's lists never change while running. */
const optionsOf = (slug: string) =>
  searchFilterOptions(slug, { page: 1, perPage: 1000 })?.data ?? [];

/**
 * The catalog's entries the form offers: ranges and fixed lists, and states and cities by name
 * (too many to list; withPlaces in new-study.ts looks them up). Reference filters (other studies,
 * participant groups) name ids and stay with the API.
 */
export function audienceFilters(): AudienceFilter[] {
  const offered: AudienceFilter[] = [];
  for (const entry of filterCatalog()) {
    if (entry.slug === STATE) {
      offered.push({
        key: 'places.states',
        name: 'States or regions',
        category: 'location',
        kind: 'places',
      });
    } else if (entry.slug === CITY) {
      offered.push({ key: 'places.cities', name: 'Cities', category: 'location', kind: 'places' });
    } else if (entry.type === 'integer' || entry.type === 'multi_select') {
      offered.push({
        key: entry.slug,
        name: entry.name,
        category: String((entry as { category?: string }).category ?? ''),
        kind: entry.type === 'integer' ? 'range' : 'list',
      });
    }
  }
  return offered;
}

/** One click away: what most studies filter on. */
export const COMMON_FILTERS = [
  'multi_select--country',
  'integer--age',
  'multi_select--gender',
  'multi_select--language',
] as const;

/** The form fields a filter fills. */
export function fieldsOf(filter: AudienceFilter): string[] {
  if (filter.kind === 'places') return [filter.key];
  if (filter.kind === 'range') return [`filter.${filter.key}.min`, `filter.${filter.key}.max`];
  return [`filter.${filter.key}`, `filter.${filter.key}.exclude`];
}

const lines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The filters shown: those added, and any that holds a value (a form posted whole). */
export function chosenFilters(form: Readonly<Record<string, string>>): AudienceFilter[] {
  const added = new Set(lines(form.added));
  return audienceFilters().filter(
    (filter) =>
      added.has(filter.key) ||
      fieldsOf(filter).some((name) => !name.endsWith('.exclude') && lines(form[name]).length > 0),
  );
}

/**
 * The form after the researcher's "Add" or "Remove": an added filter joins `added`; a removed one
 * leaves it with its values, so the count and the price no longer include it.
 */
export function withAudienceEdit(form: Readonly<Record<string, string>>): Record<string, string> {
  const next: Record<string, string> = { ...form };
  const offered = audienceFilters();
  const added = new Set(chosenFilters(form).map((filter) => filter.key));
  const adding = offered.find((filter) => filter.key === form.add);
  if (adding) added.add(adding.key);
  const removing = offered.find((filter) => filter.key === form.remove);
  if (removing) {
    added.delete(removing.key);
    for (const name of fieldsOf(removing)) delete next[name];
  }
  delete next.add;
  delete next.remove;
  next.added = [...added].join('\n');
  return next;
}

/** Whether a filter answers a search: by its name or its category, ignoring case and accents. */
export function filterMatches(filter: AudienceFilter, search: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const wanted = fold(search.trim());
  return (
    wanted !== '' && (fold(filter.name).includes(wanted) || fold(filter.category).includes(wanted))
  );
}

/** The create's problems that name a filter ("filters[1].integer--age: ..."), shown beside it. */
const problemsOfFilter = (filter: AudienceFilter, issues: readonly Issue[]) =>
  problemsFor(issues, ['filters']).filter((message) => message.includes(filter.key));

/** A filter's problem said beside it: without the path to it, the bounds named as the fields are. */
const besideFilter = (message: string) =>
  message
    .replace(/^filters\[\d+\]\.[\w-]+(\.|: )?/, '')
    .replaceAll('$gte', 'from')
    .replaceAll('$lte', 'to')
    .replaceAll('$in', 'chosen')
    .replaceAll('$nin', 'excluded');

function filterFields(filter: AudienceFilter, form: Record<string, string>, issues: Issue[]): Html {
  const own = problemsOfFilter(filter, issues);
  const ownId = `${filter.key.replace('.', '-')}-filter-problems`;
  const ownProblems = own.length
    ? html`<p class="problem" id="${ownId}">${own.map(besideFilter).join('; ')}</p>`
    : '';
  const describedBy = own.length ? html` aria-describedby="${ownId}"` : html``;
  const remove = html`<p class="filter-remove-row"><button type="submit" class="link filter-remove" name="remove" value="${filter.key}">Remove<span class="visually-hidden"> ${filter.name}</span></button></p>`;
  if (filter.kind === 'places') {
    const slug = filter.key === 'places.states' ? STATE : CITY;
    const problems = problemsFor(issues, [filter.key]);
    return html`<div class="chosen-filter">
      ${field(
        filter.key,
        filter.key === 'places.states'
          ? 'States or regions (names, separated by commas)'
          : 'Cities (names, separated by commas)',
        html`<input id="${filter.key}" name="${filter.key}" value="${form[filter.key] ?? ''}" list="${filter.key.replace('.', '-')}-options" data-place-search="${slug}" autocomplete="off"${invalidIf(filter.key, problems)}>`,
        problems,
        filter.key === 'places.states'
          ? 'Looked up in the chosen countries: accents and other languages are fine (Bayern finds Bavaria).'
          : 'München and Munich find the same city.',
      )}
      <datalist id="${filter.key.replace('.', '-')}-options"></datalist>
      ${remove}
    </div>`;
  }
  if (filter.kind === 'range') {
    const name = (bound: 'min' | 'max') => `filter.${filter.key}.${bound}`;
    return html`<fieldset class="choices chosen-filter"${describedBy}><legend>${filter.name}</legend><div class="choice-row">
      <label for="${filter.key}-min">from</label><input id="${filter.key}-min" name="${name('min')}" inputmode="numeric" size="4" value="${form[name('min')] ?? ''}"${own.length ? html` aria-invalid="true"` : ''}${describedBy}>
      <label for="${filter.key}-max">to</label><input id="${filter.key}-max" name="${name('max')}" inputmode="numeric" size="4" value="${form[name('max')] ?? ''}"${own.length ? html` aria-invalid="true"` : ''}${describedBy}>
    </div>${ownProblems}${remove}</fieldset>`;
  }
  const chosen = new Set(lines(form[`filter.${filter.key}`]));
  return html`<div class="field chosen-filter">
    <label for="${filter.key}">${filter.name}</label>
    <select id="${filter.key}" name="filter.${filter.key}" multiple size="5"${own.length ? html` aria-invalid="true"` : ''}${describedBy}>${optionsOf(
      filter.key,
    ).map(
      (option) =>
        html`<option value="${option.id}"${chosen.has(option.id) ? html` selected` : ''}>${option.name}</option>`,
    )}</select>
    <div class="choice"><input type="checkbox" id="${filter.key}-exclude" name="filter.${filter.key}.exclude" value="yes"${form[`filter.${filter.key}.exclude`] === 'yes' ? html` checked` : ''}><label for="${filter.key}-exclude">exclude these instead</label></div>
    ${ownProblems}
    ${remove}
  </div>`;
}

/**
 * The audience step's fields: the filters chosen so far, then the common ones to add and the
 * search over the catalog. Every filter of the catalog is in the page as an "Add" button, shown
 * when it answers the search (or, with builder.js, as one types): without JavaScript the search
 * is the "Find" button, which sends the form back to this step.
 */
export function audienceFields(form: Record<string, string>, issues: Issue[]): Html {
  const chosen = chosenFilters(form);
  const chosenKeys = new Set(chosen.map((filter) => filter.key));
  const offered = audienceFilters().filter((filter) => !chosenKeys.has(filter.key));
  const common = offered.filter((filter) =>
    (COMMON_FILTERS as readonly string[]).includes(filter.key),
  );
  const search = form.find ?? '';
  const placed = new Set(chosen.flatMap((filter) => problemsOfFilter(filter, issues)));
  const general = problemsFor(issues, ['filters']).filter((message) => !placed.has(message));
  const add = (filter: AudienceFilter) =>
    html`<button type="submit" name="add" value="${filter.key}" class="filter-add"><span class="visually-hidden">Add </span>${filter.name}</button>`;
  return html`${general.length ? html`<p class="problem">${general.join('; ')}</p>` : ''}
    ${
      chosen.length === 0
        ? html`<p class="hint">No filter yet: everyone on the panel may take part. Add a filter to narrow who can.</p>`
        : html`<div class="chosen-filters">${chosen.map((filter) => filterFields(filter, form, issues))}</div>`
    }
    <h3 id="add-filter-heading">Add a filter</h3>
    ${
      common.length
        ? html`<div class="common-filters" role="group" aria-label="Common filters"><span class="hint">Common:</span> ${common.map(add)}</div>`
        : ''
    }
    <div class="filter-search">
      <label for="find">Search the filters</label>
      <div class="filter-search-row">
        <input id="find" name="find" type="search" value="${search}" autocomplete="off" data-filter-search="filter-results" aria-describedby="find-hint">
        <button type="submit" name="go" value="audience">Find</button>
      </div>
      <p class="hint" id="find-hint">By name or kind: “income”, “job”, “education”, “location”…</p>
    </div>
    <ul class="filter-results" id="filter-results" aria-label="Filters found">${offered.map(
      (filter) =>
        html`<li data-filter-name="${filter.name}" data-filter-category="${filter.category}"${filterMatches(filter, search) ? '' : html` hidden`}>${add(filter)} <span class="muted">${filter.category}</span></li>`,
    )}</ul>
    ${
      search.trim() !== '' && !offered.some((filter) => filterMatches(filter, search))
        ? html`<p class="hint" role="status">No filter called “${search}” that is not already added.</p>`
        : ''
    }`;
}

/** A saved draft's filters in words: "Country: Germany, Austria", "Age: 25 to 45". */
export function filterWords(filters: readonly Record<string, unknown>[]): string[] {
  const names = new Map(filterCatalog().map((entry) => [entry.slug, entry.name]));
  return filters.flatMap((filter) =>
    Object.entries(filter).map(([slug, condition]) => {
      const name = names.get(slug) ?? slug;
      const rule = (condition ?? {}) as Record<string, unknown>;
      if ('$gte' in rule || '$lte' in rule) {
        const from = rule.$gte ?? 'any';
        const to = rule.$lte ?? 'any';
        return `${name}: ${from} to ${to}`;
      }
      const ids = (rule.$in ?? rule.$nin ?? []) as unknown[];
      const said = ids.map((id) => filterOptionName(slug, String(id)) ?? String(id)).join(', ');
      return `${name}: ${'$nin' in rule ? 'not ' : ''}${said}`;
    }),
  );
}

/**
 * A saved draft's filters back as the new-study form's fields, for a new study started from it:
 * lists as their option ids, ranges as their bounds, states and cities by name.
 */
export function filtersAsForm(filters: readonly Record<string, unknown>[]): Record<string, string> {
  const form: Record<string, string> = {};
  const added: string[] = [];
  for (const filter of filters) {
    for (const [slug, condition] of Object.entries(filter)) {
      const rule = (condition ?? {}) as Record<string, unknown>;
      if (slug === STATE || slug === CITY) {
        const key = slug === STATE ? 'places.states' : 'places.cities';
        const ids = (rule.$in ?? []) as unknown[];
        form[key] = ids.map((id) => filterOptionName(slug, String(id)) ?? String(id)).join(', ');
        added.push(key);
      } else if ('$gte' in rule || '$lte' in rule) {
        if (rule.$gte !== undefined) form[`filter.${slug}.min`] = String(rule.$gte);
        if (rule.$lte !== undefined) form[`filter.${slug}.max`] = String(rule.$lte);
        added.push(slug);
      } else {
        form[`filter.${slug}`] = ((rule.$in ?? rule.$nin ?? []) as unknown[])
          .map(String)
          .join('\n');
        if ('$nin' in rule) form[`filter.${slug}.exclude`] = 'yes';
        added.push(slug);
      }
    }
  }
  if (added.length) form.added = added.join('\n');
  return form;
}
