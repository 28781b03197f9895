import { LANGUAGE_NAMES } from '../../src/platform/i18n/locales.ts';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../src/platform/i18n/pseudo.ts';

/** Text on every page that no catalog holds: the service's name and the switcher's endonyms. */
const NOT_TRANSLATED = ['Cohort', ...Object.values(LANGUAGE_NAMES)];

/**
 * English left on a page rendered in the pseudo-locale (src/platform/i18n/pseudo.ts): every
 * catalog message comes out accented and bracketed, so what is left once the bracketed parts are
 * removed is text that did not go through a catalog. A run of two or more plain ASCII words is
 * reported; `allow` lists texts the test itself wrote (a study's title, a participant's name).
 * The service's name and the language switcher's names are always allowed.
 */
export function untranslatedText(text: string, allow: readonly string[] = []): string[] {
  let rest = text;
  for (const known of [...NOT_TRANSLATED, ...allow]) rest = rest.split(known).join(' ');
  let outside = '';
  let depth = 0;
  for (const char of rest) {
    if (char === PSEUDO_OPEN) depth += 1;
    else if (char === PSEUDO_CLOSE) depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += char;
  }
  return [...outside.matchAll(/[A-Za-z]{2,}(?:[ \t,;:'’-]+[A-Za-z]{2,})+/g)].map((m) => m[0]);
}

/** Catalog keys shown raw: the words of a key ("navStudies", "form.expired") never reach a page. */
export function rawKeys(text: string): string[] {
  return [...text.matchAll(/\b[a-z]+(?:[A-Z][a-z]+)+\b|\b[a-z]+\.[a-z]+[A-Z][A-Za-z]*\b/g)].map(
    (m) => m[0],
  );
}
