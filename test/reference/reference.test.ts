import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardServer } from '../dashboard/support.ts';
import {
  browserTitle,
  chromiumAvailable,
  cspViolations,
  launchChromium,
  reportMissingChromium,
  screenshotPath,
} from '../support/browser.ts';
import {
  client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';

/**
 * The reference page at /docs: over HTTP (headers, assets, nothing from elsewhere), then in
 * Debian's Chromium through playwright-core, watching every request the page makes.
 */
reportMissingChromium('Reference page browser tests');

const openapiDocument = JSON.parse(fs.readFileSync('openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, { summary: string }>>;
  webhooks?: Record<string, Record<string, unknown>>;
};
/** Every operation and every webhook (OpenAPI 3.1 `webhooks`): the reference shows each as a block. */
const operationCount = [
  ...Object.values(openapiDocument.paths),
  ...Object.values(openapiDocument.webhooks ?? {}),
].reduce((sum, item) => sum + Object.keys(item).length, 0);

describe.each(engines())('the reference page over HTTP on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    ({ server } = await startDashboardServer(engine));
  });
  afterAll(() => server?.close());

  it('is public HTML whose every asset is served here, under a strict policy', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(`connect-src 'self' ${server.url}`);
    const html = await page.text();
    expect(html).toContain('data-openapi-url="/v2/openapi.json"');
    // Nothing is loaded from another origin: every src and href is a path on this server.
    const references = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(references.length).toBeGreaterThanOrEqual(5);
    for (const reference of references) expect(reference).toMatch(/^\/(docs\/assets|v2)\//);
    for (const asset of references.filter((r) => r.startsWith('/docs/assets/'))) {
      const response = await fetch(`${server.url}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Read to the end: a body left unread holds its connection open, and the server's close()
      // in afterAll waited on it until the hook timed out (60 s).
      await response.arrayBuffer();
    }
    // The trailing-slash form is the same page.
    expect((await fetch(`${server.url}/docs/`)).status).toBe(200);
  });

  it('sends the bundle gzipped to browsers that accept it, and 404s unknown assets', async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    const bundle = html.match(/src="(\/docs\/assets\/swagger-ui-bundle\.[0-9a-f]{12}\.js)"/)![1]!;
    const plain = await fetch(`${server.url}${bundle}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const plainBody = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    // node:http is used directly so the body is not decompressed on the way.
    const http = await import('node:http');
    const gzipped = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(`${server.url}${bundle}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      },
    );
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.length).toBeLessThan(plainBody.length / 2);
    expect(gunzipSync(gzipped.body).equals(plainBody)).toBe(true);

    expect((await fetch(`${server.url}/docs/assets/swagger-ui-bundle.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
  });
});

describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the reference page in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let organization: TestOrganization;
    const requests: string[] = [];
    const failures: string[] = [];
    const consoleErrors: string[] = [];

    beforeAll(async () => {
      ({ server } = await startDashboardServer(engine));
      organization = await createTestOrganization(server, { name: 'Reference Lab' });
      await client(server, organization.apiKey).post('/v2/projects', {
        name: 'Tried from the docs',
      });
      browser = await launchChromium();
      page = await browser.newPage();
      page.on('request', (request) => requests.push(request.url()));
      page.on('requestfailed', (request) =>
        failures.push(`${request.url()}: ${request.failure()?.errorText}`),
      );
      page.on('response', (response) => {
        if (response.status() >= 400) failures.push(`${response.url()}: ${response.status()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('renders every operation of the document, with nothing failing and nothing from elsewhere', async () => {
      await page.goto(`${server.url}/docs`);
      await page.getByText('List projects, alphabetical by name').first().waitFor();
      await page.getByText('Create a priced draft').first().waitFor();
      expect(await page.locator('.opblock').count()).toBe(operationCount);
      // The tags of the document are the sections.
      for (const tag of ['Projects', 'Opportunities', 'Feasibility', 'Webhooks']) {
        await expect(
          page.locator('.opblock-tag', { hasText: tag }).first().isVisible(),
        ).resolves.toBe(true);
      }
      await page.screenshot({ path: screenshotPath(`${engine}-docs-reference`) });
      expect(failures).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(cspViolations(browser)).toEqual([]);
      expect(requests.length).toBeGreaterThan(0);
      for (const url of requests) expect(url.startsWith(`${server.url}/`), url).toBe(true);
    });

    it('shows an operation’s parameters and sends it with an API key through Try it out', {
      timeout: 60_000,
    }, async () => {
      const operation = page.locator('#operations-Projects-listProjects');
      await operation.locator('.opblock-summary-control').click();
      await operation.locator('tr[data-param-name="limit"]').waitFor();
      await expect(operation.locator('tr[data-param-name="cursor"]').count()).resolves.toBe(1);

      // Authorize with the API key (the first scheme: apiKey; the second is participantToken).
      await page.locator('.btn.authorize').first().click();
      const apiKeyForm = page.locator('.modal-ux .auth-container').first();
      await expect(apiKeyForm.locator('h4').textContent()).resolves.toContain('apiKey');
      await apiKeyForm.locator('input').fill(organization.apiKey);
      await apiKeyForm.locator('button.authorize').click();
      await apiKeyForm.locator('button.btn-done').click();

      await operation.locator('button.try-out__btn').click();
      await operation.locator('button.execute').click();
      const responseBody = operation.locator('.live-responses-table .response-col_description pre');
      await responseBody.first().waitFor();
      await expect(responseBody.first().textContent()).resolves.toContain('Tried from the docs');
      await expect(
        operation
          .locator('.live-responses-table tr.response .response-col_status')
          .first()
          .textContent(),
      ).resolves.toContain('200');
      await responseBody.first().scrollIntoViewIfNeeded();
      await page.screenshot({
        path: screenshotPath(`${engine}-docs-try-it-out`),
        fullPage: false,
      });
      expect(failures).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(cspViolations(browser)).toEqual([]);
      for (const url of requests) expect(url.startsWith(`${server.url}/`), url).toBe(true);
    });
  },
);
