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
import { checkPage } from '../support/page-checks.ts';
import { apply, launchStudy, loadGeographyOnce, signUp } from '../support/participant-side.ts';
import {
  type Clock,
  createDashboardUser,
  signInInBrowser,
  startDashboardServer,
} from './support.ts';

reportMissingChromium('Review at a glance browser tests');

/**
 * How long a poll waits for what a step draws: a page posted and drawn again, a panel fetched. The
 * runs share the machine, so this is a bound on a stall, not a measure of speed.
 */
const SLOW_PAGE = { timeout: 15_000 };

/**
 * Review at a glance (issue 39, item 3; docs/decisions/0183-review-at-a-glance.md): the
 * submissions table sorted and filtered by the server, one action bar for the ticked rows whose
 * fields show only for the chosen action, refusals beside the fields with what was typed kept, and
 * a submission opened beside the list, with JavaScript and without.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('review at a glance in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let clock: Clock;
    let browser: BrowserContext;
    let page: Page;
    let api: Client;
    let owner: Awaited<ReturnType<typeof createDashboardUser>>;
    let list: string;
    /** Minutes each participant took, in the order they applied; null: still at work. */
    const MINUTES = [20, 5, 15, 12, null, 2];
    const people: { id: string; name: string; minutes: number | null }[] = [];

    beforeAll(async () => {
      loadGeographyOnce();
      ({ server, clock } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 1_000_000,
      });
      api = client(server, organization.apiKey);
      const study = await launchStudy(server, organization, {
        title: 'How people pay online',
        numParticipants: 8,
      });
      list = `${server.url}/dashboard/studies/${study.id}/submissions`;
      for (const [index, minutes] of MINUTES.entries()) {
        const name = `Person ${String.fromCharCode(65 + index)}`;
        const participant = await signUp(server, { name });
        const { submission_id: id } = await apply(participant, study.id);
        await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
        if (minutes !== null) {
          clock.advance(minutes * 60_000);
          const handedIn = await participant.api.post(
            `/v2/participant/submissions/${id}/tasks/1/submit`,
            {},
          );
          expect(handedIn.body.status).toBe('awaiting_review');
        }
        people.push({ id: id!, name, minutes });
        clock.advance(60_000);
      }
      owner = await createDashboardUser(server, organization.id, 'owner');
      browser = await launchChromium();
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      page.setDefaultTimeout(8000);
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    const rowIds = () =>
      page
        .locator('tr[data-submission]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-submission')));
    const statusOf = async (id: string) => (await api.get(`/v2/submissions/${id}`)).body.status;
    /** Rendered text, as a person reads it (hidden parts left out), for `locator.evaluate`. */
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what these tests check
    const shown = (element: unknown) => (element as { innerText: string }).innerText;
    const flash = () => page.locator('.flash').first().evaluate(shown);

    it('sorts and filters on the server, each in the address', async () => {
      await page.goto(list);
      expect(await rowIds()).toEqual(people.map((p) => p.id).reverse());
      await checkPage(page, { prefix: 'dashboard', name: 'submissions-table', engine });
      await page.setViewportSize({ width: 1366, height: 900 });

      await page.getByLabel('Order').selectOption('time_taken-asc');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.waitForURL(/sort=time_taken-asc/);
      const quickest = people
        .filter((p) => p.minutes !== null)
        .sort((a, b) => a.minutes! - b.minutes!);
      expect(await rowIds()).toEqual(quickest.map((p) => p.id));
      await expect(
        page.locator('tr[data-submission]').first().locator('td.num').evaluate(shown),
      ).resolves.toBe('2 min');

      // The column heading turns the order round.
      await page.getByRole('link', { name: /^Time taken/ }).click();
      await page.waitForURL(`${list}?sort=time_taken-desc`);
      expect(await rowIds()).toEqual(quickest.map((p) => p.id).reverse());
      await expect(
        page.getByRole('columnheader', { name: /Time taken/ }).getAttribute('aria-sort'),
      ).resolves.toBe('descending');

      await page.getByLabel('Status').selectOption('in_progress');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.waitForURL(/status=in_progress/);
      await expect(page.locator('.empty').evaluate(shown)).resolves.toMatch(/handed in/);
      await page.getByLabel('Order').selectOption('applied-desc');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.waitForURL(/status=in_progress&sort=applied-desc/);
      expect(await rowIds()).toEqual([people[4]!.id]);

      await page.goto(`${list}?flagged=1`);
      const flagged = await rowIds();
      const flags = await page.locator('tr[data-submission] .badge-warn').count();
      expect(flags).toBeGreaterThanOrEqual(flagged.length);
    }, 120_000);

    it('brings up one action bar as rows are ticked, and shows only the chosen action’s fields', async () => {
      await page.goto(`${list}?status=awaiting_review`);
      // Form controls on screen (the measure of decision 0181): only the ticked rows' action bar
      // adds any, the four actions, then the chosen action's own fields.
      const fieldsShown = () =>
        page.evaluate<number>(
          `[...document.querySelectorAll('input:not([type=hidden]), select, textarea')].filter((e) => e.checkVisibility()).length`,
        );
      const atFirst = await fieldsShown();
      const approveChoice = page.getByLabel('Approve and pay');
      await expect(approveChoice.isVisible()).resolves.toBe(false);
      await page.getByLabel(`Choose ${people[0]!.name}`).check();
      const ticked = await fieldsShown();
      expect(ticked - atFirst).toBe(4);
      await expect(page.locator('[data-chosen-count]').evaluate(shown)).resolves.toBe(
        '1 submission ticked.',
      );
      await expect(approveChoice.isVisible()).resolves.toBe(true);
      const category = page.getByLabel('Rejection category');
      const bonus = page.getByLabel('Bonus for each (USD)');
      const message = page.getByLabel('Message', { exact: true });
      for (const field of [category, bonus, message]) {
        await expect(field.isVisible()).resolves.toBe(false);
      }
      await page.getByLabel('Reject', { exact: true }).check();
      await expect(category.isVisible()).resolves.toBe(true);
      await expect(bonus.isVisible()).resolves.toBe(false);
      expect(await fieldsShown()).toBe(ticked + 2);
      process.stderr.write(
        `review at a glance (${engine}): ${atFirst} fields shown with 5 awaiting review, ${ticked} with one ticked, ${ticked + 2} rejecting\n`,
      );
      await checkPage(page, { prefix: 'dashboard', name: 'submissions-bar-reject', engine });
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByLabel('Pay a bonus').check();
      await expect(bonus.isVisible()).resolves.toBe(true);
      await expect(category.isVisible()).resolves.toBe(false);
      await page.getByLabel(`Choose ${people[0]!.name}`).uncheck();
      await expect(approveChoice.isVisible()).resolves.toBe(false);
    });

    it('keeps what was typed when a bulk rejection is refused, then rejects and approves', async () => {
      await page.goto(`${list}?status=awaiting_review`);
      await page.getByLabel(`Choose ${people[0]!.name}`).check();
      await page.getByLabel(`Choose ${people[1]!.name}`).check();
      await page.getByLabel('Reject', { exact: true }).check();
      await page.getByLabel('Reason').fill('The recording was missing.');
      await page.getByRole('button', { name: 'Apply to the chosen' }).click();
      await page.waitForURL(/\/submissions\/bulk$/);
      const category = page.getByLabel('Rejection category');
      await expect(category.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(page.locator('#bulk-category-problems').evaluate(shown)).resolves.toBe(
        'choose a category from the list',
      );
      await expect(page.getByLabel('Reason').inputValue()).resolves.toBe(
        'The recording was missing.',
      );
      await expect(page.getByLabel(`Choose ${people[0]!.name}`).isChecked()).resolves.toBe(true);
      await expect(page.getByLabel(`Choose ${people[1]!.name}`).isChecked()).resolves.toBe(true);
      await checkPage(page, { prefix: 'dashboard', name: 'submissions-bulk-refused', engine });
      await page.setViewportSize({ width: 1366, height: 900 });
      expect(await statusOf(people[0]!.id)).toBe('awaiting_review');

      await category.selectOption('FAILED_INSTRUCTIONS');
      await page.getByRole('button', { name: 'Apply to the chosen' }).click();
      await expect.poll(flash, SLOW_PAGE).toBe('Rejected 2 submissions.');
      expect(await statusOf(people[0]!.id)).toBe('rejected');
      expect(await statusOf(people[1]!.id)).toBe('rejected');

      await page.getByLabel(`Choose ${people[2]!.name}`).check();
      await page.getByLabel('Approve and pay').check();
      await page.getByRole('button', { name: 'Apply to the chosen' }).click();
      await expect.poll(flash, SLOW_PAGE).toBe('Approved 1 submission.');
      expect(await statusOf(people[2]!.id)).toBe('approved');
    });

    it('opens a submission beside the list without leaving it', async () => {
      await page.goto(list);
      await page.evaluate('window.stillHere = true');
      const person = people[3]!;
      await page.getByRole('link', { name: person.name }).click();
      const heading = page.locator('#panel-heading');
      await expect
        .poll(() => heading.evaluate(shown), SLOW_PAGE)
        .toBe(`Submission: ${person.name}`);
      expect(page.url()).toBe(`${list}?open=${person.id}#review-panel`);
      // The same document: the list is still there and nothing was loaded again.
      await expect(page.evaluate('window.stillHere')).resolves.toBe(true);
      await expect(page.locator('tr[data-submission]').count()).resolves.toBe(people.length);
      await expect(
        page.locator(`tr[data-submission="${person.id}"]`).getAttribute('class'),
      ).resolves.toBe('is-open');
      const panelBox = await page.locator('#review-panel').boundingBox();
      const listBox = await page.locator('.review-list').boundingBox();
      expect(panelBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);
      await checkPage(page, { prefix: 'dashboard', name: 'submissions-panel', engine });
      await page.setViewportSize({ width: 1366, height: 900 });

      // Another row replaces it; back returns to the first.
      await page.getByRole('link', { name: people[5]!.name }).click();
      await expect
        .poll(() => heading.evaluate(shown), SLOW_PAGE)
        .toBe(`Submission: ${people[5]!.name}`);
      await page.goBack();
      await expect
        .poll(() => heading.evaluate(shown), SLOW_PAGE)
        .toBe(`Submission: ${person.name}`);
      await expect(page.evaluate('window.stillHere')).resolves.toBe(true);

      // A decision in the panel comes back to the list with it open, saying what happened.
      await page.locator('#review-panel').getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(`${list}?open=${person.id}`);
      await expect(flash()).resolves.toBe('Approved: the participant is paid.');
      await expect(page.locator('#review-panel .badge').first().evaluate(shown)).resolves.toMatch(
        /approved/,
      );
      await page.getByRole('link', { name: 'Close the submission' }).click();
      await expect(page.locator('#review-panel').isHidden()).resolves.toBe(true);
      expect(page.url()).toBe(list);
    });

    it('does all of it without JavaScript', async () => {
      const context = await browser.browser()!.newContext({
        javaScriptEnabled: false,
        viewport: { width: 1366, height: 900 },
      });
      try {
        const plain = await context.newPage();
        await signInInBrowser(plain, server.url, owner);
        await plain.goto(list);
        const person = people[4]!;
        await plain.getByRole('link', { name: person.name }).click();
        await plain.waitForURL(`${list}?open=${person.id}#review-panel`);
        await expect(plain.locator('#panel-heading').evaluate(shown)).resolves.toBe(
          `Submission: ${person.name}`,
        );
        await expect(plain.locator('tr[data-submission]').count()).resolves.toBe(people.length);

        // The bar's parts show and hide by CSS alone.
        const bonus = plain.getByLabel('Bonus for each (USD)');
        await expect(plain.getByLabel('Pay a bonus').isVisible()).resolves.toBe(false);
        await plain.getByLabel(`Choose ${people[2]!.name}`).check();
        await plain.getByLabel('Pay a bonus').check();
        await expect(bonus.isVisible()).resolves.toBe(true);
        await bonus.fill('lots');
        await plain.getByRole('button', { name: 'Apply to the chosen' }).click();
        await plain.waitForURL(/\/submissions\/bulk$/);
        await expect(plain.locator('#bulk-bonus-problems').evaluate(shown)).resolves.toMatch(
          /whole number of cents/,
        );
        await expect(plain.getByLabel('Bonus for each (USD)').inputValue()).resolves.toBe('lots');
        await plain.getByLabel('Bonus for each (USD)').fill('1.50');
        await plain.getByLabel('Why').fill('Thorough');
        await plain.getByRole('button', { name: 'Apply to the chosen' }).click();
        await expect
          .poll(() => plain.locator('.flash').first().evaluate(shown), SLOW_PAGE)
          .toBe('Paid 1 bonus: $1.50 in all.');
      } finally {
        await context.close();
      }
    });
  },
);
