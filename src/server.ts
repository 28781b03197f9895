import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { CONTRACT_RATE_LIMIT } from './domain/rate-limit.ts';
import type { AppContext } from './http/context.ts';
import { rateLimitStoreFor } from './http/rate-limit-store.ts';
import { type Database, migrateToLatest, openDatabase } from './store/database.ts';

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
  };
}

/** Opens the database, applies migrations, listens, and closes gracefully on SIGINT/SIGTERM. */
export async function startServer(config: Config, database?: Database): Promise<RunningServer> {
  const context = createContext(config, database);
  await migrateToLatest(context.database.db);
  const app = await buildApp(context, {
    logger: { level: config.logLevel },
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await app.close();
      await context.database.destroy();
    })();
    return closing;
  };
  return { url, context, close };
}
