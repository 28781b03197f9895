import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { cspViolations, screenshotPath } from './browser.ts';
import { expectChoicesBesideLabels } from './choice-alignment.ts';

/**
 * `UPDATE_SCREENSHOTS=1 npm test -- <browser test>` refreshes the screenshots in
 * docs/screenshots/; otherwise they go to .test-artifacts/ with the other browser tests'.
 */
const DOCS_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const WIDTHS = [1366, 390] as const;
/** The pages whose dark scheme docs/screenshots shows too: a few of each app, not all of them. */
const DARK_SHOWCASE = new Set([
  'dashboard-home',
  'dashboard-new-study-filled',
  'dashboard-submissions-awaiting',
  'participant-studies',
  'participant-study',
  'participant-submission',
]);

/**
 * The checks every page of the apps passes: no Content-Security-Policy violation on it or on any
 * page the browser showed before it, no serious or critical axe-core violation, no
 * horizontal scroll at 390 px, every checkbox and radio beside its label (./choice-alignment.ts),
 * and a screenshot at 1366 and 390 px named `<prefix>-<name>-<width>`.
 * axe-core is run through the DevTools protocol, so the pages' CSP stays as served. Leaves the page
 * at 390 px wide.
 */
export async function checkPage(
  page: Page,
  file: { prefix: string; name: string; engine: string },
) {
  await page.waitForLoadState();
  const label = `${file.prefix} ${file.name}`;
  expect(cspViolations(page.context()), `CSP violations up to ${label}`).toEqual([]);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectChoicesBesideLabels(page, label);
    if (width === 390) {
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      // On failure, name the widest elements, deepest first: they are what to fix.
      const wide =
        overflow > 0
          ? await page.evaluate<string>(
              `[...document.querySelectorAll('body *')].filter((e) => { if (e.getBoundingClientRect().right <= innerWidth + 1) return false; for (let a = e.parentElement; a; a = a.parentElement) { if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return false; } return true; }).reverse().slice(0, 6).map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ').join('.') : '') + ' ' + Math.round(e.getBoundingClientRect().right)).join(', ')`,
            )
          : '';
      expect(overflow, `${label} scrolls sideways at 390 px (${wide})`).toBeLessThanOrEqual(0);
      await page.evaluate(axe.source);
      const result = await page.evaluate<axe.AxeResults>(
        "axe.run(document, { resultTypes: ['violations'] })",
      );
      expect(result.testEngine.name).toBe('axe-core');
      const violations = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(violations, `axe-core on ${label}`).toEqual([]);
    }
    const name = `${file.prefix}-${file.name}-${width}`;
    if (DOCS_SCREENSHOTS) fs.mkdirSync('docs/screenshots', { recursive: true });
    await page.screenshot({
      path: DOCS_SCREENSHOTS
        ? path.resolve('docs/screenshots', `${name}.png`)
        : screenshotPath(`${file.engine}-${name}`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await checkDarkScheme(page, label, `${file.prefix}-${file.name}`);
  expect(cspViolations(page.context()), `CSP violations on ${label}`).toEqual([]);
}

/**
 * The same page with Chromium asking for `prefers-color-scheme: dark` (docs/decisions/
 * 0180-controls-that-line-up.md), at 390 px: still no sideways scroll, and no serious or critical
 * violation of axe-core's colour rules (the only ones a colour scheme can change); with
 * UPDATE_SCREENSHOTS=1, a screenshot `<prefix>-<name>-dark-390` in docs/screenshots/ for the pages
 * of DARK_SHOWCASE. Goes back to the light scheme.
 */
async function checkDarkScheme(page: Page, label: string, name: string) {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow, `${label} (dark) scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    const result = await page.evaluate<axe.AxeResults>(
      "axe.run(document, { runOnly: ['color-contrast', 'link-in-text-block'], resultTypes: ['violations'] })",
    );
    const violations = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(violations, `axe-core on ${label} in the dark colour scheme`).toEqual([]);
    if (DOCS_SCREENSHOTS && DARK_SHOWCASE.has(name)) {
      await page.screenshot({
        path: path.resolve('docs/screenshots', `${name}-dark-390.png`),
        fullPage: true,
      });
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}
