import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import type { Config } from '../../src/config.ts';
import type { Engine } from '../../src/platform/db/database.ts';
import { openTestDatabase, startTestServer, type TestServer } from './harness.ts';

const execFileAsync = promisify(execFile);

/** The CLI's entry point, run as `node src/main.ts ...`. */
export const MAIN = path.resolve('src/main.ts');

/** Runs `node src/main.ts ...args`; rejects with the exit code and stderr when the CLI fails. */
export function runCli(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  options: { timeout?: number } = {},
) {
  return execFileAsync(process.execPath, [MAIN, ...args], { env, ...options });
}

export interface CliServer {
  server: TestServer;
  /** The environment the CLI must run with to reach the server's database. */
  env: NodeJS.ProcessEnv;
  /** A fresh directory of this run's own: the SQLite data directory, and room for input files. */
  dataDir: string;
}

/**
 * A test server and a CLI environment on the same database. On SQLite the CLI itself migrates a
 * fresh data directory and the server opens that file, so both processes see the same rows; on
 * PostgreSQL both point at the run's database.
 */
export async function startCliServer(
  engine: Engine,
  prefix: string,
  overrides: (dataDir: string) => Partial<Config> = () => ({}),
): Promise<CliServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (engine === 'postgres') {
    env.DATABASE_URL = inject('postgresUrl');
    return { server: await startTestServer(engine), env, dataDir };
  }
  env.DATA_DIR = dataDir;
  delete env.DATABASE_URL;
  await runCli(env, ['migrate']);
  const server = await startTestServer(engine, overrides(dataDir), {
    database: openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite')),
  });
  return { server, env, dataDir };
}
