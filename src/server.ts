import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { loadGeography } from './filters/geography-filters.ts';
import { JOB_DEFINITIONS } from './jobs.ts';
import { findKeyAndCountRequest, findKeyBySecret } from './organizations/index.ts';
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
    credentials: { findKeyBySecret, findKeyAndCountRequest, findParticipantByToken },
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
  // The geography index takes seconds of CPU to build; building it before the port opens means
  // the first filter request (or opportunity validation) is as fast as any other.
  const geographyStart = performance.now();
  loadGeography();
  app.log.info({ ms: Math.round(performance.now() - geographyStart) }, 'geography loaded');
  await app.listen({ port: config.port, host: config.host });
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
