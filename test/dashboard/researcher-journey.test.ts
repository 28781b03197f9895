import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { sendMailJob } from '../../src/mail/send.job.ts';
import { parseCsv } from '../../src/platform/csv.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { linkPath } from '../participate/support.ts';
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
import { loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import {
  type Clock,
  createDashboardUser,
  signInInBrowser,
  startDashboardServer,
} from './support.ts';

reportMissingChromium('Researcher journey browser tests');

/**
 * A researcher's whole study in Chromium: created in the browser with a country and an age filter,
 * a screener of two questions (one shown only after an answer) and a quota, previewed, launched,
 * applied to by simulated participants, approved in bulk, exported, and a colleague invited by
 * mail who signs in with the link. Every page passes the page checks (test/support/page-checks.ts).
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('a researcher’s study from start to export in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let clock: Clock;
    let inbox: SmtpInbox;
    let worker: Worker;
    let browser: BrowserContext;
    let page: Page;
    let api: Client;
    let studyId: string;
    const colleague = `colleague.${engine}.${Date.now()}@example.org`;
    const inspect = (name: string) => checkPage(page, { prefix: 'dashboard', name, engine });
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what these tests check
    const flash = () => page.locator('.flash').first().innerText();

    beforeAll(async () => {
      loadGeographyOnce();
      inbox = await SmtpInbox.start();
      ({ server, clock } = await startDashboardServer(engine, { smtpUrl: inbox.url }));
      worker = new Worker(jobContextFor(server.context, quietLog), { definitions: [sendMailJob] });
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
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await inbox?.down();
    });

    it('creates the study with a country and an age filter', async () => {
      await page.goto(`${server.url}/dashboard/studies`);
      await page.getByRole('link', { name: 'New study' }).click();
      await page.getByLabel('Title participants see').fill('How people pay online');
      await page.getByLabel('Participants wanted').fill('4');
      await page.locator('[name="task1.title"]').fill('Try the checkout');
      await page.locator('[name="task1.task_url"]').fill('https://tasks.example/checkout');
      await expect
        .poll(() => page.locator('#price-estimate').textContent())
        .toMatch(/per participant/);
      // The builder in steps: the audience's filters are added one by one.
      await page.getByRole('button', { name: 'Next: audience' }).click();
      await page.waitForLoadState();
      const common = page.getByRole('group', { name: 'Common filters' });
      await common.getByRole('button', { name: 'Add Country', exact: true }).click();
      await page.waitForLoadState();
      await page.getByLabel('Country', { exact: true }).selectOption(['DE']);
      await page.getByLabel('Search the filters').pressSequentially('citi');
      await page.locator('#filter-results').getByRole('button', { name: 'Cities' }).click();
      await page.waitForLoadState();
      // The city field completes the name being typed from the option search, accent-blind.
      const cities = page.getByLabel('Cities (names, separated by commas)');
      await cities.pressSequentially('Berlin, munchen');
      await expect
        .poll(() =>
          page
            .locator('#places-cities-options option')
            .evaluateAll((options) => options.map((option) => option.getAttribute('value'))),
        )
        .toContain('Berlin, Munich');
      await cities.fill('');
      await common.getByRole('button', { name: 'Add Age', exact: true }).click();
      await page.waitForLoadState();
      await page.locator('[name="filter.integer--age.min"]').fill('18');
      await page.locator('[name="filter.integer--age.max"]').fill('65');
      await inspect('new-study-filled');
      await page.getByRole('button', { name: 'Save the draft' }).click();
      await page.waitForURL(/\/dashboard\/studies\/opp_\w+\/screener$/);
      studyId = /studies\/(opp_\w+)\/screener/.exec(page.url())![1]!;
      await page.goto(`${server.url}/dashboard/studies/${studyId}/builder`);
      await inspect('builder');
      // Each filter added is a page load of the audience step, and two pages are inspected.
    }, 90_000);

    it('writes a screener of two questions, one shown after an answer, and a quota', async () => {
      await page.getByRole('link', { name: 'Edit the screener question by question' }).click();
      await page.getByLabel('Question', { exact: true }).fill('What is your role?');
      await page.locator('#new-answers').fill('Designer\nStudent');
      // The editor changes the page in place (docs/decisions/0184-compact-screener-editor.md):
      // each change is waited for by its notice.
      const notice = (text: string) => page.locator('.flash', { hasText: text }).waitFor();
      await page.getByRole('button', { name: 'Add the question' }).click();
      await notice('Question added.');
      await page.getByLabel('What answer 2 of question 1 does').selectOption('reject');
      await page.getByRole('button', { name: 'Save question 1' }).click();
      await notice('Question 1 saved.');

      await page.getByLabel('Question', { exact: true }).fill('Which tools do you use?');
      await page.locator('#new-pick').selectOption('any');
      await page.locator('#new-answers').fill('Figma\nSketch');
      await page.getByRole('button', { name: 'Add the question' }).click();
      const second = page.locator('#question-2');
      await second.waitFor();
      await second.locator('summary').click();
      await second.locator('[name="show_if"]').selectOption('q1=Designer');
      await page.getByRole('button', { name: 'Save question 2' }).click();
      await notice('Question 2 saved.');

      await page.locator('[name="quota.0.0.count"]').fill('4');
      await page.locator('[name="quota.0.type"]').selectOption('maximum');
      await page.getByRole('button', { name: 'Save the quotas' }).click();
      await notice('Quotas saved.');
      await inspect('screener-editor');
      const full = (await api.get(`/v2/opportunities/${studyId}`)).body;
      expect(full.screening_questions[1].display_condition.conditions[0]).toMatchObject({
        screening_question: 'q1',
        answer: 'Designer',
      });
      expect(full.quotas[0].targets).toEqual([{ value: 'Designer', count: 4, type: 'maximum' }]);
    });

    it('previews it as a participant, then launches it', async () => {
      await page.goto(`${server.url}/dashboard/studies/${studyId}/builder`);
      await page.getByRole('button', { name: 'Preview as a participant' }).click();
      await page.waitForURL(`${server.url}/participate/studies/${studyId}`);
      await expect(page.getByText('What is your role?').count()).resolves.toBe(1);
      await page.goto(`${server.url}/dashboard/studies/${studyId}/builder`);
      await page.getByRole('button', { name: 'Launch study' }).click();
      await page.waitForLoadState();
      expect((await api.get(`/v2/opportunities/${studyId}`)).body.status).toBe('active');
    });

    it('approves the work of simulated participants in one action, and exports it', async () => {
      for (let i = 0; i < 3; i++) {
        const person = await signUp(server, { country_id: 'DE', state_id: null, city_id: null });
        const applied = await person.api.post(
          `/v2/participant/opportunities/${studyId}/applications`,
          {
            answers: [
              { key: 'q1', answer: ['Designer'] },
              { key: 'q2', answer: ['Figma'] },
            ],
          },
        );
        const id = applied.body.submission_id;
        await person.api.post(`/v2/participant/submissions/${id}/start`, {});
        await person.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {});
      }
      await page.goto(
        `${server.url}/dashboard/studies/${studyId}/submissions?status=awaiting_review`,
      );
      await inspect('submissions-awaiting');
      await page.getByLabel('or act on every submission awaiting review (3)').check();
      await page.getByLabel('Approve and pay').check();
      await page.getByRole('button', { name: 'Apply to the chosen' }).click();
      await page.waitForLoadState();
      await expect(flash()).resolves.toBe('Approved 3 submissions.');

      const download = await page.request.get(
        `${server.url}/dashboard/studies/${studyId}/submissions.csv`,
      );
      const [header, ...rows] = parseCsv(await download.text());
      expect(header).toContain('answer:q1');
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row[2] === 'approved')).toBe(true);
    });

    it('invites a colleague, who signs in with the mailed link', async () => {
      await page.goto(`${server.url}/dashboard/settings/team`);
      await page.getByLabel('Email').fill(colleague);
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      await expect(flash()).resolves.toBe(`Invitation mailed to ${colleague}.`);
      clock.now = Date.now();
      await worker.drain();
      const mail = inbox.received.findLast((m) => m.rcptTo.includes(colleague));
      expect(mail?.subject).toContain('Join Northwind Research');
      const theirs = await (await launchChromium()).newPage();
      try {
        await theirs.goto(`${server.url}${linkPath(mail!.body, '/dashboard/login/')}`);
        await theirs.waitForURL(`${server.url}/dashboard`);
        await theirs.goto(`${server.url}/dashboard/settings/team`);
        await expect(theirs.getByText(`${colleague} (you)`).count()).resolves.toBe(1);
      } finally {
        await theirs.context().close();
      }
    });
  },
);
