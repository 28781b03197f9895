import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Engine } from '../../src/platform/db/database.ts';
import { runCli } from '../support/cli.ts';
import {
  client,
  createTestOrganization,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { DEFAULT_QUESTIONS, DEFAULT_TASKS } from '../support/participant-side.ts';

/** A server with a movable clock, and the CLI's environment on the same database. */
export async function startSessionsWorld(engine: Engine, start: string) {
  const clock = { now: Date.parse(start) };
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SMTP_URL;
  let server: TestServer;
  if (engine === 'postgres') {
    env.DATABASE_URL = inject('postgresUrl');
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { clock: () => clock.now },
    );
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-sessions-'));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    await runCli(env, ['migrate']);
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      {
        clock: () => clock.now,
        database: openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite')),
      },
    );
  }
  return { server, env, clock };
}

/** A launched study with the given places (and show-up fee), created through the API. */
export async function scheduledStudy(
  server: TestServer,
  input: {
    places: number;
    showUpFeeCents?: number;
    balanceCents?: number;
    title?: string;
    maxMinutes?: number;
  },
) {
  const organization = await createTestOrganization(server, {
    balanceCents: input.balanceCents ?? 10_000_000,
  });
  const api = client(server, organization.apiKey);
  const project = await api.post('/v2/projects', { name: 'Lab studies' });
  const created = await api.post('/v2/opportunities', {
    title: input.title ?? 'Reaction times in the lab',
    description: 'Press a key when the light turns green',
    project_id: project.body.id,
    num_participants: input.places,
    expected_days_to_complete: 60,
    device_types: ['desktop'],
    filters: [],
    required_accounts: [],
    customer_screening_review: 'auto_invite',
    screening_option_randomization: 'disabled',
    screening_questions: DEFAULT_QUESTIONS,
    quotas: [],
    cross_quotas: [],
    tasks: DEFAULT_TASKS,
    ...(input.showUpFeeCents !== undefined && { show_up_fee_cents: input.showUpFeeCents }),
    ...(input.maxMinutes !== undefined && { max_minutes_per_submission: input.maxMinutes }),
  });
  if (created.status !== 200) throw new Error(`create failed: ${created.text}`);
  return { organization, api, opportunityId: created.body.id as string, opportunity: created.body };
}

export async function launch(api: ReturnType<typeof client>, opportunityId: string) {
  const launched = await api.post(`/v2/opportunities/${opportunityId}/launch`, {});
  if (launched.status !== 200) throw new Error(`launch failed: ${launched.text}`);
  return launched.body;
}
