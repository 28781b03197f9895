import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { sendMailJob } from '../../src/mail/send.job.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { type Clock, startDashboardServer } from '../dashboard/support.ts';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import { createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { checkPage } from '../support/page-checks.ts';
import { launchStudy, type Study } from '../support/participant-side.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { PASSWORD, uniqueEmail } from './support.ts';

reportMissingChromium('Participant app language tests');

/**
 * Issue 34's journey: a browser that reads German signs up, receives the German verification mail
 * over SMTP, switches to French on the studies page and applies to a study shown in French. The
 * German pages are the screenshots of docs/screenshots/participant-de-*.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('a participant in their own language, in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let clock: Clock;
    let inbox: SmtpInbox;
    let worker: Worker;
    let browser: BrowserContext;
    let page: Page;
    let study: Study;
    const email = uniqueEmail('sprache');

    const inspect = (name: string) => checkPage(page, { prefix: 'participant-de', name, engine });
    const htmlLang = () => page.locator('html').getAttribute('lang');
    const participantRow = () =>
      server.database.db
        .selectFrom('participants')
        .select(['language', 'id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();

    beforeAll(async () => {
      loadGeography();
      inbox = await SmtpInbox.start();
      ({ server, clock } = await startDashboardServer(
        engine,
        { smtpUrl: inbox.url },
        { ownDatabase: true },
      ));
      worker = new Worker(jobContextFor(server.context, quietLog), {
        definitions: [sendMailJob],
      });
      const organization = await createTestOrganization(server, {
        name: 'Institut für Marktforschung',
        balanceCents: 2_000_000,
      });
      study = await launchStudy(server, organization, {
        title: 'How people plan their week',
        filters: [{ 'multi_select--country': { $in: ['DE'] } }],
        questions: [
          {
            key: 'planner',
            text: 'How do you plan your week?',
            pick: 'one',
            answers: [
              { text: 'On paper' },
              { text: 'In an app' },
              { text: 'I do not plan', qualify_logic: 'reject' },
            ],
          },
        ],
        translations: {
          de: {
            title: 'Wie Menschen ihre Woche planen',
            description: 'Erzählen Sie uns, wie Sie Ihre Woche planen.',
            screening_questions: {
              planner: {
                text: 'Wie planen Sie Ihre Woche?',
                answers: ['Auf Papier', 'In einer App', 'Ich plane nicht'],
              },
            },
            tasks: { '1': { title: 'Umfrage beantworten', description: 'Zehn kurze Fragen' } },
          },
          fr: {
            title: 'Comment les gens planifient leur semaine',
            description: 'Dites-nous comment vous organisez votre semaine.',
            screening_questions: {
              planner: {
                text: 'Comment planifiez-vous votre semaine ?',
                answers: ['Sur papier', 'Dans une application', 'Je ne planifie pas'],
              },
            },
            tasks: {
              '1': { title: 'Répondre au questionnaire', description: 'Dix questions courtes' },
            },
          },
        },
      });
      browser = await launchChromium({ timezoneId: 'Europe/Berlin', locale: 'de-DE' });
      page = await browser.newPage();
      await page.setViewportSize({ width: 390, height: 900 });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await inbox?.down();
    });

    it('greets a German browser in German at the front door and on the sign-up form', async () => {
      await page.goto(`${server.url}/`);
      await expect(htmlLang()).resolves.toBe('de');
      await expect(
        page.getByRole('heading', { name: 'An Studien teilnehmen' }).count(),
      ).resolves.toBe(1);
      await inspect('front-door');
      await page.getByRole('link', { name: 'Jetzt mitmachen' }).click();
      await page.waitForURL(`${server.url}/participate/sign-up`);
      await expect(htmlLang()).resolves.toBe('de');
      await inspect('sign-up');
    });

    it('signs up, and the account reads German from the browser’s Accept-Language', async () => {
      await page.locator('#name').fill('Mira Weber');
      await page.locator('#email').fill(email);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#country_id').selectOption('DE');
      await page.locator('#birth_date').fill('1991-05-17');
      await page.locator('#terms').check();
      await page.locator('#name').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/participate/profile`);
      await expect(htmlLang()).resolves.toBe('de');
      expect((await participantRow()).language).toBe('de');
      await inspect('profile');
    });

    it('receives the verification mail in German over SMTP, with Content-Language: de', async () => {
      clock.now = Date.now();
      await worker.drain();
      const mail = inbox.received.findLast((m) => m.rcptTo.includes(email));
      expect(mail).toBeDefined();
      expect(mail!.headers).toMatch(/^content-language: de$/im);
      expect(mail!.body).toContain('Hallo Mira Weber');
      expect(mail!.subject).not.toMatch(/Confirm your email/);
      const link = /https?:\/\/\S+\/participate\/verify\/\S+/.exec(mail!.body)![0];
      await page.goto(link);
      await page.waitForURL(`${server.url}/participate`);
      await expect(htmlLang()).resolves.toBe('de');
    });

    it('sees the study in German, with German money', async () => {
      await expect(
        page.getByRole('link', { name: 'Wie Menschen ihre Woche planen' }).count(),
      ).resolves.toBe(1);
      // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what this checks
      await expect(page.locator('main').innerText()).resolves.toMatch(/\d+,\d{2}\s\$/);
      await inspect('studies');
      await page.getByRole('link', { name: 'Wie Menschen ihre Woche planen' }).click();
      await expect(page.getByText('Wie planen Sie Ihre Woche?').count()).resolves.toBe(1);
      await inspect('study');
      await page.goto(`${server.url}/participate`);
    });

    it('switches to French on the studies page, and the choice is the account’s', async () => {
      await page.getByRole('button', { name: 'Français' }).click();
      await page.waitForURL(`${server.url}/participate`);
      await expect(htmlLang()).resolves.toBe('fr');
      expect((await participantRow()).language).toBe('fr');
      await expect(
        page.getByRole('link', { name: 'Comment les gens planifient leur semaine' }).count(),
      ).resolves.toBe(1);
    });

    it('applies to the study shown in French, graded as the study’s own answers', async () => {
      await page.getByRole('link', { name: 'Comment les gens planifient leur semaine' }).click();
      await page.waitForURL(`${server.url}/participate/studies/${study.id}`);
      await expect(htmlLang()).resolves.toBe('fr');
      await expect(page.getByText('Comment planifiez-vous votre semaine ?').count()).resolves.toBe(
        1,
      );
      await page.getByLabel('Dans une application').check();
      await page.locator('form[action$="/apply"] button[type="submit"]').click();
      await page.waitForLoadState();
      await expect(htmlLang()).resolves.toBe('fr');
      const { id } = await participantRow();
      const submission = await server.database.db
        .selectFrom('submissions')
        .select(['status', 'screening_answers'])
        .where('participant_id', '=', id)
        .where('opportunity_id', '=', study.id)
        .executeTakeFirstOrThrow();
      expect(submission.status).toBe('screen_passed');
      expect(JSON.stringify(JSON.parse(submission.screening_answers))).toContain('In an app');
    });

    it('shows the outcome and the work in German once switched back', async () => {
      await page.getByRole('button', { name: 'Deutsch' }).click();
      await page.waitForLoadState();
      await expect(htmlLang()).resolves.toBe('de');
      await inspect('outcome');
      await page.goto(`${server.url}/participate/submissions`);
      await inspect('my-work');
      await page.goto(`${server.url}/participate/earnings`);
      await inspect('earnings');
    });
  },
);
