import { type Html, html } from '../../platform/web/html.ts';
import { REJECTION_CATEGORIES } from '../../submissions/index.ts';
import { csrfField } from '../layout.ts';
import type { Viewer } from '../session.ts';
import type { BarField, BarProblems } from './bulk-problems.ts';
import { fieldBlock, formProblems } from './field-block.ts';
import { CATEGORY_LABELS } from './review.ts';

/** What the bar can do to the chosen submissions, each through the API's own use case. */
const ACTIONS = [
  { value: 'approve', label: 'Approve and pay' },
  { value: 'reject', label: 'Reject' },
  { value: 'bonus', label: 'Pay a bonus' },
  { value: 'message', label: 'Send a message' },
] as const;

/** A refused bulk decision, drawn again: what was typed and ticked, and the problems. */
export interface BarAttempt {
  form: Record<string, string>;
  message: string;
  problems: BarProblems;
}

/**
 * One action bar for the ticked rows of the submissions table (docs/decisions/
 * 0183-review-at-a-glance.md). Its body (the actions and their fields) shows once a row is ticked
 * or "every submission awaiting review" is, and each action's fields only while it is chosen:
 * review.css does both with `:has()`, so it works without JavaScript, and a browser without
 * `:has()` shows every field, as before. The rows' checkboxes belong to this form through their
 * `form` attribute.
 */
export function reviewActionBar(input: {
  viewer: Viewer;
  opportunityId: string;
  back: string;
  awaiting: number;
  attempt?: BarAttempt;
  /** Ticked in the refused attempt but not among the rows shown now: kept, and said. */
  tickedElsewhere?: readonly string[];
}): Html {
  const form = input.attempt?.form ?? {};
  const problems = input.attempt?.problems;
  const said = (field: BarField) => problems?.[field] ?? [];
  const chosen = form.decision;
  const text =
    (name: string, id: string, extra: Html | '' = '') =>
    (attributes: Html) =>
      html`<input id="${id}" name="${name}" value="${form[name] ?? ''}"${extra}${attributes}>`;
  return html`<form id="bulk-review" method="post" action="/dashboard/studies/${encodeURIComponent(input.opportunityId)}/submissions/bulk" class="action-bar" aria-labelledby="bar-heading" data-confirm="Apply this to every chosen submission? Approving and bonuses pay each participant.">
    ${csrfField(input.viewer)}
    <input type="hidden" name="_back" value="${input.back}">
    <h3 id="bar-heading" class="visually-hidden">Act on the chosen submissions</h3>
    ${input.attempt ? formProblems(input.attempt.message, input.attempt.problems.other) : ''}
    <div class="bar-head">
      <p class="bar-count" data-chosen-count aria-live="polite">Tick submissions in the table to act on them.</p>
      <span class="choice"><input type="checkbox" id="scope-all" name="scope" value="all"${form.scope === 'all' ? html` checked` : ''}${said('ids').length ? html` aria-describedby="ids-problems"` : ''}><label for="scope-all">or act on every submission awaiting review (${input.awaiting})</label></span>
      ${(input.tickedElsewhere ?? []).map(
        (id) =>
          html`<span class="choice"><input type="checkbox" name="ids" value="${id}" id="kept-${id}" checked><label for="kept-${id}">also ticked: <code class="id">${id}</code></label></span>`,
      )}
      ${said('ids').length ? html`<p class="problem" id="ids-problems">${said('ids').join('; ')}</p>` : ''}
    </div>
    <div class="bar-body">
      <fieldset class="choice-row"${said('decision').length ? html` aria-describedby="decision-problems"` : ''}><legend>Action</legend>
        ${ACTIONS.map(
          (action) =>
            html`<span class="choice"><input type="radio" id="action-${action.value}" name="decision" value="${action.value}"${chosen === action.value ? html` checked` : ''}><label for="action-${action.value}">${action.label}</label></span>`,
        )}
        ${said('decision').length ? html`<p class="problem" id="decision-problems">${said('decision').join('; ')}</p>` : ''}
      </fieldset>
      <div class="action-fields" data-action="approve">
        <p class="hint">Each chosen submission awaiting review is approved and its participant paid; any other is left as it is, and the page says which.</p>
      </div>
      <div class="action-fields" data-action="reject">
        ${fieldBlock({
          id: 'bulk-category',
          label: 'Rejection category',
          problems: said('rejection_category'),
          control: (
            attributes,
          ) => html`<select id="bulk-category" name="rejection_category"${attributes}>
            <option value="">Choose a reason…</option>
            ${REJECTION_CATEGORIES.map((c) => html`<option value="${c}"${form.rejection_category === c ? html` selected` : ''}>${CATEGORY_LABELS[c]}</option>`)}
          </select>`,
        })}
        ${fieldBlock({
          id: 'bulk-reason',
          label: 'Reason',
          hint: 'Every participant rejected reads it; it is the only record of why the work went unpaid.',
          problems: said('rejection_reason'),
          control: (attributes) =>
            html`<textarea id="bulk-reason" name="rejection_reason" rows="2" maxlength="5000"${attributes}>${form.rejection_reason ?? ''}</textarea>`,
        })}
      </div>
      <div class="action-fields" data-action="bonus">
        ${fieldBlock({
          id: 'bulk-bonus',
          label: 'Bonus for each (USD)',
          problems: said('bonus_amount'),
          control: text(
            'bonus_amount',
            'bulk-bonus',
            html` inputmode="decimal" placeholder="2.50"`,
          ),
        })}
        ${fieldBlock({
          id: 'bulk-bonus-reason',
          label: 'Why',
          hint: 'The participant reads it.',
          problems: said('bonus_reason'),
          control: text('bonus_reason', 'bulk-bonus-reason', html` maxlength="500"`),
        })}
      </div>
      <div class="action-fields" data-action="message">
        ${fieldBlock({
          id: 'bulk-message',
          label: 'Message',
          hint: 'Plain text, to each ticked participant.',
          problems: said('message_body'),
          control: (attributes) =>
            html`<textarea id="bulk-message" name="message_body" rows="3" maxlength="5000"${attributes}>${form.message_body ?? ''}</textarea>`,
        })}
      </div>
      <button type="submit" class="primary">Apply to the chosen</button>
    </div>
  </form>`;
}
