import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

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

/**
 * A headless Chromium with a profile of its own, so tests never share cookies; `timeZoneId` sets
 * the time zone its pages see.
 */
export async function launchChromium(
  options: { timezoneId?: string } = {},
): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-chromium-'));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
