import { type Html, html } from '../../platform/web/html.ts';

/**
 * One labelled control with its hint and its problems beside it, the problems tied to the control
 * by aria-describedby so a screen reader says them with it. `control` gets the attributes from
 * `described(id, problems)`.
 */
export function fieldBlock(input: {
  id: string;
  label: string;
  control: (attributes: Html) => Html;
  problems?: readonly string[];
  hint?: string;
}): Html {
  const problems = input.problems ?? [];
  const ids = [
    ...(input.hint ? [`${input.id}-hint`] : []),
    ...(problems.length ? [`${input.id}-problems`] : []),
  ];
  const attributes = html`${ids.length ? html` aria-describedby="${ids.join(' ')}"` : ''}${problems.length ? html` aria-invalid="true"` : ''}`;
  return html`<div class="field">
    <label for="${input.id}">${input.label}</label>
    ${input.control(attributes)}
    ${input.hint ? html`<p class="hint" id="${input.id}-hint">${input.hint}</p>` : ''}
    ${problems.length ? html`<p class="problem" id="${input.id}-problems">${problems.join('; ')}</p>` : ''}
  </div>`;
}

/** Problems that belong to no field, above the form. */
export function formProblems(message: string | undefined, other: readonly string[]): Html | '' {
  if (!message) return '';
  return html`<div class="flash flash-error" role="alert"><p>${message}</p>${other.length ? html`<ul>${other.map((issue) => html`<li>${issue}</li>`)}</ul>` : ''}</div>`;
}

let zones: string[] | undefined;
/** Every IANA time zone this runtime knows, UTC first. */
export function timeZoneNames(): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones;
}

export function timeZoneSelect(id: string, name: string, selected: string, attributes: Html): Html {
  return html`<select id="${id}" name="${name}"${attributes}>${timeZoneNames().map(
    (zone) =>
      html`<option value="${zone}"${zone === selected ? html` selected` : ''}>${zone.replaceAll('_', ' ')}</option>`,
  )}</select>`;
}
