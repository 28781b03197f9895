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
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  type Study,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';
import { createDashboardUser, signInInBrowser, startDashboardServer } from './support.ts';

reportMissingChromium('Dashboard recruitment browser tests');

/**
 * The recruitment tab's invitations in Chromium (docs/api/invitations.md): what was sent, who
 * applied from an invitation, the outreach plan, and "Invite N more" beside the count of those
 * eligible, sending through the API's use case. A database of its own: the counts are exact.
 */
describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the recruitment tab’s invitations in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let researcher: Client;
    let study: Study;
    const germans: TestParticipant[] = [];
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what these tests check
    const text = (selector: string) => page.locator(selector).first().innerText();

    beforeAll(async () => {
      loadGeographyOnce();
      ({ server } = await startDashboardServer(engine, {}, { ownDatabase: true }));
      const organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 1_000_000,
      });
      researcher = client(server, organization.apiKey);
      study = await launchStudy(server, organization, {
        title: 'How Germans plan their week',
        numParticipants: 20,
        filters: [{ 'multi_select--country': { $in: ['DE'] } }],
      });
      const german = { country_id: 'DE', state_id: null, city_id: null, timezone: 'Europe/Berlin' };
      for (let i = 0; i < 6; i++) germans.push(await signUp(server, german));
      // One invited by the API, who applies; an outreach plan set on the active study.
      await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
        participant_ids: [germans[0]!.id],
      });
      await apply(germans[0]!, study.id);
      const plan = { initial_invitations: 0, wave_size: 1, wave_every_minutes: 60 };
      const patched = await researcher.patch(`/v2/opportunities/${study.id}`, { outreach: plan });
      expect(patched.status, patched.text).toBe(200);

      const owner = await createDashboardUser(server, organization.id, 'owner');
      browser = await launchChromium();
      page = await browser.newPage();
      await signInInBrowser(page, server.url, owner);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('shows invitations and the plan, and invites N more with problems beside the field', async () => {
      await page.goto(`${server.url}/dashboard/studies/${study.id}/recruitment`);
      await checkPage(page, { prefix: 'dashboard', name: 'recruitment-invitations', engine });
      const section = await text('section[aria-labelledby="invitations-heading"]');
      expect(section).toMatch(/Invitations sent\s+1/);
      expect(section).toMatch(/Applied from an invitation\s+1 \(100%\)/);
      expect(section).toContain('0 invitations at launch, then 1 more every 60 minutes');
      expect(await text('#invite-count-eligible')).toBe('5 eligible participants not yet invited');

      // A count the use case refuses: the page again, the problem beside the field, "abc" kept.
      const field = page.getByLabel('Invite N more');
      await field.fill('abc');
      await page.getByRole('button', { name: 'Send invitations' }).click();
      await page.waitForLoadState();
      await expect(text('#invite-count-problems')).resolves.toBe(
        'Must be an integer from 1 to 10000',
      );
      await expect(field.inputValue()).resolves.toBe('abc');
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
      await checkPage(page, { prefix: 'dashboard', name: 'recruitment-invite-problem', engine });

      await field.fill('3');
      await page.getByRole('button', { name: 'Send invitations' }).click();
      await page.waitForURL(`${server.url}/dashboard/studies/${study.id}/recruitment`);
      await expect(text('.flash')).resolves.toContain(
        'Invited 3 participants; 2 eligible participants not yet invited.',
      );
      expect(await text('section[aria-labelledby="invitations-heading"]')).toMatch(
        /Invitations sent\s+4/,
      );
      expect(await text('#invite-count-eligible')).toBe('2 eligible participants not yet invited');
      const listed = await researcher.get(`/v2/opportunities/${study.id}/invitations`);
      expect(listed.body.data).toHaveLength(4);
    });
  },
);
