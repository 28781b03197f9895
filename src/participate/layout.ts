import type { ParticipantRow } from '../participants/index.ts';
import { flashBox, tokenField } from '../platform/web/form-parts.ts';
import type { Flash } from '../platform/web/forms.ts';
import { type Html, html, type Renderable } from '../platform/web/html.ts';
import { assetPath } from './assets.ts';

export interface Shell {
  title: string;
  /** The signed-in participant and their form token; absent on the sign-in pages. */
  participant?: ParticipantRow;
  csrf?: string;
  section?: 'studies' | 'work' | 'earnings' | 'profile';
  flash?: Flash;
  body: Renderable;
}

const SECTIONS = [
  ['studies', 'Studies', '/participate'],
  ['work', 'My work', '/participate/submissions'],
  ['earnings', 'Earnings', '/participate/earnings'],
  ['profile', 'Profile', '/participate/profile'],
] as const;

/** The session's token field; every form of a signed-in participant carries it. */
export const csrfField = tokenField;

function header(shell: Shell): Html {
  if (!shell.participant || !shell.csrf) {
    return html`<header class="top"><a class="brand" href="/">Cohort</a></header>`;
  }
  return html`<header class="top">
    <a class="brand" href="/participate">Cohort</a>
    <nav aria-label="Main">
      <ul>${SECTIONS.map(
        ([key, label, href]) =>
          html`<li><a href="${href}"${shell.section === key ? html` aria-current="page"` : ''}>${label}</a></li>`,
      )}</ul>
    </nav>
    <form method="post" action="/participate/sign-out" class="sign-out">
      ${csrfField(shell.csrf)}
      <button type="submit" class="link">Sign out</button>
    </form>
  </header>`;
}

/** The participant app's page: mobile first, one column, the navigation wrapping under the name. */
export function participantPage(shell: Shell): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.title} · Cohort</title>
<link rel="stylesheet" href="${assetPath('participate.css')}">
<script src="${assetPath('participate.js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(shell)}
<main id="main">
<h1>${shell.title}</h1>
${flashBox(shell.flash)}
${shell.body}
</main>
</body>
</html>`;
}
