import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/config.ts';
import { sendMailJob } from '../../src/mail/send.job.ts';
import type { Database, Engine } from '../../src/platform/db/database.ts';
import type { JobContext } from '../../src/platform/jobs/define.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import {
  openTemplatePostgres,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

/** Everything the job logger was handed, to show that no address or body reaches the logs. */
export class CapturingLog implements Pick<JobContext['log'], 'info' | 'warn' | 'error'> {
  readonly lines: unknown[][] = [];
  info = (...args: unknown[]) => void this.lines.push(args);
  warn = (...args: unknown[]) => void this.lines.push(args);
  error = (...args: unknown[]) => void this.lines.push(args);
  get text(): string {
    return JSON.stringify(this.lines);
  }
}

/**
 * A test server on a database of this world's own, a movable clock, and a worker that runs only
 * the mail job. The database is its own because a worker of another file draining `mail.send` on
 * the shared PostgreSQL database (with its own SMTP settings) would settle these files' mail.
 */
export interface MailWorld {
  server: TestServer;
  database: Database;
  /** The environment the CLI runs with to read this world's database. */
  cliEnv: NodeJS.ProcessEnv;
  log: CapturingLog;
  now(): number;
  advance(ms: number): void;
  /** Runs due mail jobs until none is left; answers how many ran. */
  drain(): Promise<number>;
  close(): Promise<void>;
}

export async function startMailWorld(
  engine: Engine,
  overrides: Partial<Config> = {},
): Promise<MailWorld> {
  const cliEnv: NodeJS.ProcessEnv = { ...process.env };
  delete cliEnv.SMTP_URL;
  let database: Database;
  if (engine === 'postgres') {
    database = await openTemplatePostgres('cohort_mail_', 5);
    cliEnv.DATABASE_URL = database.location;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-mail-'));
    database = openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite'));
    cliEnv.DATA_DIR = dataDir;
    delete cliEnv.DATABASE_URL;
  }
  let offset = 0;
  const now = () => Date.now() + offset;
  const server = await startTestServer(engine, overrides, { database, clock: now });
  const log = new CapturingLog();
  const worker = new Worker(jobContextFor(server.context, log), { definitions: [sendMailJob] });
  return {
    server,
    database,
    cliEnv,
    log,
    now,
    advance(ms) {
      offset += ms;
    },
    drain: () => worker.drain(),
    close: () => server.close(),
  };
}
