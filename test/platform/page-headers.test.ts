import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserTitle,
  chromiumAvailable,
  cspViolations,
  launchChromium,
} from '../support/browser.ts';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';

/**
 * The headers every HTML page sends (platform/web/page-headers.ts): the dashboard, the participant
 * app, the front door and /docs, error pages included. The pages themselves are checked for CSP
 * violations in Chromium by checkPage (test/support/page-checks.ts) and the browser tests.
 */
const PAGES = [
  '/',
  '/participate/sign-in',
  '/participate/sign-up',
  '/participate/no-such-page',
  '/dashboard/sign-in',
  '/dashboard/no-such-page',
  '/docs',
];

function expectPageHeaders(headers: Headers, label: string) {
  expect(headers.get('content-type'), label).toMatch(/^text\/html/);
  const policy = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  expect(directives.get('default-src'), label).toEqual(["'none'"]);
  expect(directives.get('script-src'), label).toEqual(["'self'"]);
  expect(directives.get('style-src'), label).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy, label).not.toContain('unsafe');
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('x-frame-options'), label).toBe('DENY');
  expect(headers.get('referrer-policy'), label).toBe('same-origin');
}

describe.each(engines())('page headers on %s', (engine) => {
  let plain: TestServer;
  let secure: TestServer;
  beforeAll(async () => {
    plain = await startTestServer(engine, { publicUrl: 'http://cohort.test' });
    secure = await startTestServer(engine, { publicUrl: 'https://cohort.example.org' });
  });
  afterAll(async () => {
    await plain?.close();
    await secure?.close();
  });

  it('sends the policy on every HTML page, without HSTS over plain http', async () => {
    for (const path of PAGES) {
      const response = await fetch(`${plain.url}${path}`, { redirect: 'manual' });
      expectPageHeaders(response.headers, path);
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('adds HSTS when PUBLIC_URL is https, to pages and the API alike', async () => {
    for (const path of PAGES) {
      const response = await fetch(`${secure.url}${path}`, { redirect: 'manual' });
      expectPageHeaders(response.headers, path);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
    const api = await fetch(`${secure.url}/v2/projects`);
    expect(api.status).toBe(401);
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    // A JSON answer is no page: no page policy.
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('marks the participant app’s cookies Secure under https, and only then', async () => {
    const cookiesOf = async (server: TestServer) =>
      (await fetch(`${server.url}/participate/sign-up`)).headers.getSetCookie();
    const secureCookies = await cookiesOf(secure);
    expect(secureCookies.length).toBeGreaterThan(0);
    // Attributes in any order: @fastify/cookie writes them in its own.
    for (const cookie of secureCookies) {
      expect(cookie.split('; ').slice(1)).toEqual(
        expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure']),
      );
    }
    for (const cookie of await cookiesOf(plain)) expect(cookie).not.toContain('Secure');
  });
});

describe.skipIf(!chromiumAvailable)(browserTitle('the CSP watcher of the browser tests'), () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(() => browser?.close());

  it('reports an inline script and an inline style the policy blocks', async () => {
    const page = await browser.newPage();
    await page.route('http://csp.test/', (route) =>
      route.fulfill({
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'",
        },
        body: '<!doctype html><p style="color: red">x</p><script>document.title = "ran"</script>',
      }),
    );
    expect(cspViolations(browser)).toEqual([]);
    await page.goto('http://csp.test/');
    await page.waitForLoadState();
    await expect.poll(() => cspViolations(browser).length).toBeGreaterThanOrEqual(2);
    expect(cspViolations(browser).join('\n')).toMatch(/script-src/);
    expect(cspViolations(browser).join('\n')).toMatch(/style-src/);
    expect(await page.title()).not.toBe('ran');
  });
});
