import { quietLog } from '../../fixtures/quiet-log.ts';
import { dropDatabase } from '../../fixtures/scratch-postgres.ts';
import {
  type Database,
  type Engine,
  openPostgres,
  openSqlite,
} from '../../src/platform/db/database.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { submissionAutoApprovalJob } from '../../src/submissions/auto-approve.job.ts';
import { submissionTimeOutJob } from '../../src/submissions/time-out.job.ts';
import {
  type Client,
  client,
  createTemplatePostgres,
  createTestOrganization,
  migratedSqliteFile,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { DEFAULT_QUESTIONS, DEFAULT_TASKS } from '../support/participant-side.ts';

/**
 * A server on a database of its own, with a movable clock shared by the API and the clock jobs
 * (time-out, auto-approval), and a way to restart the server on the same stored data. Its own
 * database because these tests move time by days: the clock jobs would otherwise time out and
 * approve the rows of every other test file sharing the PostgreSQL database.
 */
export interface PlaceWorld {
  engine: Engine;
  server: TestServer;
  now(): Date;
  advance(ms: number): void;
  /** A worker that runs the two clock jobs until nothing is due, as a worker process would. */
  drain(): Promise<void>;
  /**
   * Closes the server and its database connections, runs `whileDown`, then opens both again on
   * the same data (no worker runs until a drain).
   */
  restart(whileDown?: () => void): Promise<void>;
  close(): Promise<void>;
}

const CONFIG = { rateLimitPerKey: 1_000_000 };

export async function startPlaceWorld(engine: Engine): Promise<PlaceWorld> {
  let offset = 0;
  const now = () => Date.now() + offset;
  let open: () => Promise<Database>;
  let drop = async () => {};
  if (engine === 'sqlite') {
    // A copy of the run's migrated template, reopened on the same file after each restart.
    const file = await migratedSqliteFile();
    open = async () => openSqlite(file);
  } else {
    const scratch = await createTemplatePostgres('cohort_place_');
    open = async () => openPostgres(scratch.url, 10);
    // Not `with (force)`: see dropDatabase, which waits for the closed pool's last backend.
    drop = () => dropDatabase(scratch.base, scratch.name);
  }
  const start = async () => startTestServer(engine, CONFIG, { database: await open(), clock: now });
  const world: PlaceWorld = {
    engine,
    server: await start(),
    now: () => new Date(now()),
    advance(ms) {
      offset += ms;
    },
    async drain() {
      await new Worker(jobContextFor(world.server.context, quietLog), {
        definitions: [submissionTimeOutJob, submissionAutoApprovalJob],
      }).drain();
    },
    async restart(whileDown) {
      await world.server.close();
      whileDown?.();
      world.server = await start();
    },
    async close() {
      await world.server.close();
      await drop();
    },
  };
  return world;
}

export interface Customer {
  organization: TestOrganization;
  api: Client;
}

export async function newCustomer(world: PlaceWorld): Promise<Customer> {
  const organization = await createTestOrganization(world.server, { balanceCents: 10_000_000 });
  return { organization, api: client(world.server, organization.apiKey) };
}

/** The create body of a small study; `extra` adds or overrides fields. */
export function studyBody(projectId: string, extra: Record<string, unknown> = {}) {
  return {
    title: 'Checkout usability study',
    description: 'Try a new checkout and tell us what you think',
    project_id: projectId,
    num_participants: 2,
    expected_days_to_complete: 60,
    screening_questions: DEFAULT_QUESTIONS,
    tasks: DEFAULT_TASKS,
    ...extra,
  };
}

/** A launched (active) study, through the customer API; answers the launched opportunity. */
export async function launch(customer: Customer, extra: Record<string, unknown> = {}) {
  const project = await customer.api.post('/v2/projects', { name: 'Places' });
  const created = await customer.api.post('/v2/opportunities', studyBody(project.body.id, extra));
  if (created.status !== 200) throw new Error(`create failed: ${created.text}`);
  const launched = await customer.api.post(`/v2/opportunities/${created.body.id}/launch`, {});
  if (launched.status !== 200) throw new Error(`launch failed: ${launched.text}`);
  return launched.body as { id: string; [key: string]: any };
}
