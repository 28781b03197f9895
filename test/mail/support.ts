import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
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
  /** Another worker of the mail job on the same database and clock, as a second process runs. */
  anotherWorker(): Worker;
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
    anotherWorker: () =>
      new Worker(jobContextFor(server.context, log), { definitions: [sendMailJob] }),
    close: () => server.close(),
  };
}

/**
 * A loopback SMTP server that refuses some recipients at RCPT TO: for good (550) when the address
 * starts with `gone`, for now (450) when it starts with `busy`; it accepts and keeps the others.
 */
export class RefusingInbox {
  readonly received: { rcptTo: string[] }[] = [];
  #server: SMTPServer | undefined;
  #port = 0;

  static async start(): Promise<RefusingInbox> {
    const inbox = new RefusingInbox();
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = address.address.startsWith('gone')
          ? { code: 550, text: `5.1.1 <${address.address}>: no such mailbox` }
          : address.address.startsWith('busy')
            ? { code: 450, text: `4.2.1 <${address.address}>: try again later` }
            : undefined;
        if (!refusal) return callback();
        const error = new Error(refusal.text) as Error & { responseCode: number };
        error.responseCode = refusal.code;
        return callback(error);
      },
      onData: (stream, session, callback) => {
        stream.resume();
        stream.on('end', () => {
          inbox.received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    inbox.#port = (server.server.address() as AddressInfo).port;
    inbox.#server = server;
    return inbox;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}?ignoreTLS=true`;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
