import type { ParticipantRow } from '../participants/index.ts';
import type { AnyLocale } from '../platform/i18n/locales.ts';
import { intlLocale, LANGUAGE_NAMES, LOCALES, PSEUDO_LOCALE } from '../platform/i18n/locales.ts';
import { flashBox, tokenField } from '../platform/web/form-parts.ts';
import type { Flash } from '../platform/web/forms.ts';
import { type Html, html, type Renderable } from '../platform/web/html.ts';
import { assetPath } from './assets.ts';
import { shellTexts } from './locales/shell/index.ts';

export interface Shell {
  /** The language the page speaks: `<html lang>` and every text from the catalogs. */
  locale: AnyLocale;
  title: string;
  /** The signed-in participant and their form token; absent on the sign-in pages. */
  participant?: ParticipantRow;
  csrf?: string;
  section?: 'studies' | 'work' | 'earnings' | 'profile';
  flash?: Flash;
  /** Where the language switcher brings the reader back to; the page it was on by default. */
  path?: string;
  body: Renderable;
}

const SECTIONS = [
  ['studies', 'navStudies', '/participate'],
  ['work', 'navWork', '/participate/submissions'],
  ['earnings', 'navEarnings', '/participate/earnings'],
  ['profile', 'navProfile', '/participate/profile'],
] as const;

/** The session's token field; every form of a signed-in participant carries it. */
export const csrfField = tokenField;

/**
 * The language switcher, on every page signed in or not: one button per language, each named in
 * itself. Signed in, the choice is the participant's `language`; signed out, a cookie remembers it
 * (src/participate/pages/language.ts).
 */
function languageSwitcher(shell: Shell): Html {
  const say = shellTexts.say(shell.locale);
  return html`<form class="languages" method="post" action="/participate/language" aria-label="${say('languageNavigation')}">
    ${shell.csrf ? csrfField(shell.csrf) : ''}
    ${shell.path ? html`<input type="hidden" name="next" value="${shell.path}">` : ''}
    ${LOCALES.map(
      (locale) =>
        html`<button type="submit" name="language" value="${locale}" lang="${locale}" class="link"${locale === intlLocale(shell.locale) && shell.locale !== PSEUDO_LOCALE ? html` aria-current="true"` : ''}>${LANGUAGE_NAMES[locale]}</button>`,
    )}
  </form>`;
}

function header(shell: Shell): Html {
  const say = shellTexts.say(shell.locale);
  if (!shell.participant || !shell.csrf) {
    return html`<header class="top"><a class="brand" href="/">Cohort</a>${languageSwitcher(shell)}</header>`;
  }
  return html`<header class="top">
    <a class="brand" href="/participate">Cohort</a>
    ${languageSwitcher(shell)}
    <nav aria-label="${say('mainNavigation')}">
      <ul>${SECTIONS.map(
        ([key, label, href]) =>
          html`<li><a href="${href}"${shell.section === key ? html` aria-current="page"` : ''}>${say(label)}</a></li>`,
      )}</ul>
    </nav>
    <form method="post" action="/participate/sign-out" class="sign-out">
      ${csrfField(shell.csrf)}
      <button type="submit" class="link">${say('signOut')}</button>
    </form>
  </header>`;
}

/** The participant app's page: mobile first, one column, the navigation wrapping under the name. */
export function participantPage(shell: Shell): Html {
  const say = shellTexts.say(shell.locale);
  return html`<!doctype html>
<html lang="${shell.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.title} · Cohort</title>
<link rel="stylesheet" href="${assetPath('participate.css')}">
<script src="${assetPath('participate.js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">${say('skipToContent')}</a>
${header(shell)}
<main id="main">
<h1>${shell.title}</h1>
${flashBox(shell.flash)}
${shell.body}
</main>
</body>
</html>`;
}
