import { flashBox, tokenField } from '../platform/web/form-parts.ts';
import { type Html, html, type Renderable } from '../platform/web/html.ts';
import { assetPath } from './assets.ts';
import { can, type Flash, type Viewer } from './session.ts';

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageOptions {
  title: string;
  viewer?: Viewer;
  /** Which main section is current, for aria-current in the navigation. */
  section?: 'home' | 'projects' | 'studies' | 'labs' | 'finance' | 'feasibility' | 'settings';
  crumbs?: Crumb[];
  flash?: Flash;
  /** Shown under the heading, beside the title (badges, a short summary). */
  subtitle?: Renderable;
  /** Tabs of a study, under the heading. */
  tabs?: Html;
  body: Renderable;
}

const SECTIONS = [
  ['home', 'Home', '/dashboard'],
  ['projects', 'Projects', '/dashboard/projects'],
  ['studies', 'Studies', '/dashboard/studies'],
  ['labs', 'Labs', '/dashboard/labs'],
  ['finance', 'Finance', '/dashboard/finance'],
  ['settings', 'Settings', '/dashboard/settings/team'],
] as const;

/** The hidden form field every form carries: the session's synchronizer token. */
export function csrfField(viewer: Viewer): Html {
  return tokenField(viewer.session.csrf_token);
}

function header(viewer: Viewer | undefined, section: PageOptions['section']) {
  if (!viewer) {
    return html`<header class="top"><a class="brand" href="/dashboard">Cohort</a></header>`;
  }
  return html`<header class="top">
    <a class="brand" href="/dashboard">Cohort</a>
    <span class="org-name">${viewer.organization.name}</span>
    <nav class="main-nav" aria-label="Main">
      <ul>${SECTIONS.map(
        ([key, label, href]) =>
          html`<li><a href="${href}"${section === key ? html` aria-current="page"` : ''}>${label}</a></li>`,
      )}</ul>
    </nav>
    <div class="who">
      <span>${viewer.session.label}</span>
      <span class="role" title="${can(viewer, 'write') ? 'can act' : 'can look, not act'}">${viewer.session.role}</span>
      <form method="post" action="/dashboard/sign-out" class="inline">
        ${csrfField(viewer)}
        <button type="submit" class="link">Sign out</button>
      </form>
    </div>
  </header>`;
}

export function page(options: PageOptions): Html {
  const orgName = options.viewer ? ` · ${options.viewer.organization.name}` : '';
  const crumbs = options.crumbs?.length
    ? html`<nav class="crumbs" aria-label="Breadcrumb"><ol>${options.crumbs.map((crumb) =>
        crumb.href
          ? html`<li><a href="${crumb.href}">${crumb.label}</a></li>`
          : html`<li>${crumb.label}</li>`,
      )}</ol></nav>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}${orgName} · Cohort</title>
<link rel="stylesheet" href="${assetPath('dashboard.css')}">
<script src="${assetPath('dashboard.js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(options.viewer, options.section)}
<main id="main">
${crumbs}
<div class="page-head">
  <h1>${options.title}</h1>
  ${options.subtitle ? html`<div class="subtitle">${options.subtitle}</div>` : ''}
</div>
${options.tabs ?? ''}
${flashBox(options.flash)}
${options.body}
</main>
</body>
</html>`;
}
