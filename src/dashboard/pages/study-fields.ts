import type { Issue } from '../../platform/errors.ts';
import { type Html, html } from '../../platform/web/html.ts';

/**
 * The problems of the fields named by `prefixes`, in the API's words; a problem of the field
 * itself loses its "field: " prefix, as it is shown beside the field.
 */
export function problemsFor(issues: readonly Issue[], prefixes: readonly string[]): string[] {
  return issues
    .map((issue) => issue.message.replace(/^body\./, ''))
    .filter((message) => prefixes.some((prefix) => message.startsWith(prefix)))
    .map((message) => {
      const own = prefixes.find((prefix) => message.startsWith(`${prefix}: `));
      return own ? message.slice(own.length + 2) : message;
    });
}

/** A labelled control with its hint and, beside it, its problems. */
export function field(
  name: string,
  label: string,
  control: Html,
  problems: readonly string[],
  hint?: string,
): Html {
  return html`<div class="field">
    <label for="${name}">${label}</label>
    ${control}
    ${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}
    ${problems.length ? html`<p class="problem" id="${name}-problems">${problems.join('; ')}</p>` : ''}
  </div>`;
}

/** The attributes that tie a control to its problems, when it has any. */
export const invalidIf = (name: string, problems: readonly string[]) =>
  problems.length ? html` aria-invalid="true" aria-describedby="${name}-problems"` : html``;
