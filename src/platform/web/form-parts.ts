import type { Flash } from './forms.ts';
import { type Html, html } from './html.ts';

/** The hidden field every form of a session carries: its synchronizer token. */
export function tokenField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

/** A notice or an error with its problems, announced to screen readers as status or alert. */
export function flashBox(flash: Flash | undefined): Html | '' {
  if (!flash) return '';
  const role = flash.kind === 'error' ? 'alert' : 'status';
  return html`<div class="flash flash-${flash.kind}" role="${role}">
    <p>${flash.message}</p>
    ${flash.issues?.length ? html`<ul>${flash.issues.map((issue) => html`<li>${issue}</li>`)}</ul>` : ''}
  </div>`;
}
