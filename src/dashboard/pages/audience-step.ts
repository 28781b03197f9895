import { filterCatalog, filterOptionName, searchFilterOptions } from '../../filters/index.ts';
import type { Issue } from '../../platform/errors.ts';
import { type Html, html } from '../../platform/web/html.ts';
import {
  type AudienceFilter,
  filtersAsForm as asFormOf,
  CITY,
  COMMON_FILTERS,
  chosenFilters as chosenOf,
  withAudienceEdit as editOf,
  filterMatches,
  offeredFilters,
  STATE,
} from './audience-form.ts';
import { field, invalidIf, problemsFor } from './study-fields.ts';

/**
 * The audience step of the new-study form (docs/decisions/0182-builder-in-steps.md): a filter is
 * shown only once the researcher adds it, from a row of common ones or a search over the catalog;
 * the filters added so far travel in the form's `added` field, one key a line (audience-form.ts).
 */
export { type AudienceFilter, CITY, fieldsOf, STATE } from './audience-form.ts';

/** The filters the step offers, from the process's catalog. */
export const audienceFilters = () => offeredFilters(filterCatalog());
export const chosenFilters = (form: Readonly<Record<string, string>>) =>
  chosenOf(form, audienceFilters());
export const withAudienceEdit = (form: Readonly<Record<string, string>>) =>
  editOf(form, audienceFilters());
/** A saved draft's filters as the form's fields, states and cities named from the geography. */
export const filtersAsForm = (filters: readonly Record<string, unknown>[]) =>
  asFormOf(filters, filterOptionName);

const lines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Every option of a list, for a multi-select; the catalog's lists never change while running. */
const optionsOf = (slug: string) =>
  searchFilterOptions(slug, { page: 1, perPage: 1000 })?.data ?? [];

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
