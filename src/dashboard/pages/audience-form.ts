import type { FilterCatalogEntry } from '../../filters/index.ts';

/**
 * The audience step's form, pure (docs/decisions/0182-builder-in-steps.md): which filters the
 * new-study form offers and shows, what "Add" and "Remove" do to it, the catalog's search, and a
 * draft's filters read back into its fields. The page hands it the catalog.
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

/**
 * The catalog's entries the form offers: ranges and fixed lists, and states and cities by name
 * (too many to list; withPlaces in new-study.ts looks them up). Reference filters (other studies,
 * participant groups) name ids and stay with the API.
 */
export function offeredFilters(catalog: readonly FilterCatalogEntry[]): AudienceFilter[] {
  const offered: AudienceFilter[] = [];
  for (const entry of catalog) {
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
export function chosenFilters(
  form: Readonly<Record<string, string>>,
  offered: readonly AudienceFilter[],
): AudienceFilter[] {
  const added = new Set(lines(form.added));
  return offered.filter(
    (filter) =>
      added.has(filter.key) ||
      fieldsOf(filter).some((name) => !name.endsWith('.exclude') && lines(form[name]).length > 0),
  );
}

/**
 * The form after the researcher's "Add" or "Remove": an added filter joins `added`; a removed one
 * leaves it with its values, so the count and the price no longer include it.
 */
export function withAudienceEdit(
  form: Readonly<Record<string, string>>,
  offered: readonly AudienceFilter[],
): Record<string, string> {
  const next: Record<string, string> = { ...form };
  const added = new Set(chosenFilters(form, offered).map((filter) => filter.key));
  const adding = offered.find((filter) => filter.key === form.add);
  // A filter found and added: the search has done its work.
  if (adding) {
    added.add(adding.key);
    delete next.find;
  }
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

/**
 * A saved draft's filters back as the new-study form's fields, for a new study started from it:
 * lists as their option ids, ranges as their bounds, states and cities by name.
 */
export function filtersAsForm(
  filters: readonly Record<string, unknown>[],
  optionName: (slug: string, id: string) => string | undefined,
): Record<string, string> {
  const form: Record<string, string> = {};
  const added: string[] = [];
  for (const filter of filters) {
    for (const [slug, condition] of Object.entries(filter)) {
      const rule = (condition ?? {}) as Record<string, unknown>;
      if (slug === STATE || slug === CITY) {
        const key = slug === STATE ? 'places.states' : 'places.cities';
        const ids = (rule.$in ?? []) as unknown[];
        form[key] = ids.map((id) => optionName(slug, String(id)) ?? String(id)).join(', ');
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
