import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { prepareGeography } from './filters/geography-filters.ts';
import { JOB_DEFINITIONS } from './jobs.ts';
import { findKeyBySecret } from './organizations/index.ts';
import { findParticipantByToken } from './participants/index.ts';
import { type Database, migrateToLatest, openDatabase } from './platform/db/database.ts';
import type { AppContext } from './platform/http/context.ts';
import { CONTRACT_RATE_LIMIT } from './platform/http/rate-limit.ts';
import { rateLimitStoreFor } from './platform/http/rate-limit-store.ts';
import { keepTickRecordShape } from './platform/http/tick-shape.ts';
import type { JobContext } from './platform/jobs/define.ts';
import { Worker } from './platform/jobs/worker.ts';

export interface RunningServer {
  url: string;
  context: AppContext;
  close(): Promise<void>;
}

export function createContext(
  config: Config,
  database: Database = openDatabase(config),
): AppContext {
  return {
    database,
    config,
    rateLimit: { limit: config.rateLimitPerKey, quietMs: CONTRACT_RATE_LIMIT.quietMs },
    rateLimitStore: rateLimitStoreFor(database),
    clock: Date.now,
    credentials: { findKeyBySecret, findParticipantByToken },
  };
}

/** The job context of a process: the same database and configuration as its HTTP side. */
export function jobContextFor(context: AppContext, log: JobContext['log']): JobContext {
  return {
    database: context.database,
    config: context.config,
    log,
    now: () => new Date(context.clock()),
  };
}

/**
 * Opens the database, applies migrations, listens, and runs the job worker unless told not to.
 * close() stops taking requests and jobs, finishes those in flight, then closes the database.
 */
export async function startServer(
  config: Config,
  database?: Database,
  options: { worker?: boolean } = {},
): Promise<RunningServer> {
  keepTickRecordShape();
  const context = createContext(config, database);
  await migrateToLatest(context.database.db);
  const app = await buildApp(context, {
    logger: { level: config.logLevel },
  });
  const worker =
    options.worker === false
      ? undefined
      : new Worker(jobContextFor(context, app.log), {
          definitions: JOB_DEFINITIONS,
          leaseMs: config.jobLeaseMs,
        });
  await app.listen({ port: config.port, host: config.host });
  // The geography is read on first use, not here: the port opens in well under a second and a
  // process that never validates a place never holds it (docs/decisions.md, "A lean process and
  // the read path"). Only the one-time packing of the city catalog, if no process has done it
  // yet, starts now, in a child process, so the first city lookup does not wait for it.
  prepareGeography().then(
    (built) => built && app.log.info({ ms: built.ms }, 'city catalog packed'),
    (error: unknown) => app.log.error({ err: error }, 'packing the city catalog failed'),
  );
  worker?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await Promise.all([app.close(), worker?.stop()]);
      await context.database.destroy();
    })();
    return closing;
  };
  return { url, context, close };
}
