import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { quietLog } from '../fixtures/quiet-log.ts';
import { openScratchPostgres } from '../fixtures/scratch-postgres.ts';
import { loadConfig } from '../src/config.ts';
import { queueMails } from '../src/mail/index.ts';
import { sendMailJob } from '../src/mail/send.job.ts';
import { closeMailTransports } from '../src/mail/smtp-sender.ts';
import {
  type Database,
  type Engine,
  migrateToLatest,
  openSqlite,
} from '../src/platform/db/database.ts';
import type { JobContext } from '../src/platform/jobs/define.ts';
import { Worker } from '../src/platform/jobs/worker.ts';

const MAILS = Number(process.env.BENCH_MAIL_COUNT ?? 3000);

/** What bench/figures/mail-sends.ts reads. */
export interface MailRun {
  engine: Engine;
  mails: number;
  perSecond: number;
  seconds: number;
  /** This process's CPU (the worker and the loopback server both) per mail. */
  cpuMsPerMail: number;
}

/**
 * The mail job's throughput (issue 35, item 7; docs/decisions/0167-mail-a-person-can-trust.md):
 * BENCH_MAIL_COUNT mails (3,000) queued as an invitation queues them, then one worker, as `cohort
 * serve` runs it, sends them all to a loopback SMTP server (smtp-server, accepting every message,
 * in this process) over nodemailer's pooled connections. Each mail takes its place in
 * MAIL_PER_MINUTE's shared budget (set high enough not to hold anything back, so its upsert is
 * measured but never waits). On the embedded database, and on PostgreSQL too when
 * BENCH_DATABASE_URL is set.
 */
export async function benchMail() {
  const engines: Engine[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const inbox = await startSink();
  const runs: MailRun[] = [];
  try {
    for (const engine of engines) runs.push(await sendAll(engine, inbox.url, () => inbox.count));
  } finally {
    closeMailTransports();
    await inbox.stop();
  }
  process.stdout.write(
    `\nMails sent by one worker to a loopback SMTP server over pooled connections (${MAILS} queued first)\n| engine | mails | seconds | mails/s | CPU ms/mail (worker and server) |\n|---|---|---|---|---|\n${runs
      .map(
        (run) =>
          `| ${run.engine} | ${run.mails} | ${run.seconds.toFixed(2)} | ${run.perSecond} | ${run.cpuMsPerMail.toFixed(2)} |`,
      )
      .join('\n')}\n`,
  );
  return { runs };
}

async function openBenchDatabase(engine: Engine): Promise<Database> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-mail-'));
    const database = openSqlite(path.join(dir, 'cohort.sqlite'));
    await migrateToLatest(database.db);
    return database;
  }
  return openScratchPostgres(
    new URL(process.env.BENCH_DATABASE_URL ?? ''),
    'cohort_bench_mail_',
    20,
  );
}

async function sendAll(engine: Engine, smtpUrl: string, received: () => number): Promise<MailRun> {
  const database = await openBenchDatabase(engine);
  try {
    await queueMails(
      database.db,
      Array.from({ length: MAILS }, (_, i) => ({
        to: `participant${i}@example.org`,
        subject: 'A new study for you',
        text: `A study that fits you is recruiting: https://cohort.example/participate/studies/opp_${i}\n\nUnsubscribe: https://cohort.example/unsubscribe/par_${i}.x`,
        kind: 'study_invitation' as const,
        language: 'en',
        headers: {
          'List-Unsubscribe': `<https://cohort.example/unsubscribe/par_${i}.x>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })),
    );
    const before = received();
    const context: JobContext = {
      database,
      config: {
        ...loadConfig({}),
        smtpUrl,
        mailFrom: 'no-reply@cohort.example',
        mailPerMinute: 1e9,
      },
      log: quietLog,
      now: () => new Date(),
    };
    const worker = new Worker(context, { definitions: [sendMailJob] });
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    worker.start();
    const deadline = started + 300_000;
    while (received() - before < MAILS) {
      if (performance.now() > deadline) throw new Error(`sent ${received() - before} of ${MAILS}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await worker.stop();
    return {
      engine,
      mails: MAILS,
      seconds,
      perSecond: Math.round(MAILS / seconds),
      cpuMsPerMail: (cpu.user + cpu.system) / 1000 / MAILS,
    };
  } finally {
    await database.destroy();
  }
}

/** An SMTP server on loopback that accepts every message and counts it. */
async function startSink() {
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        count += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    get count() {
      return count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
