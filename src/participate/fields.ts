import { type Html, html, type Renderable } from '../platform/web/html.ts';

/**
 * Form fields with their problems beside them: the message is tied to the input by
 * aria-describedby and the input is marked invalid, so a screen reader says both.
 */
export interface FieldOptions {
  name: string;
  label: string;
  value?: string;
  type?: string;
  problems?: readonly string[];
  hint?: string;
  /** Extra attributes, written by the code (autocomplete, required, min...). */
  attributes?: Html;
}

function described(options: FieldOptions): { ids: string; help: Html | '' } {
  const ids: string[] = [];
  const parts: Html[] = [];
  if (options.hint) {
    ids.push(`${options.name}-hint`);
    parts.push(html`<p class="hint" id="${options.name}-hint">${options.hint}</p>`);
  }
  if (options.problems?.length) {
    ids.push(`${options.name}-problems`);
    parts.push(
      html`<p class="problem" id="${options.name}-problems">${options.problems.join('; ')}</p>`,
    );
  }
  return { ids: ids.join(' '), help: parts.length ? html`${parts}` : '' };
}

function invalid(options: FieldOptions, ids: string): Html {
  return html`${ids ? html` aria-describedby="${ids}"` : ''}${options.problems?.length ? html` aria-invalid="true"` : ''}`;
}

export function inputField(options: FieldOptions): Html {
  const { ids, help } = described(options);
  return html`<div class="field">
    <label for="${options.name}">${options.label}</label>
    <input id="${options.name}" name="${options.name}" type="${options.type ?? 'text'}" value="${options.value ?? ''}"${invalid(options, ids)}${options.attributes ?? ''}>
    ${help}
  </div>`;
}

export function selectField(
  options: FieldOptions & { choices: readonly { value: string; label: string }[]; blank?: string },
): Html {
  const { ids, help } = described(options);
  return html`<div class="field">
    <label for="${options.name}">${options.label}</label>
    <select id="${options.name}" name="${options.name}"${invalid(options, ids)}${options.attributes ?? ''}>
      ${options.blank !== undefined ? html`<option value="">${options.blank}</option>` : ''}
      ${options.choices.map(
        (choice) =>
          html`<option value="${choice.value}"${choice.value === options.value ? html` selected` : ''}>${choice.label}</option>`,
      )}
    </select>
    ${help}
  </div>`;
}

/** A group of checkboxes (or radios) under one legend. */
export function choiceGroup(options: {
  name: string;
  legend: Renderable;
  type: 'checkbox' | 'radio';
  choices: readonly { value: string; label: string }[];
  checked: ReadonlySet<string>;
  problems?: readonly string[];
  className?: string;
}): Html {
  const problemId = `${options.name}-problems`;
  return html`<fieldset class="${options.className ?? 'choices'}"${options.problems?.length ? html` aria-describedby="${problemId}"` : ''}>
    <legend>${options.legend}</legend>
    ${options.choices.map((choice, index) => {
      const id = `${options.name}-${index}`;
      return html`<div class="choice"><input type="${options.type}" id="${id}" name="${options.name}" value="${choice.value}"${options.checked.has(choice.value) ? html` checked` : ''}><label for="${id}">${choice.label}</label></div>`;
    })}
    ${options.problems?.length ? html`<p class="problem" id="${problemId}">${options.problems.join('; ')}</p>` : ''}
  </fieldset>`;
}
