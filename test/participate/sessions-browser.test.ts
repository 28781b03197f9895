import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  addLab,
  addSession,
  applyToScheduled,
  enrolledParticipant,
  verifiedParticipant,
  wallClockIn,
} from '../dashboard/session-support.ts';
import { Browserless, createDashboardUser, startDashboardServer } from '../dashboard/support.ts';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import { createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { checkPage } from '../support/page-checks.ts';
import { launchStudy } from '../support/participant-side.ts';
import { PASSWORD } from './support.ts';

reportMissingChromium('Participant session picker browser tests');

/**
 * A scheduled study's session picker in Chromium: the sessions in the reader's time and the lab's,
 * enrolling with a tap, a full session said in the reader's words, and the enrolled session on
 * "My work" with its calendar file; each page passes the pages' checks, in English and German.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the session picker in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let studyId: string;
    let full: string;

    beforeAll(async () => {
      loadGeography();
      ({ server } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 5_000_000,
      });
      const owner = await createDashboardUser(server, organization.id, 'owner');
      const researcher = new Browserless(server.url);
      await researcher.signIn(owner.email, owner.password);
      studyId = (
        await launchStudy(server, organization, {
          title: 'Reaction times in the lab',
          numParticipants: 6,
          questions: [],
        })
      ).id;
      const labId = await addLab(researcher, {
        name: 'Room 101',
        address: 'Hauptstraße 1, 10115 Berlin',
        time_zone: 'America/New_York',
        capacity: '6',
      });
      full = await addSession(researcher, studyId, {
        lab_id: labId,
        starts_at: wallClockIn(server, 3, '09:00', 'America/New_York'),
        capacity: '1',
      });
      await addSession(researcher, studyId, {
        lab_id: labId,
        starts_at: wallClockIn(server, 4, '13:30', 'America/New_York'),
        capacity: '3',
        reserve: '1',
      });
      browser = await launchChromium({ timezoneId: 'Europe/Berlin' });
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    async function signIn(email: string) {
      await page.goto(`${server.url}/participate/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/participate`);
    }

    it('picks a session, is refused a full one in words, and finds it on My work', async () => {
      const { participant, form } = await verifiedParticipant(server);
      const { picker, submissionId } = await applyToScheduled(participant, studyId);
      await signIn(form.email);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${server.url}${picker}`);
      await expect(page.locator('.session-option').count()).resolves.toBe(2);
      await expect(page.getByText('Your time:').first().isVisible()).resolves.toBe(true);
      await expect(page.getByText('Lab time:').first().isVisible()).resolves.toBe(true);
      await checkPage(page, { prefix: 'participant', name: 'session-picker', engine });

      // Someone else takes the last seat of the first session while the page is open.
      await enrolledParticipant(server, studyId, full);
      await page.locator('.session-option').first().getByRole('button').click();
      await page.waitForURL(`${server.url}${picker}`);
      await expect(page.getByRole('alert').textContent()).resolves.toContain(
        'That session has just filled up.',
      );
      await expect(page.locator('.session-option').count()).resolves.toBe(1);

      await page.locator('.session-option').first().getByRole('button').click();
      await page.waitForURL(`${server.url}/participate/submissions/${submissionId}`);
      await expect(page.getByRole('status').textContent()).resolves.toContain('You are enrolled.');
      await expect(page.getByRole('heading', { name: 'Your session' }).isVisible()).resolves.toBe(
        true,
      );
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Add to calendar' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('session.ics');
      await checkPage(page, { prefix: 'participant', name: 'session-enrolled', engine });
    }, 120_000);

    it('shows the picker in German to a German reader', async () => {
      const { participant, form } = await verifiedParticipant(server);
      await server.database.db
        .updateTable('participants')
        .set({ language: 'de' })
        .where('email', '=', form.email.toLowerCase())
        .execute();
      const { picker } = await applyToScheduled(participant, studyId);
      await page.context().clearCookies();
      await page.goto(`${server.url}/participate/sign-in`);
      await page.getByLabel('Email').fill(form.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/participate`);
      await page.goto(`${server.url}${picker}`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Termin wählen',
      );
      await checkPage(page, { prefix: 'participant-de', name: 'session-picker', engine });
    }, 120_000);
  },
);
