import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENER, TASKS } from '../opportunities/translation-fixtures.ts';
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

reportMissingChromium('Dashboard translations browser tests');

/** A draft translated on the builder's Translations page, in Chromium. */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the Translations page in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let api: ReturnType<typeof client>;
    let projectId: string;

    beforeAll(async () => {
      loadGeographyOnce();
      ({ server } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
      api = client(server, organization.apiKey);
      projectId = (await api.post('/v2/projects', { name: 'Languages' })).body.id;
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

    it('fills a German translation beside the English texts, keeping what was typed on a problem', async () => {
      const draft = await api.post('/v2/opportunities', {
        title: 'Checkout study',
        description: 'How people pay online',
        project_id: projectId,
        num_participants: 5,
        screening_questions: SCREENER,
        tasks: TASKS,
      });
      const id = draft.body.id as string;
      await page.goto(`${server.url}/dashboard/studies/${id}/brief`);
      await page.getByRole('link', { name: /^Translations/ }).click();
      await page.getByLabel('Language', { exact: true }).selectOption('de');
      await page.getByRole('button', { name: 'Choose' }).click();
      await page.waitForURL(/language=de/);
      await checkPage(page, { prefix: 'dashboard', name: 'translations', engine });

      // The study's own text, read-only, on the left of each field.
      await expect(page.locator('.own').first().textContent()).resolves.toContain('Checkout study');
      await page.getByLabel('Title in German', { exact: true }).fill('Bezahlstudie');
      await page
        .getByLabel('Description in German', { exact: true })
        .fill('Wie Menschen online bezahlen');
      await page.getByLabel('Question 1 in German', { exact: true }).fill('Was ist Ihre Rolle?');
      await page.getByLabel('Answer 1 of question 1 in German', { exact: true }).fill('Designerin');
      await page.getByLabel('Answer 2 of question 1 in German', { exact: true }).fill('Studentin');
      // Answer 3 left blank: refused beside the answers, the rest kept.
      await page
        .getByLabel('Question 2 in German', { exact: true })
        .fill('Arbeiten Sie aus der Ferne?');
      await page.getByLabel('Answer 1 of question 2 in German', { exact: true }).fill('Ja');
      await page.getByLabel('Answer 2 of question 2 in German', { exact: true }).fill('Nein');
      await page.getByLabel('Title of task 1 in German', { exact: true }).fill('Gespräch');
      await page.getByLabel('Title of task 2 in German', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save the German translation' }).click();
      await page.waitForLoadState();
      await expect(page.locator('.flash-error').textContent()).resolves.toContain('not saved');
      await expect(page.locator('.problem').allTextContents()).resolves.toEqual([
        'answer 3 must not be blank',
        'must not be blank',
      ]);
      await expect(page.getByLabel('Title of task 2 in German', { exact: true })).toBeDefined();
      expect(
        await page
          .getByLabel('Title of task 2 in German', { exact: true })
          .getAttribute('aria-invalid'),
      ).toBe('true');
      expect(await page.getByLabel('Title in German', { exact: true }).inputValue()).toBe(
        'Bezahlstudie',
      );
      expect(
        await page.getByLabel('Answer 1 of question 1 in German', { exact: true }).inputValue(),
      ).toBe('Designerin');
      await checkPage(page, { prefix: 'dashboard', name: 'translations-problems', engine });

      await page.getByLabel('Answer 3 of question 1 in German', { exact: true }).fill('Leitung');
      await page.getByLabel('Title of task 2 in German', { exact: true }).fill('Nachgespräch');
      await page.getByRole('button', { name: 'Save the German translation' }).click();
      await page.waitForLoadState();
      await expect(page.locator('.flash').first().textContent()).resolves.toContain(
        'German translation saved.',
      );
      const saved = (await api.get(`/v2/opportunities/${id}`)).body.translations;
      expect(saved).toEqual({
        de: {
          title: 'Bezahlstudie',
          description: 'Wie Menschen online bezahlen',
          screening_questions: {
            role: { text: 'Was ist Ihre Rolle?', answers: ['Designerin', 'Studentin', 'Leitung'] },
            remote: { text: 'Arbeiten Sie aus der Ferne?', answers: ['Ja', 'Nein'] },
          },
          tasks: { '1': { title: 'Gespräch' }, '2': { title: 'Nachgespräch' } },
        },
      });
      // Read back into the form.
      expect(
        await page.getByLabel('Answer 3 of question 1 in German', { exact: true }).inputValue(),
      ).toBe('Leitung');

      await page.getByRole('button', { name: 'Remove the German translation' }).click();
      await page.waitForLoadState();
      expect((await api.get(`/v2/opportunities/${id}`)).body.translations).toEqual({});
    });

    it('sets the language a new study is written in', async () => {
      await page.goto(`${server.url}/dashboard/studies/new`);
      await page.getByLabel('Title participants see').fill('Étude de paiement');
      await page.getByText('More options').click();
      await page.getByLabel('Language the study is written in').selectOption('fr');
      await page.getByLabel('Participants wanted').fill('4');
      await page.locator('[name="task1.title"]').fill('Essayer');
      await page.locator('[name="task1.task_url"]').fill('https://tasks.example/checkout');
      await page.getByRole('button', { name: 'Next: audience' }).click();
      await page.waitForLoadState();
      await page.getByRole('button', { name: 'Save the draft' }).click();
      await page.waitForURL(/\/screener$/);
      const id = page.url().split('/').at(-2)!;
      expect((await api.get(`/v2/opportunities/${id}`)).body.language).toBe('fr');
    });
  },
);
