import { benchAudience } from './audience.ts';
import { benchCpuPerRequest } from './cpu-per-request.ts';
import { benchDiscovery, discoveryAtPanelSize } from './discovery.ts';
import { FIGURES, type Reading } from './figures/index.ts';
import { benchFilterOptions } from './filter-options.ts';
import { benchHours } from './hours.ts';
import { benchInvitations } from './invitations.ts';
import { benchMail } from './mail.ts';
import { benchOpportunities } from './opportunities.ts';
import { benchPanel, PANEL_STAGE_FIGURES } from './panel.ts';
import { benchProjects } from './projects.ts';
import { benchScaleOut } from './scale-out.ts';
import { benchScreening } from './screening.ts';
import { benchStampede } from './stampede.ts';
import { benchStartup } from './startup.ts';
import { benchWebhooks } from './webhooks.ts';

/**
 * `npm run bench [--json] [name ...]`: every benchmark, or the named ones, then one table of every
 * figure of issue 24 with its goal (bench/figures/). With --json the benchmarks' own tables go to
 * stderr and stdout holds only the figures as JSON.
 */
const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  startup: benchStartup,
  projects: benchProjects,
  'filter-options': benchFilterOptions,
  audience: benchAudience,
  opportunities: benchOpportunities,
  hours: benchHours,
  screening: benchScreening,
  webhooks: benchWebhooks,
  mail: benchMail,
  'cpu-per-request': benchCpuPerRequest,
  // Needs PostgreSQL's initdb and pg_ctl (as npm test does); starts its own durable cluster.
  'scale-out': benchScaleOut,
  // Runs on SQLite, then on PostgreSQL (BENCH_DATABASE_URL or its own durable cluster).
  stampede: benchStampede,
  // SQLite, then PostgreSQL (BENCH_DATABASE_URL or its own cluster): 5,000 of 100,000 invited.
  invitations: benchInvitations,
  // Issue 37: seeds 100,000 then BENCH_PANEL_PARTICIPANTS (1,000,000) on SQLite and PostgreSQL.
  panel: benchPanel,
  // Issue 37, item 3: 2,000 live studies on 200,000 participants (BENCH_DISCOVERY_*), SQLite.
  discovery: benchDiscovery,
};

// Discovery's figure at each of the panel benchmark's sizes, on its seeded panel.
PANEL_STAGE_FIGURES.push(discoveryAtPanelSize);

const args = process.argv.slice(2);
const json = args.includes('--json');
const wanted = args.filter((arg) => arg !== '--json');
for (const name of wanted) {
  if (!BENCHMARKS[name]) {
    process.stderr.write(
      `unknown benchmark "${name}"; have: ${Object.keys(BENCHMARKS).join(', ')}\n`,
    );
    process.exit(2);
  }
}

const stdoutWrite = process.stdout.write.bind(process.stdout);
if (json) process.stdout.write = process.stderr.write.bind(process.stderr);
const results = new Map<string, unknown>();
for (const name of wanted.length ? wanted : Object.keys(BENCHMARKS)) {
  process.stdout.write(`\n## ${name}\n`);
  results.set(name, await BENCHMARKS[name]!());
}
process.stdout.write = stdoutWrite;

const readings = FIGURES.map((figure) => {
  let reading: Reading;
  if (!BENCHMARKS[figure.bench]) {
    reading = { text: `no benchmark yet ("${figure.bench}")`, met: undefined };
  } else if (!results.has(figure.bench)) {
    reading = { text: `not run (npm run bench ${figure.bench})`, met: undefined };
  } else {
    reading = figure.read(results.get(figure.bench));
  }
  return { figure, reading };
});

if (json) {
  const figures = readings.map(({ figure, reading }) => ({
    id: figure.id,
    label: figure.label,
    goal: figure.goal,
    bench: figure.bench,
    ...reading,
    // null, not left out, when the goal cannot be told.
    met: reading.met ?? null,
  }));
  stdoutWrite(`${JSON.stringify({ figures }, null, 2)}\n`);
} else {
  const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? 'yes' : 'NO');
  stdoutWrite(
    '\n## Figures (issue 24), each with its goal\n| figure | now | goal | met |\n|---|---|---|---|\n',
  );
  for (const { figure, reading } of readings) {
    stdoutWrite(`| ${figure.label} | ${reading.text} | ${figure.goal} | ${mark(reading.met)} |\n`);
  }
}
if (readings.some(({ reading }) => reading.met === false)) process.exitCode = 1;
