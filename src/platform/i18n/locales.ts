import { match } from '@formatjs/intl-localematcher';

/**
 * The languages participants read Cohort in (docs/decisions/0162-participant-languages.md). A
 * catalog is complete in each of them; a test fails on a missing key.
 */
export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The pseudo-locale: English with every letter accented and each message bracketed, so a test can
 * tell text that went through a catalog from text that did not. Only servers started with
 * PSEUDO_LOCALE=1 (the tests') ever answer in it.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a switcher shows it to someone who reads only that one. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The tags of an Accept-Language header, most wanted first (RFC 9110, section 12.5.4). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; q: number; order: number }[] = [];
  for (const [order, part] of header.split(',').entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    ranked.push({ tag, q, order });
  }
  return ranked.sort((a, b) => b.q - a.q || a.order - b.order).map((r) => r.tag);
}

/**
 * The shipped language that best serves an Accept-Language header, through FormatJS's locale
 * matcher ("de-AT" reads German, "fr-CA" French); undefined when none of them is asked for, so
 * the caller decides the fallback.
 */
export function languageFromAcceptLanguage(header: string | undefined): Locale | undefined {
  const usable = acceptedLanguages(header).filter((tag) => tag !== '*');
  if (!usable.length) return undefined;
  const found = match(usable, LOCALES, '', { algorithm: 'best fit' });
  return isLocale(found) ? found : undefined;
}

/** As languageFromAcceptLanguage, and the pseudo-locale when it is first and `pseudo` allows it. */
export function localeFromAcceptLanguage(
  header: string | undefined,
  options: { pseudo?: boolean } = {},
): AnyLocale | undefined {
  if (
    options.pseudo &&
    acceptedLanguages(header)[0]?.toLowerCase() === PSEUDO_LOCALE.toLowerCase()
  ) {
    return PSEUDO_LOCALE;
  }
  return languageFromAcceptLanguage(header);
}

/** The locale `Intl` formats numbers and dates in: the pseudo-locale formats as English. */
export function intlLocale(locale: AnyLocale): Locale {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}
