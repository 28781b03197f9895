import { RICH_SCREENER } from '../fixtures/screener.ts';
import { startCohort } from './lib/processes.ts';
import { benchReadAndList } from './lib/read-and-list.ts';

/**
 * GET /v2/opportunities/{id} (the full form of a launched opportunity with a screener and quotas:
 * every block, counters included) and GET /v2/opportunities (a page of 25 summaries out of 200)
 * on the embedded database, against bare node:http answering the same bytes.
 */
export async function benchOpportunities() {
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
    const project = await post('/v2/projects', { name: 'Benchmark studies' });
    const body = (title: string) => ({
      title,
      project_id: project.id,
      num_participants: 10,
      expected_days_to_complete: 7,
      filters: [
        { 'multi_select--country': { $in: ['US', 'CA'] } },
        { 'integer--age': { $gte: 25, $lte: 54 } },
      ],
      ...RICH_SCREENER,
      tasks: [
        {
          task_type: 'interview',
          task_url: 'https://meet.example.com/room',
          title: 'Interview',
          duration_minutes: 30,
        },
        { task_type: 'file_upload', title: 'Upload a screenshot', duration_minutes: 5 },
      ],
    });
    const launched = await post('/v2/opportunities', body('Launched study'));
    await post(`/v2/opportunities/${launched.id}/launch`, {});
    for (let i = 0; i < 200; i++) await post('/v2/opportunities', body(`Draft ${i}`));

    const one = `${cohort.url}/v2/opportunities/${launched.id}`;
    const list = `${cohort.url}/v2/opportunities?limit=25`;
    const oneBody = await fetch(one, { headers: auth }).then((r) => r.text());
    const listBody = await fetch(list, { headers: auth }).then((r) => r.text());
    process.stdout.write(
      `\nfull form: ${oneBody.length} bytes; list page: ${listBody.length} bytes\n`,
    );
    return await benchReadAndList({ one, list, oneBody, listBody }, auth, {
      bareOne: 'bare node:http, opportunity JSON',
      one: 'GET /v2/opportunities/{id} (launched, full)',
      bareList: 'bare node:http, list JSON',
      list: 'GET /v2/opportunities?limit=25',
      paced: 'GET /v2/opportunities/{id} at 1,000 req/s',
      oneTable: 'Opportunity full form, SQLite, saturating (50 connections)',
      listTable: 'Opportunity list, SQLite, saturating (50 connections)',
    });
  } finally {
    await cohort.stop();
  }
}
