import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { startDashboardServer } from '../dashboard/support.ts';
import {
  browserTitle,
  chromiumAvailable,
  launchChromium,
  reportMissingChromium,
} from '../support/browser.ts';
import { engines, type TestServer } from '../support/harness.ts';
import { checkPage } from '../support/page-checks.ts';
import { csrfOf, joinPanel, PASSWORD, ParticipantClient, uniqueEmail } from './support.ts';

reportMissingChromium('Your-data page browser tests');

/**
 * The participant app's "Your data" (docs/participant-data.md): the download, and "Delete my
 * account" behind the password and the session's form token.
 */
describe.each(engines())('your data in the participant app on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
  }, 120_000);
  afterAll(() => server?.close());

  const visitor = () => new ParticipantClient(server.url);

  it('downloads everything held as JSON from the profile page', async () => {
    const client = visitor();
    const form = await joinPanel(client);
    const profile = await client.get('/participate/profile');
    expect(profile.text).toContain('href="/participate/profile/data.json"');
    expect(profile.text).toContain('href="/participate/account/delete"');
    const download = await client.get('/participate/profile/data.json');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="cohort-my-data.json"',
    );
    const document = JSON.parse(download.text);
    expect(document.participant).toMatchObject({ name: form.name, email: form.email });
    expect(document.account).toMatchObject({ status: 'active', password_set: true });
    expect(document.account.sessions).toHaveLength(1);
    expect(document.mail.map((m: { kind: string }) => m.kind)).toEqual(['verify_email']);
    const signedOut = await visitor().get('/participate/profile/data.json');
    expect(signedOut.status).toBe(303);
  });

  it('deletes only with the password and the form token, then nothing signs in', async () => {
    const client = visitor();
    const form = await joinPanel(client);
    const page = await client.get('/participate/account/delete');
    expect(page.status).toBe(200);

    const forged = await client.post('/participate/account/delete', { password: PASSWORD });
    expect(forged.status).toBe(403);
    const wrong = await client.post('/participate/account/delete', {
      _csrf: csrfOf(page.text),
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('does not match your password');
    expect((await client.get('/participate/profile')).status).toBe(200);

    const done = await client.post('/participate/account/delete', {
      _csrf: csrfOf(page.text),
      password: PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your account is deleted');
    expect((await client.get('/participate/profile')).status).toBe(303);

    const again = visitor();
    const signIn = await again.get('/participate/sign-in');
    const refused = await again.post('/participate/sign-in', {
      _csrf: csrfOf(signIn.text),
      email: form.email,
      password: PASSWORD,
    });
    expect(refused.status).toBe(401);
    // The address is free again: nothing of the old account holds it.
    await joinPanel(visitor(), { email: form.email });
  });
});

describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('deleting an account in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      loadGeography();
      ({ server } = await startDashboardServer(engine));
      browser = await launchChromium({ timezoneId: 'Europe/Berlin' });
      page = await browser.newPage();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('finds the page from the profile, refuses a wrong password beside the field, and deletes', async () => {
      const email = uniqueEmail('leaving');
      await page.goto(`${server.url}/participate/sign-up`);
      await page.getByLabel('Your name').fill('Noor Haddad');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel('Country you live in').selectOption('DE');
      await page.getByLabel('Date of birth').fill('1988-11-02');
      await page.getByLabel(/I agree to take part/).check();
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.waitForURL(`${server.url}/participate/profile`);

      await page.getByRole('link', { name: 'Delete my account' }).click();
      await page.waitForURL(`${server.url}/participate/account/delete`);
      await checkPage(page, { prefix: 'participant', name: 'delete-account', engine });

      await page.getByLabel('Your password').fill('not the password');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.locator('#password-problems').textContent()).resolves.toContain(
        'does not match your password',
      );
      await expect(page.getByLabel('Your password').getAttribute('aria-invalid')).resolves.toBe(
        'true',
      );
      await checkPage(page, { prefix: 'participant', name: 'delete-account-refused', engine });

      await page.getByLabel('Your password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.locator('h1').textContent()).resolves.toBe('Your account is deleted');
      await checkPage(page, { prefix: 'participant', name: 'account-deleted', engine });
      await page.goto(`${server.url}/participate/profile`);
      await page.waitForURL(/\/participate\/sign-in/);
      // Three pages checked, each at two widths and in both colour schemes.
    }, 90_000);
  },
);
