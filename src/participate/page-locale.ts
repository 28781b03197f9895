import {
  type AnyLocale,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  languageFromAcceptLanguage,
  localeFromAcceptLanguage,
  PSEUDO_LOCALE,
} from '../platform/i18n/locales.ts';

/** Remembers a signed-out visitor's choice from the switcher, for the front door too. */
export const LANGUAGE_COOKIE = 'cohort_language';

/**
 * The language a participant page speaks (docs/participant-app.md, "Languages"): a signed-in
 * participant's own; signed out, the switcher's remembered choice, else the browser's
 * Accept-Language, else English. Tests may ask for the pseudo-locale over all of these.
 */
export function pageLocale(input: {
  acceptLanguage: string | undefined;
  cookie: string | undefined;
  participantLanguage: Locale | undefined;
  pseudoAllowed: boolean;
}): AnyLocale {
  if (
    input.pseudoAllowed &&
    localeFromAcceptLanguage(input.acceptLanguage, { pseudo: true }) === PSEUDO_LOCALE
  ) {
    return PSEUDO_LOCALE;
  }
  if (input.participantLanguage) return input.participantLanguage;
  if (isLocale(input.cookie)) return input.cookie;
  return languageFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
