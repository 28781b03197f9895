import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** The `cohort` command as installed: bin/cohort.js, with the flags of its first line. */
const COHORT = path.resolve('bin/cohort.js');

/** How long a test waits for a `cohort` process to start, stop, or print what it waits for. */
export const PROCESS_DEADLINE_MS = 60_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One real `cohort` process, its output collected. */
export interface CohortProcess {
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output(): string;
  /** stderr alone. */
  errors(): string;
  exited: Promise<Exit>;
  /** Resolves with the first match of `pattern` in the output, or fails with the output. */
  printed(pattern: RegExp): Promise<RegExpMatchArray>;
  /** SIGKILL unless it has exited; then waits for the exit. */
  kill(): Promise<void>;
}

/** Starts `cohort ...args` with `env`. */
export function startCohort(env: NodeJS.ProcessEnv, args: readonly string[]): CohortProcess {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', COHORT, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  const listeners = new Set<() => void>();
  const heard = () => {
    for (const listener of listeners) listener();
  };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    heard();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    errors += chunk;
    heard();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
    heard();
  });
  const printed = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () => done(new Error(`timed out waiting for ${pattern}`)),
        PROCESS_DEADLINE_MS,
      );
      const done = (error?: Error, match?: RegExpMatchArray) => {
        clearTimeout(timer);
        listeners.delete(look);
        if (match) resolve(match);
        else
          reject(
            new Error(`${error?.message}; the output of cohort ${args.join(' ')}:\n${output}`),
          );
      };
      const look = () => {
        const match = pattern.exec(output);
        if (match) done(undefined, match);
        else if (gone)
          done(new Error(`cohort ${args.join(' ')} exited before printing ${pattern}`));
      };
      listeners.add(look);
      look();
    });
  return {
    child,
    output: () => output,
    errors: () => errors,
    exited,
    printed,
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A port free on loopback now (listened on, then let go), for a process that must keep its port. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls GET /readyz until it answers 200; fails naming the last answer. */
export async function waitUntilReady(origin: string): Promise<void> {
  const deadline = Date.now() + PROCESS_DEADLINE_MS;
  let last = 'no answer';
  for (;;) {
    try {
      const response = await fetch(`${origin}/readyz`);
      last = `${response.status} ${await response.text()}`;
      if (response.status === 200) return;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    if (Date.now() > deadline) throw new Error(`${origin}/readyz: not ready (${last})`);
    await delay(100);
  }
}

/**
 * A GET /readyz whose header is sent but for its last line before the process is told to stop, and
 * finished after: its connection is busy, not idle, so the draining process keeps it and answers.
 */
export async function readyzAcrossTheStop(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve).once('error', reject);
  });
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // A whole request first: its answer shows the server has taken the connection in hand.
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  const deadline = Date.now() + PROCESS_DEADLINE_MS;
  while (!/\r\n\r\n\{"status":"ok"\}/.test(text)) {
    if (Date.now() > deadline) throw new Error(`no answer to GET /healthz on ${port}: ${text}`);
    await delay(10);
  }
  text = '';
  socket.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  // Not a timing the test checks: the server must have read these bytes before the signal comes,
  // or the connection would count as idle, and be closed unanswered.
  await delay(200);
  return {
    /** Sends the blank line that ends the header; resolves with the answer once the server closes. */
    async finish(): Promise<{ status: number; connection: string | undefined; body: any }> {
      socket.write('\r\n');
      await closed;
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const connection = /^connection: *(.+)$/im.exec(head)?.[1]?.trim().toLowerCase();
      return { status, connection, body: body ? JSON.parse(body) : undefined };
    },
  };
}
