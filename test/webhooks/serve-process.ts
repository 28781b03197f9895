import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { createScratchDatabase, dropDatabase } from '../../fixtures/scratch-postgres.ts';
import type { Engine } from '../../src/platform/db/database.ts';

const MAIN_SCRIPT = path.resolve('src/main.ts');
const execFileAsync = promisify(execFile);

/** `node src/main.ts ...args` to completion; rejects with its output when the CLI fails. */
export async function runCli(env: NodeJS.ProcessEnv, args: readonly string[], timeout: number) {
  return (await execFileAsync(process.execPath, [MAIN_SCRIPT, ...args], { env, timeout })).stdout;
}

/** How long a test waits for a `cohort` process to do what it waits for. */
export const WAIT_DEADLINE_MS = 30_000;

/** Polls `probe` until it returns a value, or fails naming what it waited for. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_DEADLINE_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT_DEADLINE_MS} ms: ${what}`);
    await delay(100);
  }
}

/**
 * Where a run of real `cohort` processes keeps its data: a SQLite data directory, or a PostgreSQL
 * database of its own (a serve process's worker runs every job kind, so on the shared test
 * database it would run other files' jobs).
 */
export interface ProcessDatabase {
  /** DATABASE_URL or DATA_DIR, for the processes' environment. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL URL, or the SQLite file, for the test to read rows itself. */
  location: string;
  drop(): Promise<void>;
}

export async function createProcessDatabase(engine: Engine): Promise<ProcessDatabase> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (engine === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-process-'));
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
    return {
      env,
      location: path.join(dataDir, 'cohort.sqlite'),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = new URL(inject('postgresUrl'));
  const { name, url } = await createScratchDatabase(base, `${base.pathname.slice(1)}_proc_`);
  env.DATABASE_URL = url;
  return {
    env,
    location: url,
    // Without force (dropDatabase): a pool the test closed may still be leaving.
    drop: () => dropDatabase(base, name),
  };
}

/** One `node src/main.ts serve` child process. */
export interface ServeProcess {
  child: ChildProcess;
  /** The API's origin, as the process printed it. */
  url: string;
  output(): string;
  /** SIGKILL, then wait for the exit: no shutdown hook of the process runs. */
  kill(): Promise<void>;
}

/** Starts `serve` on port 0 and resolves once it prints where it listens (worker running). */
export async function startServeProcess(
  env: NodeJS.ProcessEnv,
  deadlineMs: number,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [MAIN_SCRIPT, 'serve'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`serve did not start within ${deadlineMs} ms:\n${output}`));
    }, deadlineMs);
    const look = () => {
      const match = /listening on (http:\/\/[^\s/]+)\/v2/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(match[1]!);
    };
    child.stdout.on('data', look);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output, kill };
}
