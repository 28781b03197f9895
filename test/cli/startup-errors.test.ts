import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

/**
 * What a newcomer sees when `npm start` cannot start: one line on stderr saying what is wrong and
 * which setting changes it, and a non-zero exit
 * (docs/decisions/0117-start-up-problems-in-one-line.md), never a stack trace.
 */
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-start-'));

function baseEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'SECRET_KEY', 'NODE_ENV', 'PORT', 'DATA_DIR']) {
    delete env[name];
  }
  return { ...env, ...extra };
}

async function failedStart(env: NodeJS.ProcessEnv, args = ['serve']) {
  const failure = await runCli(baseEnv(env), args, { timeout: 60_000 }).then(
    () => undefined,
    (error) => error as { code: number; stderr: string },
  );
  if (!failure) throw new Error('the CLI started when it should have refused');
  return failure;
}

/** One line, `cohort: ...`, with nothing of a stack trace in it. */
function expectOneLine(stderr: string, pattern: RegExp) {
  expect(stderr).toMatch(/^cohort: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  expect(stderr).toMatch(pattern);
}

describe('a start that cannot happen', () => {
  let blocker: net.Server;
  let takenPort: number;
  beforeAll(async () => {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    takenPort = (blocker.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('says the port is taken and names PORT', async () => {
    const failure = await failedStart({ DATA_DIR: tempDir(), PORT: String(takenPort) });
    expect(failure.code).toBe(1);
    expectOneLine(failure.stderr, new RegExp(`port ${takenPort} .*already in use.*\\bPORT\\b`));
  });

  it('says the data folder cannot be used and names DATA_DIR', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    for (const dataDir of [file, path.join(file, 'below')]) {
      const failure = await failedStart({ DATA_DIR: dataDir, PORT: '0' });
      expect(failure.code).toBe(1);
      expectOneLine(failure.stderr, /cannot open the data folder .*\bDATA_DIR\b/);
    }
    if (process.getuid?.() !== 0) {
      // Permissions do not stop root, so this part runs only for other users.
      const locked = tempDir();
      fs.chmodSync(locked, 0o000);
      const failure = await failedStart({ DATA_DIR: locked, PORT: '0' });
      fs.chmodSync(locked, 0o700);
      expectOneLine(
        failure.stderr,
        /cannot open the data folder .*permission denied.*\bDATA_DIR\b/,
      );
    }
  });

  it('says DATABASE_URL cannot be reached, without its password', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    for (const [url, cause] of [
      [`postgres://cohort:hunter2@127.0.0.1:${closedPort}/cohort`, /ECONNREFUSED/],
      ['postgres://cohort:hunter2@host.invalid/cohort', /ENOTFOUND/],
    ] as const) {
      const failure = await failedStart({ DATA_DIR: tempDir(), DATABASE_URL: url, PORT: '0' });
      expect(failure.code).toBe(1);
      expectOneLine(failure.stderr, cause);
      expect(failure.stderr).toContain('DATABASE_URL');
      expect(failure.stderr).not.toContain('hunter2');
    }
  });

  it('says which setting is malformed', async () => {
    const failure = await failedStart({ DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(failure.code).toBe(1);
    expectOneLine(failure.stderr, /PORT must be a non-negative integer, got "eighty"/);
  });
});
