import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Started {
  url: string;
  /** The child's process id, for reading its CPU time and memory from /proc. */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a Node child on its own core's worth of event loop and waits for `ready` in its output. */
export async function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  url: string,
): Promise<Started> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out starting ${args.join(' ')}:\n${output}`)),
      20_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The arguments to Node that run `cohort` as its command line does: the V8 flags of
 * bin/cohort.js's first line, then BENCH_COHORT_FLAGS (flags to try, or `--inspect` to look inside
 * the process while it is measured; later flags win), then the script.
 */
export function cohortCommand(): string[] {
  const firstLine = fs.readFileSync('bin/cohort.js', 'utf8').split('\n', 1)[0]!;
  const flags = firstLine.split(/\s+/).filter((word) => word.startsWith('--'));
  const more = (process.env.BENCH_COHORT_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return [...flags, ...more, 'bin/cohort.js'];
}

/** Cohort as `cohort serve` runs it, on a fresh embedded database; the first start prints a key. */
export async function startCohort(extraEnv: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-'));
  const started = await startChild(
    [...cohortCommand(), 'serve'],
    {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The contract's 100-request burst would turn a throughput run into a 429 run.
      RATE_LIMIT_PER_KEY: '1000000000',
      ...extraEnv,
    },
    /API listening on/,
    `http://127.0.0.1:${port}`,
  );
  const apiKey = /\b(ck_[A-Za-z0-9_-]{43})\b/.exec(started.output())?.[1];
  if (!apiKey) throw new Error(`no API key printed:\n${started.output()}`);
  return {
    ...started,
    apiKey,
    dataDir,
    // The data folder goes with the server: every run used to leave one behind in the temp folder.
    stop: async () => {
      await started.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: bare node:http answering fixed JSON bytes. */
export async function startBareServer(body: string) {
  const port = await freePort();
  return startChild(
    ['bench/lib/bare-server.ts'],
    { ...process.env, PORT: String(port), BODY: body },
    /ready/,
    `http://127.0.0.1:${port}`,
  );
}
