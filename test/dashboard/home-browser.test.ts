import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../src/platform/web/format.ts';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import { createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { checkPage } from '../support/page-checks.ts';
import { apply, launchStudy, loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { createDashboardUser, signInInBrowser, startDashboardServer } from './support.ts';

reportMissingChromium('Dashboard home browser tests');

/**
 * The home page says how things are going (issue 39, item 5): a live study's places filled against
 * its time, the submissions awaiting review and the money spent this month, each a chart drawn on
 * the server whose description a screen reader reads, with the same figures as text.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the dashboard’s home in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let study: Awaited<ReturnType<typeof launchStudy>>;

    beforeAll(async () => {
      loadGeographyOnce();
      ({ server } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 1_000_000,
      });
      study = await launchStudy(server, organization, {
        title: 'How people pay online',
        numParticipants: 4,
      });
      for (let i = 0; i < 3; i++) {
        const participant = await signUp(server);
        const { submission_id: id } = await apply(participant, study.id);
        // Two finish their task and await review; the third still holds a place.
        if (i === 2) continue;
        await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
        await participant.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {});
      }
      const owner = await createDashboardUser(server, organization.id, 'owner');
      browser = await launchChromium();
      page = await browser.newPage();
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    /** The text a screen reader reads for each chart: its title and its description. */
    const chartTexts = () =>
      page
        .locator('figure.chart svg')
        .evaluateAll((charts) =>
          charts.map(
            (svg) =>
              `${svg.querySelector('title')?.textContent} | ${svg.querySelector('desc')?.textContent}`,
          ),
        );

    it('shows live studies against time, work awaiting review and this month’s spending', async () => {
      const live = page.locator('section[aria-labelledby="live-heading"]');
      await expect(live.locator('tbody tr').count()).resolves.toBe(1);
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what this checks
      const row = await live.locator('tbody tr').first().innerText();
      expect(row).toContain('How people pay online');
      expect(row).toContain('3 of 4');
      expect(row).toContain('day 1 of 14');

      const awaiting = page.locator('section[aria-labelledby="awaiting-heading"]');
      await expect(awaiting.locator('.figure').textContent()).resolves.toBe('2');
      await expect(
        awaiting.getByRole('link', { name: 'How people pay online' }).getAttribute('href'),
      ).resolves.toBe(`/dashboard/studies/${study.id}/submissions?status=awaiting_review`);

      const spent = page.locator('section[aria-labelledby="spent-heading"]');
      await expect(spent.locator('.figure').textContent()).resolves.toBe(
        money(study.totalCostCents),
      );

      const charts = await chartTexts();
      expect(charts).toHaveLength(3);
      expect(charts[0]).toContain(
        'How people pay online: 3 of 4 places filled, day 1 of 14, 0% of its time gone, on pace',
      );
      expect(charts[1]).toContain('How people pay online: 2 submissions awaiting review');
      expect(charts[2]).toContain(`${money(study.totalCostCents)} spent`);
      await checkPage(page, { prefix: 'dashboard', name: 'home', engine });
    }, 60_000);
  },
);
