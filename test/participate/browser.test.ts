import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { sendMailJob } from '../../src/mail/send.job.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { type Clock, createDashboardUser, startDashboardServer } from '../dashboard/support.ts';
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
import { launchStudy, type Study } from '../support/participant-side.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { PASSWORD, uniqueEmail } from './support.ts';

reportMissingChromium('Participant app browser tests');

/** A survey tool: its page ends with the redirect the researcher set, to the completion URL. */
async function startSurveyTool() {
  let completionUrl = '';
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.url ?? '');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><title>Survey</title><main><h1>Thanks for your answers</h1>
      <a href="${completionUrl}">Finish the survey</a></main></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/survey?lang=en`,
    seen,
    redirectTo(url: string) {
      completionUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('a participant’s whole journey in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let clock: Clock;
    let inbox: SmtpInbox;
    let worker: Worker;
    let survey: Awaited<ReturnType<typeof startSurveyTool>>;
    let browser: BrowserContext;
    let page: Page;
    let researcher: Client;
    let owner: Awaited<ReturnType<typeof createDashboardUser>>;
    let study: Study;
    let elsewhere: Study;
    const email = uniqueEmail('journey');
    const checked: string[] = [];
    /** Rendered text, as a person reads it. */
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what these tests check
    const text = (selector: string) => page.locator(selector).first().innerText();

    /** Every page passes the same checks (test/support/page-checks.ts). */
    async function inspect(name: string) {
      await checkPage(page, { prefix: 'participant', name, engine });
      checked.push(name);
    }

    /** Delivers queued mail over SMTP and answers the newest one to `to`. */
    async function mailTo(to: string) {
      // The server's clock stands still unless moved; the mail is due by real time.
      clock.now = Date.now();
      await worker.drain();
      const mail = inbox.received.findLast((m) => m.rcptTo.includes(to));
      if (!mail) throw new Error(`no mail reached ${to}`);
      return mail;
    }

    beforeAll(async () => {
      loadGeography();
      inbox = await SmtpInbox.start();
      survey = await startSurveyTool();
      // Its own database: the first page of studies must not fill with other files' studies.
      ({ server, clock } = await startDashboardServer(
        engine,
        { smtpUrl: inbox.url },
        { ownDatabase: true },
      ));
      worker = new Worker(jobContextFor(server.context, quietLog), {
        definitions: [sendMailJob],
      });
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 2_000_000,
      });
      researcher = client(server, organization.apiKey);
      owner = await createDashboardUser(server, organization.id, 'owner');
      study = await launchStudy(server, organization, {
        title: 'How designers choose their tools',
        filters: [{ 'multi_select--country': { $in: ['DE'] } }],
        questions: [
          {
            key: 'role',
            text: 'What is your role?',
            pick: 'one',
            answers: [
              { text: 'Designer' },
              { text: 'Engineer' },
              { text: 'Student', qualify_logic: 'reject' },
            ],
            skip_rules: [
              {
                conditions: [{ screening_question: 'role', answer: 'Engineer', operator: 'eq' }],
                join: 'and',
                target_question: 'consent',
              },
            ],
          },
          {
            key: 'tools',
            text: 'Which tools do you use?',
            pick: 'any',
            answers: [{ text: 'Figma', qualify_logic: 'must' }, { text: 'Sketch' }],
          },
          {
            key: 'figma_years',
            text: 'How long have you used Figma?',
            pick: 'one',
            answers: [{ text: 'Under a year', qualify_logic: 'reject' }, { text: 'Longer' }],
            display_condition: {
              conditions: [{ screening_question: 'tools', answer: 'Figma', operator: 'eq' }],
              join: 'and',
            },
          },
          { key: 'consent', text: 'May we record the session?', pick: 'boolean', answers: [] },
        ],
        tasks: [
          {
            sequence: 1,
            task_type: 'activity',
            review_type: 'manual_review',
            task_url: survey.url,
            title: 'Answer the survey',
            description: 'Ten questions about your tools',
            duration_minutes: 15,
          },
        ],
      });
      elsewhere = await launchStudy(server, organization, {
        title: 'Only for people in the US',
        filters: [{ 'multi_select--country': { $in: ['US'] } }],
      });
      const full = await researcher.get(`/v2/opportunities/${study.id}`);
      survey.redirectTo(full.body.tasks[0].completion_url);
      browser = await launchChromium({ timezoneId: 'Europe/Berlin' });
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      await page.setViewportSize({ width: 390, height: 900 });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await inbox?.down();
      await survey?.close();
    });

    it('walks in by the front door and joins with the keyboard, the time zone guessed', async () => {
      await page.goto(`${server.url}/`);
      await inspect('front-door');
      await page.getByRole('link', { name: 'Join the panel' }).click();
      await page.waitForURL(`${server.url}/participate/sign-up`);
      await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Europe/Berlin');
      await inspect('sign-up');
      await page.getByLabel('Your name').fill('Mira Weber');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel('Country you live in').selectOption('DE');
      await page.getByLabel('Date of birth').fill('1991-05-17');
      await page.getByLabel(/I agree to take part/).check();
      // Enter in a field sends the form, as with any form.
      await page.getByLabel('Your name').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/participate/profile`);
      await expect(text('.flash')).resolves.toContain('We sent a link');
    });

    it('fills the profile: the city found by typing, a seniority ticked', async () => {
      await inspect('profile');
      const city = page.getByLabel('City');
      await city.pressSequentially('Munic', { delay: 20 });
      await expect.poll(() => page.locator('#city-options option').count()).toBeGreaterThan(0);
      await city.fill('Munich');
      await city.dispatchEvent('input');
      await page
        .getByRole('group', { name: 'Seniority' })
        .getByLabel('Senior', { exact: true })
        .check();
      await page.getByRole('button', { name: 'Save the profile' }).click();
      await page.waitForLoadState();
      await expect(text('.flash')).resolves.toContain('Your profile is saved');
      const row = await server.database.db
        .selectFrom('participants')
        .select(['city_id', 'attributes', 'timezone'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.city_id).toBe('2867714');
      expect(row.timezone).toBe('Europe/Berlin');
      expect(JSON.parse(row.attributes)['multi_select--seniority']).toEqual(['senior']);
    });

    it('verifies the address by the link mailed over SMTP', async () => {
      await page.goto(`${server.url}/participate`);
      await expect(
        page.getByRole('heading', { name: 'Confirm your email to apply' }).count(),
      ).resolves.toBe(1);
      const mail = await mailTo(email);
      expect(mail.subject).toBe(
        `Confirm your email for ${new URL(server.context.config.publicUrl).host}`,
      );
      const link = /https?:\/\/\S+\/participate\/verify\/\S+/.exec(mail.body)![0];
      await page.goto(link);
      await page.waitForURL(`${server.url}/participate`);
      await expect(text('.flash')).resolves.toContain('confirmed');
    });

    it('sees the study it fits and not the one it does not', async () => {
      await inspect('studies');
      await expect(
        page.getByRole('link', { name: 'How designers choose their tools' }).count(),
      ).resolves.toBe(1);
      await expect(page.getByText('Only for people in the US').count()).resolves.toBe(0);
      expect(elsewhere.id).not.toBe(study.id);
    });

    it('passes the screener, its questions appearing and skipping as it answers', async () => {
      await page.getByRole('link', { name: 'How designers choose their tools' }).click();
      await page.waitForURL(`${server.url}/participate/studies/${study.id}`);
      const question = (key: string) => page.locator(`fieldset[data-question="${key}"]`);
      await expect(question('figma_years').isHidden()).resolves.toBe(true);
      await page.getByLabel('Engineer').check();
      await expect(question('tools').isHidden()).resolves.toBe(true);
      await expect(question('consent').isVisible()).resolves.toBe(true);
      await page.getByLabel('Designer').check();
      await expect(question('tools').isVisible()).resolves.toBe(true);
      await page.getByLabel('Figma').check();
      await expect(question('figma_years').isVisible()).resolves.toBe(true);
      await page.getByLabel('Longer').check();
      await page.getByLabel('Yes').check();
      await inspect('study');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForLoadState();
      await expect(page.getByRole('heading', { name: 'You are in' }).count()).resolves.toBe(1);
      await inspect('outcome');
    });

    it('starts the task, does the survey and comes back through the completion URL', async () => {
      await page.getByRole('link', { name: 'Go to the tasks' }).click();
      await page.waitForURL(/\/participate\/submissions\/sub_/);
      const submissionUrl = page.url();
      const submissionId = submissionUrl.split('/').pop()!;
      await page.getByRole('button', { name: 'Start' }).click();
      await page.waitForLoadState();
      await inspect('submission');
      const taskLink = page.getByRole('link', { name: /Open the task/ });
      const href = (await taskLink.getAttribute('href'))!;
      expect(new URL(href).searchParams.get('submissionId')).toBe(submissionId);
      await page.goto(href);
      await page.getByRole('link', { name: 'Finish the survey' }).click();
      await page.waitForURL(submissionUrl);
      await expect(text('.flash')).resolves.toContain('that task is handed in');
      await inspect('submission-handed-in');
      expect(survey.seen.some((url) => url.includes(`submissionId=${submissionId}`))).toBe(true);
      expect((await researcher.get(`/v2/submissions/${submissionId}`)).body.status).toBe(
        'awaiting_review',
      );
    });

    it('is approved in the dashboard and sees the payment in earnings', async () => {
      const listed = await researcher.get(
        `/v2/opportunities/${study.id}/submissions?status=awaiting_review`,
      );
      const [submission] = listed.body.data;
      await page.goto(`${server.url}/dashboard/sign-in`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill('correct horse battery staple');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/dashboard`);
      await page.goto(listed.body.dashboard_url);
      // The work opens beside the list, its decisions there (docs/decisions/0183-review-at-a-glance.md).
      const panel = page.locator('#review-panel');
      await page.locator(`[data-submission="${submission.id}"] a[data-panel]`).click();
      await expect
        .poll(() => panel.getByRole('button', { name: 'Approve' }).count(), { timeout: 15_000 })
        .toBe(1);
      await panel.getByRole('button', { name: 'Approve' }).click();
      await page.waitForLoadState();
      await expect(text('.flash')).resolves.toBe('Approved: the participant is paid.');

      await page.goto(`${server.url}/participate/earnings`);
      const amount = `$${(study.incentiveCents / 100).toFixed(2)}`;
      await expect(text('.total strong')).resolves.toBe(amount);
      await expect(
        page.getByRole('cell', { name: 'How designers choose their tools' }).count(),
      ).resolves.toBeGreaterThan(0);
      await inspect('earnings');
      await page.getByRole('link', { name: 'My work' }).click();
      await inspect('my-work');
    });

    it('signs out, and the signed-out pages pass the same checks', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/participate/sign-in`);
      await inspect('sign-in');
      await page.getByRole('link', { name: /Forgot your password/ }).click();
      await inspect('forgot-password');
      expect(checked).toEqual([
        'front-door',
        'sign-up',
        'profile',
        'studies',
        'study',
        'outcome',
        'submission',
        'submission-handed-in',
        'earnings',
        'my-work',
        'sign-in',
        'forgot-password',
      ]);
    });
  },
);
