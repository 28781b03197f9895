import type { AudienceSize } from '../../audience/index.ts';
import { type Html, html, type Renderable } from '../../platform/web/html.ts';
import type { StepKey } from './builder-steps.ts';
import { stepLabel } from './builder-steps.ts';

/** Something the study still lacks, and where it is set: a link, or a new-study form's button. */
export interface Missing {
  label: string;
  step?: StepKey;
  href?: string;
  /** The id of the new-study form, whose step button goes there with the values typed. */
  form?: string;
}

function missingItem(item: Missing): Html {
  const where = item.step ? ` (${stepLabel(item.step)})` : '';
  if (item.href) return html`<li><a href="${item.href}">${item.label}${where}</a></li>`;
  if (item.form && item.step) {
    return html`<li><button type="submit" class="link" name="go" value="${item.step}" form="${item.form}">${item.label}${where}</button></li>`;
  }
  return html`<li>${item.label}${where}</li>`;
}

/**
 * The summary beside every step: the price, the audience count and what is still missing before
 * the launch; `optional` lists what the study may do without.
 */
export function builderSummary(input: {
  price: Renderable;
  audience: Renderable;
  missing: readonly Missing[];
  optional?: readonly Missing[];
  /** Said when nothing is missing. */
  ready: string;
}): Html {
  return html`<section class="builder-summary card" aria-labelledby="summary-heading">
    <h2 id="summary-heading">Summary</h2>
    <dl class="summary-figures">
      <dt>Price</dt><dd>${input.price}</dd>
      <dt>Audience</dt><dd>${input.audience}</dd>
    </dl>
    <h3 class="summary-subhead">Still missing</h3>
    ${
      input.missing.length === 0
        ? html`<p class="summary-ready">${input.ready}</p>`
        : html`<ul class="summary-missing">${input.missing.map(missingItem)}</ul>`
    }
    ${
      input.optional?.length
        ? html`<h3 class="summary-subhead">Not set (optional)</h3><ul class="summary-optional">${input.optional.map(missingItem)}</ul>`
        : ''
    }
  </section>`;
}

/** The audience count in words; below the privacy floor, only that it is below. */
export function audienceWords(size: AudienceSize | undefined): string {
  if (!size) return 'The filters are not complete yet.';
  return size.count === null
    ? `Fewer than ${size.fewer_than} panel participants match right now.`
    : `${size.count.toLocaleString('en-US')} panel participants match right now.`;
}
