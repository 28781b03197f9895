import { atRate, printTable, saturate } from './lib/load.ts';
import { startBareServer, startCohort } from './lib/processes.ts';

/**
 * GET /v2/projects/{id} and GET /v2/projects on the embedded database, against bare node:http
 * answering the same bytes, measured in one run so the ratio is the figure.
 */
export async function benchProjects() {
  const cohort = await startCohort();
  const auth = { authorization: `Bearer ${cohort.apiKey}` };
  try {
    const create = (name: string) =>
      fetch(`${cohort.url}/v2/projects`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const project = await create('Benchmark project');
    for (let i = 0; i < 200; i++) await create(`Project ${String(i).padStart(3, '0')}`);
    const one = `${cohort.url}/v2/projects/${project.id}`;
    const list = `${cohort.url}/v2/projects?limit=25`;
    const oneBody = await fetch(one, { headers: auth }).then((r) => r.text());
    const listBody = await fetch(list, { headers: auth }).then((r) => r.text());

    const bareOne = await startBareServer(oneBody);
    const bareList = await startBareServer(listBody);
    try {
      const baselineOne = await saturate('bare node:http, project JSON', bareOne.url);
      const cohortOne = await saturate('GET /v2/projects/{id}', one, auth);
      const baselineList = await saturate('bare node:http, list JSON', bareList.url);
      const cohortList = await saturate('GET /v2/projects?limit=25', list, auth);
      const paced = await atRate('GET /v2/projects/{id} at 1,000 req/s', one, 1000, auth);
      printTable(
        'Projects, SQLite, saturating (50 connections)',
        [baselineOne, cohortOne],
        baselineOne,
      );
      printTable(
        'Project list, SQLite, saturating (50 connections)',
        [baselineList, cohortList],
        baselineList,
      );
      printTable('Latency at a fixed 1,000 req/s', [paced]);
      return { baselineOne, cohortOne, baselineList, cohortList, paced };
    } finally {
      await bareOne.stop();
      await bareList.stop();
    }
  } finally {
    await cohort.stop();
  }
}
