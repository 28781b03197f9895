import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  type TestServer,
} from '../support/harness.ts';
import { createDashboardUser, signInInBrowser, startDashboardServer } from './support.ts';

reportMissingChromium('Study creation measurement');

/** What a researcher passes through, written where the decision records quote it from. */
interface Figures {
  engine: string;
  page_loads: number;
  fields_shown: number;
  fields_filled: number;
  /** The page "New study" opens on: since the builder in steps, its brief step. */
  new_study_height_1366: number;
  new_study_height_390: number;
  /** The new-study form's audience step, as the measured way passes it (no filter added). */
  audience_step_height_1366: number;
  audience_step_height_390: number;
  pages: { path: string; fields: number }[];
}

/** Form controls a person can see on the page: what they read past or fill in. */
const VISIBLE_FIELDS = `[...document.querySelectorAll('input:not([type=hidden]), select, textarea')].filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden').length`;

/**
 * The measurement issue 39 asks for (docs/decisions/0181-researcher-app-baseline.md): a researcher
 * creates and launches a study with two screener questions and a quota through the dashboard, the
 * shortest way it allows, and the test counts the page loads on the way, the form fields those
 * pages show and the ones filled, and measures the new-study page's height. The figures go to
 * .test-artifacts/measurements/ and stderr; the record quotes them as "before", and the builder in
 * steps (items 2 to 4) quotes its "after" from the same test.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('creating and launching a study in Chromium, measured, on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let api: Client;
    const loads: { path: string; fields: number }[] = [];
    let filled = 0;
    let counting = false;

    /** A field the researcher fills in: counted once per control touched. */
    const fill = async (locator: ReturnType<Page['locator']>, value: string) => {
      filled += 1;
      await locator.fill(value);
    };
    const choose = async (locator: ReturnType<Page['locator']>, value: string) => {
      filled += 1;
      await locator.selectOption(value);
    };

    beforeAll(async () => {
      ({ server } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 2_000_000,
      });
      api = client(server, organization.apiKey);
      await api.post('/v2/projects', { name: 'Checkout research' });
      const owner = await createDashboardUser(server, organization.id, 'owner');
      browser = await launchChromium();
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      // Every document the main frame shows is a page load the researcher waits for.
      page.on('load', () => {
        if (!counting) return;
        const at = new URL(page.url()).pathname;
        loads.push({ path: at, fields: -1 });
      });
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    /** After each navigation: the fields the page just loaded shows. */
    const settled = async () => {
      await page.waitForLoadState();
      const last = loads.at(-1);
      if (last && last.fields < 0) last.fields = await page.evaluate<number>(VISIBLE_FIELDS);
    };

    it('creates a study with two screener questions and a quota, launches it, and measures the way', async () => {
      counting = true;
      await page.goto(`${server.url}/dashboard/studies`);
      await settled();
      await page.getByRole('link', { name: 'New study' }).click();
      await page.waitForURL(/\/dashboard\/studies\/new/);
      await settled();
      const heightsNow = async () => {
        const heights: number[] = [];
        for (const width of [1366, 390]) {
          await page.setViewportSize({ width, height: 900 });
          heights.push(await page.evaluate<number>('document.documentElement.scrollHeight'));
        }
        await page.setViewportSize({ width: 1366, height: 900 });
        return heights;
      };
      const heights = await heightsNow();

      // The builder in steps (docs/decisions/0182-builder-in-steps.md): the brief, then the
      // audience (none added: everyone), and the draft is saved onto its screener step.
      await fill(page.getByLabel('Title participants see'), 'How people pay online');
      await fill(page.getByLabel('Participants wanted'), '4');
      await fill(page.locator('[name="task1.title"]'), 'Try the checkout');
      await fill(page.locator('[name="task1.task_url"]'), 'https://tasks.example/checkout');
      await page.getByRole('button', { name: 'Next: audience' }).click();
      await page.waitForLoadState();
      await settled();
      const audienceHeights = await heightsNow();
      await page.getByRole('button', { name: 'Save the draft' }).click();
      await page.waitForURL(/\/dashboard\/studies\/opp_\w+\/screener$/);
      await settled();
      const studyId = /studies\/(opp_\w+)\/screener/.exec(page.url())![1]!;

      await fill(page.getByLabel('Question', { exact: true }), 'What is your role?');
      await fill(page.locator('#new-answers'), 'Designer\nStudent');
      // The screener editor changes the page in place (docs/decisions/0184-compact-screener-editor.md):
      // no page load; each change is waited for by what it draws.
      await page.getByRole('button', { name: 'Add the question' }).click();
      await page.locator('#question-1').waitFor();
      await fill(page.getByLabel('Question', { exact: true }), 'Which tools do you use?');
      await choose(page.locator('#new-pick'), 'any');
      await fill(page.locator('#new-answers'), 'Figma\nSketch');
      await page.getByRole('button', { name: 'Add the question' }).click();
      await page.locator('#question-2').waitFor();
      await fill(page.locator('[name="quota.0.0.count"]'), '4');
      await page.getByRole('button', { name: 'Save the quotas' }).click();
      await page.locator('main .flash', { hasText: 'Quotas saved.' }).waitFor();
      await settled();

      await page
        .getByRole('navigation', { name: 'Study steps' })
        .getByRole('link', { name: /Review and launch/ })
        .click();
      await page.waitForURL(/\/builder$/);
      await settled();
      await page.getByRole('button', { name: 'Launch study' }).click();
      await page.waitForLoadState();
      await settled();
      counting = false;

      const study = (await api.get(`/v2/opportunities/${studyId}`)).body;
      expect(study.status).toBe('active');
      expect(study.screening_questions).toHaveLength(2);
      expect(study.quotas[0].targets).toEqual([{ value: 'Designer', count: 4, type: 'minimum' }]);

      const figures: Figures = {
        engine,
        page_loads: loads.length,
        fields_shown: loads.reduce((sum, load) => sum + Math.max(0, load.fields), 0),
        fields_filled: filled,
        new_study_height_1366: heights[0]!,
        new_study_height_390: heights[1]!,
        audience_step_height_1366: audienceHeights[0]!,
        audience_step_height_390: audienceHeights[1]!,
        pages: loads,
      };
      expect(figures.pages.every((load) => load.fields >= 0)).toBe(true);
      const out = path.resolve('.test-artifacts/measurements');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(
        path.join(out, `study-creation-${engine}.json`),
        `${JSON.stringify(figures, null, 2)}\n`,
      );
      process.stderr.write(`\nstudy creation (${engine}): ${JSON.stringify(figures)}\n`);
    }, 120_000);
  },
);
