import { benchAudience } from './audience.ts';
import { benchFilterOptions } from './filter-options.ts';
import { benchHours } from './hours.ts';
import { benchOpportunities } from './opportunities.ts';
import { benchProjects } from './projects.ts';
import { benchScreening } from './screening.ts';
import { benchWebhooks } from './webhooks.ts';

/** `npm run bench [name ...]`: every benchmark, or the named ones. */
const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  projects: benchProjects,
  'filter-options': benchFilterOptions,
  audience: benchAudience,
  opportunities: benchOpportunities,
  hours: benchHours,
  screening: benchScreening,
  webhooks: benchWebhooks,
};

const wanted = process.argv.slice(2);
for (const name of wanted.length ? wanted : Object.keys(BENCHMARKS)) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    process.stderr.write(
      `unknown benchmark "${name}"; have: ${Object.keys(BENCHMARKS).join(', ')}\n`,
    );
    process.exit(2);
  }
  process.stdout.write(`\n## ${name}\n`);
  await bench();
}
