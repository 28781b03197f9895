/**
 * Server CPU per request on the four reads of issue 24, and bare node:http's for the same bytes:
 * a fixed number of requests (50 connections), and the server process's own CPU time
 * (/proc/PID/stat) divided by them. On a machine shared with other work, throughput ratios move
 * by a third from one minute to the next; CPU per request does not, so it is what the read-path
 * changes were measured with
 * (docs/decisions/0125-read-figures-as-cpu-per-request-in-alternating-slices.md). The bare server's
 * CPU over Cohort's is what the throughput ratio would be on an idle machine.
 *
 * Each server runs on a core of its own and the load generator on the others (cpu-affinity.ts):
 * left to the scheduler, a server's CPU per request depended on whether it shared its core with
 * the load generator, and two servers of the same code could differ by half for their whole life
 * (docs/decisions/0125-read-figures-as-cpu-per-request-in-alternating-slices.md).
 *   node bench/cpu-per-request.ts
 */
import autocannon from 'autocannon';
import { RICH_SCREENER } from '../fixtures/screener.ts';
import { cpuPlacement } from './lib/cpu-affinity.ts';
import { cpuMs } from './lib/proc-stats.ts';
import { startBareServer, startCohort } from './lib/processes.ts';

const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 30_000);
/**
 * Requests sent before counting. V8 compiles a route's hot code on background threads of the same
 * process during its first tens of thousands of requests, and the setup's garbage is collected
 * then too: after 3,000 a project read still cost 23-25 µs, after 30,000 it settled at 15-19 µs
 * (five rounds in a row on one server). The bare server has far less code to compile, so a short
 * warm-up measured Cohort's start-up, not its steady state, and understated the ratio.
 */
const WARM_UP = Number(process.env.BENCH_CPU_WARM_UP ?? 30_000);

const placement = cpuPlacement();

/** The server on its own core, this process (the load generator) on the others. */
function placeApart(pid: number): void {
  if (typeof placement === 'string') return;
  placement.pin([pid], placement.own);
  placement.pin([process.pid], placement.others);
}

async function cpuPerRequest(pid: number, url: string, headers: Record<string, string>) {
  placeApart(pid);
  await autocannon({ url, connections: 50, amount: WARM_UP, headers });
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 50, amount: REQUESTS, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return ((cpuMs(pid) - before) * 1000) / REQUESTS;
}

export async function benchCpuPerRequest() {
  const cohort = await startCohort();
  const auth = { authorization: `Bearer ${cohort.apiKey}` };
  const post = (path: string, body: unknown) =>
    fetch(`${cohort.url}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<{ id: string }>;
    });
  try {
    const project = await post('/v2/projects', { name: 'Benchmark project' });
    for (let i = 0; i < 60; i++) await post('/v2/projects', { name: `Project ${i}` });
    const study = (title: string) => ({
      title,
      project_id: project.id,
      num_participants: 10,
      expected_days_to_complete: 7,
      filters: [{ 'multi_select--country': { $in: ['US', 'CA'] } }],
      ...RICH_SCREENER,
      tasks: [{ task_type: 'file_upload', title: 'Upload a screenshot', duration_minutes: 5 }],
    });
    const launched = await post('/v2/opportunities', study('Launched study'));
    await post(`/v2/opportunities/${launched.id}/launch`, {});
    for (let i = 0; i < 40; i++) await post('/v2/opportunities', study(`Draft ${i}`));

    const reads = [
      ['GET /v2/projects/{id}', `/v2/projects/${project.id}`],
      ['GET /v2/projects?limit=25', '/v2/projects?limit=25'],
      ['GET /v2/opportunities/{id} (launched, full)', `/v2/opportunities/${launched.id}`],
      ['GET /v2/opportunities?limit=25', '/v2/opportunities?limit=25'],
    ] as const;
    const rows = [];
    for (const [label, path] of reads) {
      const url = `${cohort.url}${path}`;
      const body = await fetch(url, { headers: auth }).then((r) => r.text());
      const bare = await startBareServer(body);
      try {
        const bareUs = await cpuPerRequest(bare.pid, bare.url, {});
        const cohortUs = await cpuPerRequest(cohort.pid, url, auth);
        rows.push({ label, cohortUs, bareUs, ratio: bareUs / cohortUs });
      } finally {
        await bare.stop();
      }
    }
    const where =
      typeof placement === 'string'
        ? `servers not placed: ${placement}`
        : 'each server on its own core';
    console.log(`\nServer CPU per request (${REQUESTS} requests, 50 connections, ${where})`);
    console.log('| read | Cohort µs | bare node:http µs | bare / Cohort |\n|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.label} | ${row.cohortUs.toFixed(1)} | ${row.bareUs.toFixed(1)} | ${(row.ratio * 100).toFixed(0)}% |`,
      );
    }
    return rows;
  } finally {
    if (typeof placement !== 'string') placement.release([process.pid]);
    await cohort.stop();
  }
}

if (import.meta.main) await benchCpuPerRequest();
