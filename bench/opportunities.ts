import { atRate, printTable, saturate } from './lib/load.ts';
import { startBareServer, startCohort } from './lib/processes.ts';

/** A realistic screener: single and multi select, boolean with a skip rule, a grid, quotas. */
const SCREENER = {
  screening_questions: [
    {
      key: 'role',
      text: 'What is your role?',
      pick: 'one',
      answers: [
        { text: 'Engineer' },
        { text: 'Designer' },
        { text: 'Product manager' },
        { text: 'Student', qualify_logic: 'reject' },
      ],
    },
    {
      key: 'tools',
      text: 'Which tools do you use weekly?',
      pick: 'any',
      answers: [
        { text: 'Figma', qualify_logic: 'must' },
        { text: 'Sketch' },
        { text: 'Jira' },
        { text: 'Other', allow_free_text: true },
      ],
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
      },
    },
    {
      key: 'remote',
      text: 'Do you work remotely?',
      pick: 'boolean',
      skip_rules: [
        {
          conditions: [{ screening_question: 'remote', answer: 'No', operator: 'eq' }],
          join: 'and',
          target_question: null,
        },
      ],
    },
    {
      key: 'rate',
      text: 'Rate your current tools',
      pick: 'grid',
      grid: {
        pick: 'one',
        rows: [
          { key: 'speed', text: 'Speed' },
          { key: 'price', text: 'Price' },
        ],
        columns: [
          { value: 'good', text: 'Good' },
          { value: 'bad', text: 'Bad' },
        ],
      },
    },
    { key: 'why', text: 'Why did you pick them?', pick: 'text' },
  ],
  quotas: [
    {
      screening_question: 'role',
      targets: [
        { value: 'Engineer', count: 4 },
        { value: 'Designer', count: 4, type: 'maximum' },
      ],
    },
  ],
  cross_quotas: [
    {
      label: 'Remote engineers',
      conditions: [
        { screening_question: 'role', answer: 'Engineer', operator: 'eq' },
        { screening_question: 'remote', answer: 'Yes', operator: 'eq' },
      ],
      join: 'and',
      target: 2,
      quota_type: 'minimum',
    },
  ],
};

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
      ...SCREENER,
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

    const bareOne = await startBareServer(oneBody);
    const bareList = await startBareServer(listBody);
    try {
      const baselineOne = await saturate('bare node:http, opportunity JSON', bareOne.url);
      const cohortOne = await saturate('GET /v2/opportunities/{id} (launched, full)', one, auth);
      const baselineList = await saturate('bare node:http, list JSON', bareList.url);
      const cohortList = await saturate('GET /v2/opportunities?limit=25', list, auth);
      const paced = await atRate('GET /v2/opportunities/{id} at 1,000 req/s', one, 1000, auth);
      printTable(
        'Opportunity full form, SQLite, saturating (50 connections)',
        [baselineOne, cohortOne],
        baselineOne,
      );
      printTable(
        'Opportunity list, SQLite, saturating (50 connections)',
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
