/**
 * Server-rendered HTML with escaping by default: every value interpolated into an `html` template
 * is escaped unless it is itself an `Html` (another template, or `raw` markup the code wrote).
 * Arrays are joined; null, undefined and false render as nothing, so `${cond && html`...`}` works.
 */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export type Renderable =
  | Html
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly Renderable[];

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

/** Markup the code itself produced (an SVG path, a constant); never user input. */
export function raw(markup: string): Html {
  return new Html(markup);
}
