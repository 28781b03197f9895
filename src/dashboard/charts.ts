import { escapeHtml, type Html, html, raw } from '../platform/web/html.ts';

export interface Bar {
  label: string;
  value: number;
  /** A target drawn as a marker on the bar's track (quota targets). */
  target?: number;
  /** Text at the end of the row; the value by default. */
  note?: string;
  /** What a screen reader says for the row; "label: note (target …)" by default. */
  description?: string;
}

/** Full width fits a page-wide card; compact fits a half-width card at the same text size. */
const LAYOUTS = {
  full: { width: 720, label: 220, note: 130, clip: 30 },
  compact: { width: 460, label: 150, note: 80, clip: 18 },
} as const;
const ROW_HEIGHT = 30;
const BAR_HEIGHT = 16;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

let chartSequence = 0;

/**
 * A horizontal bar chart as inline SVG, drawn on the server: no script, no external file, and it
 * scales with the page. The title and a text description make it readable by screen readers; the
 * same numbers are also in the table beside it for anyone who would rather read.
 */
export function barChart(input: {
  title: string;
  bars: readonly Bar[];
  max?: number;
  layout?: keyof typeof LAYOUTS;
}): Html {
  if (input.bars.length === 0) return html``;
  const id = `chart-${++chartSequence}`;
  const max = Math.max(
    1,
    input.max ?? 0,
    ...input.bars.map((bar) => Math.max(bar.value, bar.target ?? 0)),
  );
  const layout = LAYOUTS[input.layout ?? 'full'];
  const WIDTH = layout.width;
  const LABEL_WIDTH = layout.label;
  const NOTE_WIDTH = layout.note;
  const track = WIDTH - LABEL_WIDTH - NOTE_WIDTH;
  const height = input.bars.length * ROW_HEIGHT + 8;
  const rows = input.bars.map((bar, index) => {
    const y = 4 + index * ROW_HEIGHT;
    const barY = y + (ROW_HEIGHT - BAR_HEIGHT) / 2;
    const width = Math.round((Math.max(0, bar.value) / max) * track);
    const reached = bar.target !== undefined && bar.value >= bar.target;
    const target =
      bar.target !== undefined
        ? `<line class="chart-target" x1="${LABEL_WIDTH + Math.round((bar.target / max) * track)}" x2="${LABEL_WIDTH + Math.round((bar.target / max) * track)}" y1="${barY - 4}" y2="${barY + BAR_HEIGHT + 4}"/>`
        : '';
    return `<g>
<text class="chart-label" x="${LABEL_WIDTH - 10}" y="${y + ROW_HEIGHT / 2}" text-anchor="end" dominant-baseline="middle">${escapeHtml(clip(bar.label, layout.clip))}</text>
<rect class="chart-track" x="${LABEL_WIDTH}" y="${barY}" width="${track}" height="${BAR_HEIGHT}" rx="3"/>
<rect class="chart-bar${reached ? ' chart-bar-done' : ''}" x="${LABEL_WIDTH}" y="${barY}" width="${width}" height="${BAR_HEIGHT}" rx="3"/>
${target}
<text class="chart-note" x="${WIDTH - NOTE_WIDTH + 10}" y="${y + ROW_HEIGHT / 2}" dominant-baseline="middle">${escapeHtml(bar.note ?? String(bar.value))}</text>
</g>`;
  });
  const description = input.bars
    .map(
      (bar) =>
        bar.description ??
        `${bar.label}: ${bar.note ?? bar.value}${bar.target !== undefined ? ` (target ${bar.target})` : ''}`,
    )
    .join('; ');
  return html`<figure class="chart chart-${input.layout ?? 'full'}">
<svg viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" preserveAspectRatio="xMinYMin meet">
<title id="${id}-title">${input.title}</title>
<desc id="${id}-desc">${description}</desc>
${raw(rows.join('\n'))}
</svg>
</figure>`;
}
