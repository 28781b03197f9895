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
import {
  apply,
  DEFAULT_QUESTIONS,
  DEFAULT_TASKS,
  launchStudy,
  loadGeographyOnce,
  signUp,
} from '../support/participant-side.ts';
import { createDashboardUser, signInInBrowser, startDashboardServer } from './support.ts';

reportMissingChromium('Dashboard settings browser tests');

/** The organization's pages in Chromium: team, keys, webhooks, account, finance, bulk review. */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the dashboard’s organization pages in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let studyId: string;
    let apiKey: string;
    let projectId: string;

    beforeAll(async () => {
      loadGeographyOnce();
      ({ server } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 1_000_000,
      });
      const study = await launchStudy(server, organization);
      studyId = study.id;
      apiKey = organization.apiKey;
      projectId = study.projectId;
      for (let i = 0; i < 2; i++) {
        const participant = await signUp(server);
        const { submission_id: id } = await apply(participant, study.id);
        await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
        await participant.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {});
      }
      await client(server, organization.apiKey).get('/v2/organization');
      const owner = await createDashboardUser(server, organization.id, 'owner');
      browser = await launchChromium();
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    const visit = async (path: string, name: string) => {
      await page.goto(`${server.url}${path}`);
      await checkPage(page, { prefix: 'dashboard', name, engine });
    };

    it('passes the page checks on every settings page', async () => {
      await visit('/dashboard/settings/team', 'settings-team');
      await visit('/dashboard/settings/api-keys', 'settings-api-keys');
      await visit('/dashboard/settings/webhooks', 'settings-webhooks');
      await visit('/dashboard/settings/account', 'settings-account');
      await visit('/dashboard/settings/audit', 'settings-audit');
      await visit('/dashboard/finance', 'finance');
      await visit('/dashboard/studies/new', 'new-study');
      const draft = await client(server, apiKey).post('/v2/opportunities', {
        title: 'Draft with a screener',
        project_id: projectId,
        num_participants: 5,
        screening_questions: DEFAULT_QUESTIONS,
        tasks: DEFAULT_TASKS,
      });
      await visit(`/dashboard/studies/${draft.body.id}/builder`, 'builder');
      await visit(`/dashboard/studies/${draft.body.id}/screener`, 'screener-editor');
      // Nine pages, each checked at two widths and in both colour schemes.
    }, 120_000);

    it('approves the ticked submissions in one action', async () => {
      await visit(
        `/dashboard/studies/${studyId}/submissions?status=awaiting_review`,
        'submissions-bulk',
      );
      const boxes = page.locator('input[name="ids"]');
      expect(await boxes.count()).toBe(2);
      await boxes.first().check();
      await page.getByLabel('Approve and pay').check();
      await page.getByRole('button', { name: 'Apply to the chosen' }).click();
      await page.waitForLoadState();
      await expect(page.locator('.flash').first().textContent()).resolves.toContain(
        'Approved 1 submission.',
      );
    });

    it('updates the audience count as the filters change', async () => {
      for (let i = 0; i < 30; i++) {
        await signUp(server, { country_id: 'DE', state_id: null, city_id: null });
      }
      await page.goto(`${server.url}/dashboard/studies/new`);
      // The price follows the brief as it is typed.
      const price = page.locator('#price-estimate');
      await expect(price.textContent()).resolves.toMatch(/^Fill in/);
      await page.getByLabel('Title participants see').fill('Where people live');
      await page.getByLabel('Participants wanted').fill('6');
      await page.locator('[name="task1.title"]').fill('Try the checkout');
      await page.locator('[name="task1.task_url"]').fill('https://tasks.example/checkout');
      await expect.poll(() => price.textContent()).toMatch(/per participant, .* in all/);
      // The count follows the audience step's filters as they change.
      await page.getByRole('button', { name: 'Next: audience' }).click();
      await page.waitForLoadState();
      await page
        .getByRole('group', { name: 'Common filters' })
        .getByRole('button', { name: 'Country' })
        .click();
      await page.waitForLoadState();
      const output = page.locator('#audience-count');
      const first = await output.textContent();
      await page.getByLabel('Country', { exact: true }).selectOption(['DE']);
      await expect.poll(() => output.textContent()).not.toBe(first);
      await expect(output.textContent()).resolves.toMatch(/match right now/);
    });

    it('invites a person from the team page', async () => {
      await page.goto(`${server.url}/dashboard/settings/team`);
      await page.getByLabel('Email').fill('new.colleague@example.org');
      await page.getByLabel('Role', { exact: true }).selectOption('viewer');
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      await page.waitForLoadState();
      await expect(page.locator('.flash').first().textContent()).resolves.toContain(
        'new.colleague@example.org',
      );
      await expect(
        page.getByRole('cell', { name: 'new.colleague@example.org', exact: true }).count(),
      ).resolves.toBe(1);
    });
  },
);
