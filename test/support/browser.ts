import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, driven by playwright-core; browser tests skip (and say so) without it. */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = fs.existsSync(CHROMIUM);

/** Says on stderr, once per test file, that its browser tests are skipped and why. */
export function reportMissingChromium(what: string) {
  if (chromiumAvailable) return;
  process.stderr.write(
    `\n${what} SKIPPED: ${CHROMIUM} not found. Install Debian's chromium package (.ci/run does) to run them.\n\n`,
  );
}

/** A suite's name, marked as skipped when there is no Chromium to run it. */
export const browserTitle = (name: string) =>
  chromiumAvailable ? name : `${name} (SKIPPED: ${CHROMIUM} not found; install Debian's chromium)`;

const SCREENSHOTS = path.resolve('.test-artifacts/screenshots');

/** Where a screenshot named `name` is kept: .test-artifacts/screenshots/<name>.png. */
export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, `${name}.png`);
}

/** The flags every test run's Chromium starts with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Chromium for the whole run: the integration project's global set-up launches it as a
 * browser server (launchChromiumServer) and provides its endpoint; each test file connects once.
 * Launching a browser costs about a second of CPU, and the suite opens a dozen contexts.
 */
export async function launchChromiumServer() {
  const { chromium } = await import('playwright-core');
  return chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

let connected: Promise<Browser> | undefined;
/** Contexts open or being opened over `connected`: the connection closes only when none are. */
let users = 0;

async function sharedBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const endpoint = inject('chromiumEndpoint');
  if (!endpoint) {
    // Outside `npm test` (a file run by hand without the integration project's set-up): a
    // browser of this file's own.
    return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }
  return chromium.connect(endpoint);
}

/**
 * A fresh browser context (its own cookies, storage and cache: tests never share them) in the
 * run's one Chromium; `timeZoneId` sets the time zone its pages see. Closing the context is all a
 * test does; the connection goes with the last open context.
 */
export async function launchChromium(
  options: { timezoneId?: string; locale?: string } = {},
): Promise<BrowserContext> {
  // Counted before the first await: a context being opened keeps the connection, so a previous
  // context's close cannot shut it between the connection and newContext().
  users += 1;
  connected ??= sharedBrowser();
  const current = connected;
  let context: BrowserContext;
  try {
    const browser = await current;
    context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      ...(options.timezoneId && { timezoneId: options.timezoneId }),
      // The browser's language: navigator.language and the Accept-Language of every request.
      ...(options.locale && { locale: options.locale }),
    });
  } catch (error) {
    users -= 1;
    throw error;
  }
  context.on('close', () => {
    users -= 1;
    // Later, not at once: context.close() is still finishing over this connection.
    setTimeout(() => {
      if (users > 0 || connected !== current) return;
      connected = undefined;
      void current.then((browser) => browser.close());
    }, 1000).unref();
  });
  await watchCspViolations(context);
  return context;
}

const CSP_PREFIX = 'CSP violation:';
const cspViolationsByContext = new WeakMap<BrowserContext, string[]>();

/**
 * Every Content-Security-Policy violation any page of the context has met so far, from both
 * sources: the `securitypolicyviolation` events (an init script, injected through the DevTools
 * protocol so the pages' own policy does not block it, reports each on the console) and
 * Chromium's own "Refused to ..." console messages.
 */
export function cspViolations(context: BrowserContext): string[] {
  return cspViolationsByContext.get(context) ?? [];
}

async function watchCspViolations(context: BrowserContext) {
  const seen: string[] = [];
  cspViolationsByContext.set(context, seen);
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
    console.error(${JSON.stringify(CSP_PREFIX)} + ' ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' on ' + e.documentURI + ' (' + e.sourceFile + ':' + e.lineNumber + ') ' + e.sample);
  }, true);`);
  const watch = (page: import('playwright-core').Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(CSP_PREFIX) || /Content Security Policy/i.test(text)) {
        seen.push(`${page.url()}: ${text}`);
      }
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}
