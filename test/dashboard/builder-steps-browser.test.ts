import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { checkPage } from '../support/page-checks.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';
import { createDashboardUser, signInInBrowser, startDashboardServer } from './support.ts';

reportMissingChromium('Builder in steps browser tests');

/**
 * The study builder in steps (docs/decisions/0182-builder-in-steps.md) in Chromium: brief,
 * audience (filters added one by one, found by search), then the draft's screener, tasks and
 * review, each with the steps and the summary; with the script and without it.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the builder in steps in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let api: ReturnType<typeof client>;

    beforeAll(async () => {
      loadGeographyOnce();
      ({ server } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
      api = client(server, organization.apiKey);
      await api.post('/v2/projects', { name: 'Steps' });
      const owner = await createDashboardUser(server, organization.id, 'member');
      browser = await launchChromium();
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    const check = (name: string) => checkPage(page, { prefix: 'dashboard', name, engine });
    const steps = () => page.getByRole('navigation', { name: 'Study steps' });
    const current = () => steps().locator('[aria-current="step"]');

    it('walks brief, audience, screener, tasks and review, problems beside their fields', async () => {
      await page.goto(`${server.url}/dashboard/studies/new`);
      await expect(current().textContent()).resolves.toContain('Brief');
      await check('builder-brief');

      // A problem of the brief, shown beside its field before the audience, the rest kept.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByLabel('Title participants see').fill('How people pay');
      await page.getByLabel('Participants wanted').fill('0');
      await page.locator('[name="task1.title"]').fill('Try the checkout');
      await page.locator('[name="task1.task_url"]').fill('https://tasks.example/checkout');
      await page.getByRole('button', { name: 'Next: audience' }).click();
      await page.waitForLoadState();
      await expect(current().textContent()).resolves.toContain('Brief');
      await expect(page.locator('#num_participants-problems').textContent()).resolves.toMatch(/\w/);
      expect(await page.getByLabel('Participants wanted').getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(await page.getByLabel('Title participants see').inputValue()).toBe('How people pay');
      expect(await page.locator('[name="task1.task_url"]').inputValue()).toBe(
        'https://tasks.example/checkout',
      );
      await check('builder-brief-problems');

      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByLabel('Participants wanted').fill('5');
      await page.getByRole('button', { name: 'Next: audience' }).click();
      await page.waitForLoadState();
      await expect(current().textContent()).resolves.toContain('Audience');
      // No filter of the catalog until one is added.
      expect(await page.locator('select[multiple]').count()).toBe(0);
      // The search shows the filters that answer as one types, with no page load.
      const income = page.getByRole('button', { name: 'Household income (USD)' });
      await expect(income.isVisible()).resolves.toBe(false);
      const at = page.url();
      await page.getByLabel('Search the filters').pressSequentially('inco');
      await expect.poll(() => income.isVisible()).toBe(true);
      expect(page.url()).toBe(at);
      await check('builder-audience');

      // Common filters are one click away; each added filter shows its own fields.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page
        .getByRole('group', { name: 'Common filters' })
        .getByRole('button', { name: 'Add Age', exact: true })
        .click();
      await page.waitForLoadState();
      await page.getByLabel('from').fill('17');
      await page.getByLabel('to').fill('12');
      await page
        .getByRole('group', { name: 'Common filters' })
        .getByRole('button', { name: 'Add Country', exact: true })
        .click();
      await page.waitForLoadState();
      // What was typed in the age range survived adding the country.
      expect(await page.getByLabel('from').inputValue()).toBe('17');
      await page.getByLabel('Country', { exact: true }).selectOption(['DE']);
      await page.getByRole('button', { name: 'Save the draft' }).click();
      await page.waitForLoadState();
      // The use case refuses the range; the audience step says so, the values kept.
      await expect(current().textContent()).resolves.toContain('Audience');
      await expect(page.locator('#integer--age-filter-problems').textContent()).resolves.toMatch(
        /from \(17\) is greater than to \(12\)/,
      );
      expect(await page.getByLabel('from').getAttribute('aria-invalid')).toBe('true');
      await expect(page.locator('.summary-missing').textContent()).resolves.toContain(
        'The Age filter (Audience)',
      );
      expect(await page.getByLabel('to').inputValue()).toBe('12');
      await check('builder-audience-problems');

      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByLabel('from').fill('18');
      await page.getByLabel('to').fill('65');
      await page.getByRole('button', { name: 'Save the draft' }).click();
      await page.waitForURL(/\/dashboard\/studies\/opp_\w+\/screener$/);
      const id = /studies\/(opp_\w+)\/screener/.exec(page.url())![1]!;
      await expect(current().textContent()).resolves.toContain('Screener');
      await check('builder-screener');

      // The summary is beside the step and stays in view on a wide screen, first on a narrow one.
      await page.setViewportSize({ width: 1366, height: 600 });
      const summary = page.locator('.builder-summary');
      const main = page.locator('.builder-main');
      const wide = [await summary.boundingBox(), await main.boundingBox()];
      expect(wide[0]!.x).toBeGreaterThan(wide[1]!.x + wide[1]!.width - 1);
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      await expect
        .poll(() => summary.evaluate((e) => e.getBoundingClientRect().top))
        .toBeLessThan(600);
      await page.setViewportSize({ width: 390, height: 900 });
      const narrow = [await summary.boundingBox(), await main.boundingBox()];
      expect(narrow[0]!.y).toBeLessThan(narrow[1]!.y);
      await page.setViewportSize({ width: 1366, height: 900 });

      for (const [label, name] of [
        ['Brief', 'builder-draft-brief'],
        ['Audience', 'builder-draft-audience'],
        ['Tasks', 'builder-tasks'],
        ['Review and launch', 'builder-review'],
      ] as const) {
        await steps()
          .getByRole('link', { name: new RegExp(label) })
          .click();
        await page.waitForLoadState();
        await expect(current().textContent()).resolves.toContain(label);
        await check(name);
        await page.setViewportSize({ width: 1366, height: 900 });
      }
      await expect(page.getByText('Country: Germany').first().isVisible()).resolves.toBe(true);
      await expect(page.getByText('Age: 18 to 65').first().isVisible()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Launch study' }).click();
      await page.waitForURL(/submissions/);
      expect((await api.get(`/v2/opportunities/${id}`)).body).toMatchObject({
        status: 'active',
        filters: [
          { 'multi_select--country': { $in: ['DE'] } },
          { 'integer--age': { $gte: 18, $lte: 65 } },
        ],
      });
    }, 180_000);

    it('works without JavaScript: the search is a form, Enter finds, "Add" adds', async () => {
      const bare = await browser.newPage();
      // The dashboard's script blocked: the page as a browser without JavaScript gets it.
      await bare.route(/\/dashboard\/assets\/dashboard\.[^/]*\.js$/, (route) => route.abort());
      try {
        await bare.goto(`${server.url}/dashboard/studies/new`);
        await bare.getByLabel('Title participants see').fill('Without a script');
        await bare.getByLabel('Participants wanted').fill('3');
        await bare.locator('[name="task1.title"]').fill('Try it');
        await bare.locator('[name="task1.task_url"]').fill('https://tasks.example/t');
        // Enter in a field of the brief goes on to the audience: the form's default button.
        expect(await bare.getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
        await bare.getByLabel('Participants wanted').press('Enter');
        await bare.waitForLoadState();
        await expect(
          bare
            .getByRole('navigation', { name: 'Study steps' })
            .locator('[aria-current="step"]')
            .textContent(),
        ).resolves.toContain('Audience');
        const gender = bare.getByRole('button', { name: 'Add Gender', exact: true });
        const found = bare
          .locator('#filter-results')
          .getByRole('button', { name: 'Highest education level' });
        await expect(found.isVisible()).resolves.toBe(false);
        await bare.getByLabel('Search the filters').fill('education');
        await bare.getByLabel('Search the filters').press('Enter');
        await bare.waitForLoadState();
        await expect(found.isVisible()).resolves.toBe(true);
        await found.click();
        await bare.waitForLoadState();
        await bare.getByLabel('Highest education level').selectOption({ index: 0 });
        await expect(gender.first().isVisible()).resolves.toBe(true);
        await bare.getByRole('button', { name: 'Save the draft' }).click();
        await bare.waitForURL(/\/screener$/);
        const id = /studies\/(opp_\w+)\/screener/.exec(bare.url())![1]!;
        const draft = (await api.get(`/v2/opportunities/${id}`)).body;
        expect(draft.title).toBe('Without a script');
        expect(Object.keys(draft.filters[0])).toEqual(['multi_select--education_level']);
      } finally {
        await bare.close();
      }
    }, 120_000);
  },
);
