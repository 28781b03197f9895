import { type Html, html, type Renderable } from '../../platform/web/html.ts';

/**
 * The study builder's five steps (docs/decisions/0182-builder-in-steps.md): before the draft is
 * saved, Brief and Audience are parts of one form on the new-study page; once it is saved, each
 * step is a page of the draft, and "Review and launch" is the builder (the draft's
 * `links.dashboard.draft_editor`).
 */
export type StepKey = 'brief' | 'audience' | 'screener' | 'tasks' | 'review';

export const STEPS: readonly (readonly [StepKey, string])[] = [
  ['brief', 'Brief'],
  ['audience', 'Audience'],
  ['screener', 'Screener'],
  ['tasks', 'Tasks'],
  ['review', 'Review and launch'],
];

export const stepLabel = (key: StepKey) => STEPS.find(([step]) => step === key)![1];

/** The page of each step of a saved draft. */
export function draftStepPath(opportunityId: string, step: StepKey): string {
  const base = `/dashboard/studies/${encodeURIComponent(opportunityId)}`;
  return {
    brief: `${base}/brief`,
    audience: `${base}/audience`,
    screener: `${base}/screener`,
    tasks: `${base}/tasks`,
    review: `${base}/builder`,
  }[step];
}

/**
 * How a step is reached from the navigation: a link (a saved draft's pages), a button of the
 * new-study form (its values travel with it), or not yet (after the draft is saved).
 */
export type StepTarget = { href: string } | { button: string } | { later: string };

/**
 * The numbered steps, the current one marked for assistive technology and by its style; none is
 * current on a draft's page that is no step (its lab sessions).
 */
export function stepNav(current: StepKey | undefined, target: (step: StepKey) => StepTarget): Html {
  return html`<nav class="steps" aria-label="Study steps"><ol>${STEPS.map(([key, label], index) => {
    const to = target(key);
    const mark = key === current ? html` aria-current="step"` : '';
    const number = html`<span class="step-number" aria-hidden="true">${index + 1}</span>`;
    if (key === current) {
      return html`<li class="step step-current"><span${mark}>${number} ${label}</span></li>`;
    }
    if ('href' in to) {
      return html`<li class="step"><a href="${to.href}">${number} ${label}</a></li>`;
    }
    if ('button' in to) {
      return html`<li class="step"><button type="submit" class="step-button" name="go" value="${key}" form="${to.button}">${number} ${label}</button></li>`;
    }
    return html`<li class="step step-later"><span>${number} ${label} <span class="step-note">${to.later}</span></span></li>`;
  })}</ol></nav>`;
}

/**
 * A step's page: the summary first in the document (so it comes first on a narrow screen, before
 * the step's fields), beside the step and in view as one scrolls on a wide one (builder.css).
 */
export function stepFrame(summary: Renderable, main: Renderable): Html {
  return html`<div class="builder-frame">${summary}<div class="builder-main">${main}</div></div>`;
}
