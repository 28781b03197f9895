/**
 * Start to listening and resident memory at rest of `cohort serve` (issue 24): spawned as a user
 * runs it (bin/cohort.js serve, with the V8 flags of its first line) on a fresh data folder (migrations, first key) and again on the
 * same, existing folder. Start is the time from spawn to the first successful GET /readyz (the
 * database answers); memory is the process's resident set (VmRSS) after it has rested, and again
 * after one city search and one opportunity validation have made it read the geography.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMs, residentMb } from './lib/proc-stats.ts';
import { cohortCommand, freePort } from './lib/processes.ts';

const REST_MS = Number(process.env.BENCH_REST_MS ?? 3000);

export interface StartFigures {
  /** Spawn to first successful /readyz. */
  startMs: number;
  /**
   * CPU time the process used to get there: on a shared machine, wall time varies with the
   * other load and this does not.
   */
  startCpuMs: number;
  /** Resident memory after REST_MS idle. */
  restRssMb: number;
  /** Resident memory after reading the geography (a city search), then REST_MS idle. */
  geographyRssMb: number;
}

async function firstSuccess(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cohort serve exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(5);
  }
}

/** One start of `cohort serve` on `dataDir`; the API key it printed, if a first start. */
async function measureStart(
  dataDir: string,
  knownKey?: string,
): Promise<StartFigures & { apiKey?: string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...cohortCommand(), 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const startMs = await firstSuccess(`${url}/readyz`, child, started);
    const startCpuMs = cpuMs(child.pid!);
    await sleep(REST_MS);
    const restRssMb = residentMb(child.pid!);
    const apiKey = /\b(ck_[A-Za-z0-9_-]{43})\b/.exec(output)?.[1] ?? knownKey;
    let geographyRssMb = Number.NaN;
    if (apiKey) {
      const search = await fetch(
        `${url}/v2/filters/multi_select--city/options?country_id=US&search=san`,
        { headers: { authorization: `Bearer ${apiKey}` } },
      );
      if (!search.ok) throw new Error(`city search answered ${search.status}`);
      await sleep(REST_MS);
      geographyRssMb = residentMb(child.pid!);
    }
    return { startMs, startCpuMs, restRssMb, geographyRssMb, ...(apiKey ? { apiKey } : {}) };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

export async function benchStartup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-start-'));
  const warmUpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-warm-'));
  try {
    // Unmeasured: the first start after an install or a change of the sources also strips and
    // caches the changed modules and packs the city catalog (docs/operations.md, "Memory and
    // start"); the figures are those of every start after it.
    await measureStart(warmUpDir);
    const fresh = await measureStart(dataDir);
    const existing = await measureStart(dataDir, fresh.apiKey);
    const row = (label: string, figures: StartFigures) =>
      `| ${label} | ${figures.startMs.toFixed(0)} ms | ${figures.startCpuMs.toFixed(0)} ms | ${figures.restRssMb.toFixed(0)} MiB | ${
        Number.isNaN(figures.geographyRssMb) ? 'n/a' : `${figures.geographyRssMb.toFixed(0)} MiB`
      } |`;
    console.log(
      '| cohort serve | start to /readyz | CPU used to get there | RSS at rest | RSS after a city search |',
    );
    console.log('|---|---|---|---|---|');
    console.log(row('fresh data folder', fresh));
    console.log(row('existing data folder', existing));
    return { fresh, existing };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(warmUpDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchStartup();
