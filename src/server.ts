import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { prepareGeography } from './filters/geography-filters.ts';
import { JOB_DEFINITIONS } from './jobs.ts';
import { findKeyAndCountRequest, findKeyByHash } from './organizations/index.ts';
import { findParticipantByTokenHash } from './participants/index.ts';
import { settlesWithin } from './platform/db/awaitable.ts';
import { type Database, migrateToLatest, openDatabase, pg } from './platform/db/database.ts';
import type { AppContext } from './platform/http/context.ts';
import { LeaseHolder } from './platform/http/lease-holder.ts';
import { beginDraining } from './platform/http/operations.ts';
import { CONTRACT_RATE_LIMIT } from './platform/http/rate-limit.ts';
import { rateLimitStoreFor } from './platform/http/rate-limit-store.ts';
import { keepTickRecordShape } from './platform/http/tick-shape.ts';
import type { App } from './platform/http/types.ts';
import type { JobContext } from './platform/jobs/define.ts';
import { Worker } from './platform/jobs/worker.ts';
import { StartupError } from './platform/startup-error.ts';
import { resealWebhookSecrets } from './webhooks/index.ts';

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
    credentials: { findKeyByHash, findKeyAndCountRequest, findParticipantByTokenHash },
    leaseHolder: new LeaseHolder(database),
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
 * What every process does before it serves or works: read the secret key (made on first start of
 * the embedded default), apply migrations (saying in one line when the database cannot be
 * reached), and seal any webhook secret still stored in clear by a release before sealing.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  config.secretKeys.load();
  await migrateOrExplain(database);
  await resealWebhookSecrets(database.db, config.secretKeys, { clearOnly: true });
}

/** How long the first connection to PostgreSQL may take before the start gives up. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Migrates; on PostgreSQL one connection is tried first, with a time limit (the pool has none, as
 * its limit would also bound the wait for a busy pool), so a wrong DATABASE_URL is one line.
 */
export async function migrateOrExplain(database: Database): Promise<void> {
  if (database.engine === 'postgres') {
    const probe = new (pg().Client)({
      connectionString: database.location,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    try {
      await probe.connect();
    } catch (error) {
      await database.destroy().catch(() => {});
      const code = (error as { code?: string }).code;
      throw new StartupError(
        `cannot reach the database at DATABASE_URL (${redactedUrl(database.location)}): ${code ? `${code} ` : ''}${(error as Error).message}`,
      );
    } finally {
      await probe.end().catch(() => {});
    }
  }
  await migrateToLatest(database.db);
}

/** The URL without its password, for messages. */
function redactedUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'an unparsable URL';
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Opens the database, applies migrations, listens, and runs the job worker unless told not to.
 * close() stops taking requests and jobs, finishes those in flight (for SHUTDOWN_GRACE_SECONDS at
 * most, handing back what is left), then closes the database.
 */
export async function startServer(
  config: Config,
  database?: Database,
  options: { worker?: boolean } = {},
): Promise<RunningServer> {
  keepTickRecordShape();
  const context = createContext(config, database);
  await prepareDatabase(context.database, config);
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
  // Before the port opens: a retry of a key the previous process held finds it released.
  const released = await context.leaseHolder.start((error) =>
    app.log.warn({ err: error }, 'the idempotency lease heartbeat failed'),
  );
  if (released > 0) app.log.info({ released }, 'released idempotency keys of stopped processes');
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await context.leaseHolder.stop();
    await app.close();
    await context.database.destroy();
    throw listenError(error, config);
  }
  // The geography is read on first use, not here: the port opens in well under a second and a
  // process that never validates a place never holds it
  // (docs/decisions/0121-city-catalog-packed-file-read-in-place.md). Only the one-time packing of
  // the city catalog, if no process has done it yet, starts now, in a child process, so the first
  // city lookup does not wait for it.
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
    closing ??= drainAndClose(app, context, worker);
    return closing;
  };
  return { url, context, close };
}

/** How long the database's connections may take to close once the grace is over. */
const DATABASE_CLOSE_MS = 5_000;

/**
 * The shutdown (docs/decisions/0164-start-up-together-and-rolling-restarts.md): /readyz answers
 * 503 and the port closes at once (a new connection is refused, idle kept-alive ones are closed,
 * and a request arriving on an open one is still answered, with `Connection: close`); the requests
 * and jobs in flight get SHUTDOWN_GRACE_SECONDS to finish. Then whatever is left is cut off: its
 * jobs and Idempotency-Key leases are handed back, so another process takes them at once.
 */
async function drainAndClose(
  app: App,
  context: AppContext,
  worker: Worker | undefined,
): Promise<void> {
  const graceMs = context.config.shutdownGraceMs;
  beginDraining(context);
  app.server.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  const answered = new Promise<void>((resolve) => app.server.close(() => resolve()));
  const [inTime, jobsHandedBack] = await Promise.all([
    settlesWithin(answered, graceMs),
    worker?.stop({ graceMs }) ?? 0,
  ]);
  if (!inTime) {
    app.log.warn(
      { connections: await openConnections(app.server) },
      'the shutdown grace is over: closing the connections still open',
    );
    app.server.closeAllConnections();
  }
  if (jobsHandedBack > 0) {
    app.log.warn({ jobs: jobsHandedBack }, 'the shutdown grace is over: jobs handed back');
  }
  await app.close();
  const keysHandedBack = await context.leaseHolder.stop();
  if (keysHandedBack > 0) {
    app.log.warn({ keys: keysHandedBack }, 'idempotency keys in flight handed back');
  }
  // A handler cut off by the end of the grace may still hold a connection: do not wait on it.
  if (!(await settlesWithin(context.database.destroy(), DATABASE_CLOSE_MS))) {
    app.log.warn('the database connections did not close in time');
  }
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
}

/** A port in use or not allowed, said in one line naming PORT; anything else as it is. */
function listenError(error: unknown, config: Config): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `port ${config.port} on ${config.host} is already in use: stop the program using it, or set PORT to a free port (PORT=8081 npm start)`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(
      `port ${config.port} on ${config.host} may not be opened by this user: set PORT to a port above 1023`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`HOST ${config.host} is not an address of this machine (${code})`);
  }
  return error;
}
