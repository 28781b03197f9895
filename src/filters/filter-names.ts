import { type AnyLocale, intlLocale, PSEUDO_LOCALE } from '../platform/i18n/locales.ts';
import { accent, PSEUDO_CLOSE, PSEUDO_OPEN } from '../platform/i18n/pseudo.ts';
import type { FilterCategory } from './catalog.ts';
import { filterNameTexts } from './locales/names/index.ts';

/**
 * The filter catalog as a participant reads it (docs/participant-app.md, "Profile"): the names of
 * filters, fixed options and categories from src/filters/locales/names/, countries from the
 * runtime's own region names. The API's catalog is not touched: GET /v2/filters stays English.
 */
type NameKey = Parameters<typeof filterNameTexts.text>[1];

function said(locale: AnyLocale, key: string): string | undefined {
  return key in filterNameTexts.messages.en
    ? filterNameTexts.text(locale, key as NameKey)
    : undefined;
}

/** A filter's name (`multi_select--seniority`), or `fallback` for one the catalog lacks. */
export function filterLabel(locale: AnyLocale, slug: string, fallback: string): string {
  return said(locale, slug) ?? fallback;
}

/** An option of a fixed list (`senior` of `multi_select--seniority`), or `fallback`. */
export function filterOptionLabel(
  locale: AnyLocale,
  slug: string,
  optionId: string,
  fallback: string,
): string {
  return said(locale, `${slug}.${optionId}`) ?? fallback;
}

/** A category's heading ("Professional"). */
export function filterCategoryLabel(locale: AnyLocale, category: FilterCategory): string {
  return said(locale, `category.${category}`) ?? category;
}

/** Whether the names catalog has a filter's name, or an option's when `optionId` is given. */
export function hasFilterLabel(slug: string, optionId?: string): boolean {
  return (optionId === undefined ? slug : `${slug}.${optionId}`) in filterNameTexts.messages.en;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country (an ISO 3166-1 alpha-2 option id) in the reader's language, as the runtime's CLDR data
 * names it; `fallback` (the catalog's English) for an id it does not know. The pseudo-locale
 * accents the English name, as it does every message, so a test sees it was looked up.
 */
export function countryLabel(locale: AnyLocale, countryId: string, fallback: string): string {
  const language = intlLocale(locale);
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames(language, { type: 'region', fallback: 'none' });
    regionNames.set(language, names);
  }
  let name: string | undefined;
  try {
    name = names.of(countryId);
  } catch {
    name = undefined;
  }
  const found = name ?? fallback;
  return locale === PSEUDO_LOCALE ? `${PSEUDO_OPEN}${accent(found)}${PSEUDO_CLOSE}` : found;
}
