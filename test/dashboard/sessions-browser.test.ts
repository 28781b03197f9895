import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import { createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { checkPage } from '../support/page-checks.ts';
import { launchStudy } from '../support/participant-side.ts';
import {
  addLab,
  addSession,
  enrolledParticipant,
  minutesFromNow,
  wallClockIn,
} from './session-support.ts';
import {
  Browserless,
  type Clock,
  createDashboardUser,
  signInInBrowser,
  startDashboardServer,
} from './support.ts';

reportMissingChromium('Dashboard sessions browser tests');

/**
 * Labs, a lab's week, a study's sessions and a session's roster in Chromium: each passes the
 * pages' checks (axe, no sideways scroll at 390 px, screenshots); the roster is ticked with a
 * finger's worth of target and printed as a sign-in sheet.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the dashboard’s lab sessions in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let clock: Clock;
    let browser: BrowserContext;
    let page: Page;
    let studyId: string;
    let labId: string;
    let rosterSession: string;
    const names = ['Ana Lima', 'Ben Okafor', 'Chiara Rossi'];
    const submissions: string[] = [];

    const inspect = (name: string) => checkPage(page, { prefix: 'dashboard', name, engine });

    beforeAll(async () => {
      loadGeography();
      ({ server, clock } = await startDashboardServer(engine));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 5_000_000,
      });
      const owner = await createDashboardUser(server, organization.id, 'owner');
      const setup = new Browserless(server.url);
      await setup.signIn(owner.email, owner.password);
      studyId = (
        await launchStudy(server, organization, {
          title: 'Reaction times in the lab',
          numParticipants: 10,
          questions: [],
        })
      ).id;
      labId = await addLab(setup, {
        name: 'Room 101 (basement, east wing)',
        time_zone: 'Europe/Berlin',
        capacity: '8',
      });
      // This week's sessions for the calendar, and one about to start for the roster.
      for (const [days, time] of [
        [1, '09:00'],
        [1, '11:00'],
        [2, '14:30'],
      ] as const) {
        await addSession(setup, studyId, {
          lab_id: labId,
          starts_at: wallClockIn(server, days, time, 'Europe/Berlin'),
          capacity: '2',
        });
      }
      rosterSession = await addSession(setup, studyId, {
        lab_id: labId,
        starts_at: minutesFromNow(server, 60, 'Europe/Berlin'),
        enrollment_closes_minutes_before: '0',
        capacity: '2',
        reserve: '1',
      });
      for (const name of names) {
        submissions.push(
          (await enrolledParticipant(server, studyId, rosterSession, name)).submissionId,
        );
      }
      browser = await launchChromium({ timezoneId: 'Europe/Berlin' });
      page = await browser.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      await signInInBrowser(page, server.url, owner);
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    }, 120_000);

    it('shows the labs, a lab, its week and the study’s sessions', async () => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Labs' })
        .click();
      await page.waitForURL(`${server.url}/dashboard/labs`);
      await inspect('labs');

      await page.goto(`${server.url}/dashboard/labs/${labId}`);
      await inspect('lab');

      await page.goto(`${server.url}/dashboard/labs/${labId}/week`);
      // The sessions of tomorrow and the day after may fall in next week: follow the link.
      if ((await page.locator('.week-session').count()) < 3) {
        await page.getByRole('link', { name: 'Next week' }).click();
      }
      expect(await page.locator('.week-session').count()).toBeGreaterThan(0);
      await inspect('lab-week');

      await page.goto(`${server.url}/dashboard/studies/${studyId}/sessions`);
      await expect(page.getByLabel('Where').inputValue()).resolves.toBe('');
      await inspect('study-sessions');
    }, 120_000);

    it('ticks attendance on the roster with large targets, and saves it at once', async () => {
      clock.advance(90 * 60_000);
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(`${server.url}/dashboard/sessions/${rosterSession}/roster`);
      for (const name of names) {
        await expect(page.locator('.roster-name', { hasText: name }).count()).resolves.toBe(1);
      }
      // A tablet's finger: every choice's target is at least 44 px high.
      const heights = await page
        .locator('.attendance-choice label')
        .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
      expect(heights.length).toBe(names.length * 4);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      await inspect('roster');

      await page.setViewportSize({ width: 1024, height: 768 });
      const row = (index: number) => page.getByRole('group', { name: new RegExp(names[index]!) });
      await row(0).getByLabel('Participated', { exact: true }).check();
      await row(1).getByLabel('No show', { exact: true }).check();
      await row(2).getByLabel('Showed up, not needed', { exact: true }).check();
      await expect(page.locator(`#attendance-${submissions[1]}-no_show`).isChecked()).resolves.toBe(
        true,
      );
      await page.getByRole('button', { name: 'Save attendance' }).click();
      await page.waitForURL(`${server.url}/dashboard/sessions/${rosterSession}/roster`);
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'Attendance is saved for 3 participants.',
      );
      await expect(page.locator('.roster-recorded').count()).resolves.toBe(3);
      await inspect('roster-saved');
    }, 120_000);

    it('prints the roster as a sign-in sheet: no navigation or buttons, a line to sign', async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.emulateMedia({ media: 'print' });
      try {
        await expect(page.locator('header.top').isVisible()).resolves.toBe(false);
        await expect(page.locator('nav.crumbs').isVisible()).resolves.toBe(false);
        await expect(page.getByRole('button', { name: /Print/ }).isVisible()).resolves.toBe(false);
        await expect(page.locator('.roster-signature').first().isVisible()).resolves.toBe(true);
        await expect(page.locator('.roster-name', { hasText: names[0] }).isVisible()).resolves.toBe(
          true,
        );
        await page.pdf({ path: '.test-artifacts/roster-sign-in-sheet.pdf', format: 'A4' }).catch(
          // PDF output needs a headless Chromium of our own; over a shared connection it may not.
          () => undefined,
        );
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
    }, 120_000);
  },
);
