import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Every visible checkbox and radio whose label does not sit beside it, on its row: the input's
 * middle must fall within the label's first line, and the gap between them (either side) must be
 * at most MAX_GAP pixels. A label hidden from sight (class visually-hidden: a row's own checkbox in
 * a table) is not looked at; the input needs a label a person can see only when it has one.
 * Runs in the page; returns one line per misplaced input (docs/decisions/0180-controls-that-line-up.md).
 */
const MAX_GAP = 40;
const FIND_MISPLACED = `(() => {
  const out = [];
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2 && getComputedStyle(e).visibility !== 'hidden'; };
  for (const input of document.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    // An input drawn invisible over its label (a roster's attendance choice) makes the label the
    // control: nothing to line up.
    if (!visible(input) || getComputedStyle(input).opacity === '0') continue;
    const labels = [...(input.labels ?? [])].filter(visible);
    if (labels.length === 0) continue;
    const box = input.getBoundingClientRect();
    const middle = (box.top + box.bottom) / 2;
    const beside = labels.some((label) => {
      const line = label.getClientRects()[0];
      if (!line) return false;
      if (middle < line.top - 1 || middle > Math.min(line.bottom, line.top + 40) + 1) return false;
      const after = line.left - box.right;
      const before = box.left - line.right;
      return (after >= -1 && after <= ${MAX_GAP}) || (before >= -1 && before <= ${MAX_GAP});
    });
    if (beside) continue;
    const line = labels[0].getClientRects()[0];
    out.push((input.id ? '#' + input.id : input.name + '=' + input.value) + ' "' + labels[0].innerText.trim().slice(0, 50) + '" input at (' + Math.round(box.left) + ',' + Math.round(box.top) + ') label at (' + Math.round(line.left) + ',' + Math.round(line.top) + ')');
  }
  return out;
})()`;

/** The misplaced checkboxes and radios on the page as it is now laid out. */
export async function misplacedChoices(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(FIND_MISPLACED);
}

const REPORT = path.resolve('.test-artifacts/choice-alignment.jsonl');

/**
 * Fails, naming them, on any checkbox or radio not beside its label; every page checked is also
 * written to .test-artifacts/choice-alignment.jsonl (its inputs counted), for the decision record.
 */
export async function expectChoicesBesideLabels(page: Page, label: string) {
  const misplaced = await misplacedChoices(page);
  const width = page.viewportSize()?.width ?? 0;
  const choices = await page.evaluate<number>(
    "document.querySelectorAll('input[type=checkbox], input[type=radio]').length",
  );
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.appendFileSync(
    REPORT,
    `${JSON.stringify({ page: label, path: new URL(page.url()).pathname, width, choices, misplaced })}\n`,
  );
  // Soft: the test goes on, so one run lists every page's misplaced inputs, then fails.
  expect
    .soft(misplaced, `checkboxes and radios not beside their labels on ${label} at ${width} px`)
    .toEqual([]);
}
