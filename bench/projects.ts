import { startCohort } from './lib/processes.ts';
import { benchReadAndList } from './lib/read-and-list.ts';

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
    return await benchReadAndList({ one, list, oneBody, listBody }, auth, {
      bareOne: 'bare node:http, project JSON',
      one: 'GET /v2/projects/{id}',
      bareList: 'bare node:http, list JSON',
      list: 'GET /v2/projects?limit=25',
      paced: 'GET /v2/projects/{id} at 1,000 req/s',
      oneTable: 'Projects, SQLite, saturating (50 connections)',
      listTable: 'Project list, SQLite, saturating (50 connections)',
    });
  } finally {
    await cohort.stop();
  }
}
