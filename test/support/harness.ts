import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { inject } from 'vitest';
import {
  adminQuery,
  dropDatabase,
  openEmptyScratchPostgres,
} from '../../fixtures/scratch-postgres.ts';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { ApiKeyRole } from '../../src/organizations/api-keys.table.ts';
import { createApiKey } from '../../src/organizations/api-keys.ts';
import { createOrganization } from '../../src/organizations/store.ts';
import {
  type Database,
  type Engine,
  migrateToLatest,
  openPostgres,
  openSqlite,
} from '../../src/platform/db/database.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import type { AppContext } from '../../src/platform/http/context.ts';
import type { App } from '../../src/platform/http/types.ts';
import { createContext } from '../../src/server.ts';

/** The engines this run covers: SQLite always, PostgreSQL when the run provides a database. */
export function engines(): Engine[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export function openTestDatabase(engine: Engine, sqliteFile?: string): Database {
  if (engine === 'postgres') return openPostgres(inject('postgresUrl'), 10);
  const file =
    sqliteFile ??
    path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-test-')), 'cohort.sqlite');
  return openSqlite(file);
}

/**
 * A migrated database: on PostgreSQL the run's shared one; on SQLite a file of its own, copied from
 * the run's migrated template (global-setup.ts) rather than migrated again, which would cost every
 * test server a few hundred milliseconds of CPU. Outside the integration project's set-up it
 * migrates the file itself.
 */
export async function openMigratedTestDatabase(engine: Engine): Promise<Database> {
  if (engine === 'postgres') return openTestDatabase(engine);
  return openSqlite(await migratedSqliteFile());
}

/** A new SQLite file with every migration applied, in a folder of its own; answers its path. */
export async function migratedSqliteFile(): Promise<string> {
  const template = inject('sqliteTemplate');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-test-')), 'cohort.sqlite');
  if (template) {
    fs.copyFileSync(template, file);
  } else {
    const database = openSqlite(file);
    await migrateToLatest(database.db);
    await database.destroy();
  }
  return file;
}

/**
 * A migrated PostgreSQL database of its own, named `<prefix><random>`: created from the run's
 * migrated template (CREATE DATABASE ... TEMPLATE copies it in a few milliseconds of the server's
 * time instead of running every migration again). destroy() drops it as well.
 */
export async function openTemplatePostgres(prefix: string, poolSize: number): Promise<Database> {
  const { name, url } = await createTemplatePostgres(prefix);
  const database = openPostgres(url, poolSize);
  const base = new URL(inject('postgresUrl'));
  return {
    ...database,
    async destroy() {
      await database.destroy();
      await dropDatabase(base, name);
    },
  };
}

/**
 * An empty PostgreSQL database of its own on the run's server, for a test that creates tables of
 * its own. Not the run's shared database: a test that migrates it (the CLIs) lists every table
 * there, and fails on one dropped between the listing and the read of its columns.
 * destroy() drops it as well.
 */
export function openEmptyTestPostgres(poolSize: number): Promise<Database> {
  return openEmptyScratchPostgres(new URL(inject('postgresUrl')), 'cohort_scratch_', poolSize);
}

/** The database of openTemplatePostgres, unopened: its name and URL. */
export async function createTemplatePostgres(prefix: string) {
  const base = new URL(inject('postgresUrl'));
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  // Two files creating from the template at the same moment: PostgreSQL refuses the second
  // ("source database is being accessed by other users") while the first copies it.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(base, `create database ${name} template ${inject('postgresTemplate')}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), base };
}

/**
 * A database of its own, migrated up to the one before `migration`: for a test of that migration
 * on data written before it. destroy() drops a PostgreSQL one as well.
 */
export async function openDatabaseBefore(engine: Engine, migration: string): Promise<Database> {
  const database =
    engine === 'postgres'
      ? // Two connections: migrateToLatest holds its advisory lock on one while it migrates on
        // another (src/platform/db/advisory-lock.ts).
        await openEmptyScratchPostgres(new URL(inject('postgresUrl')), 'cohort_migration_', 2)
      : openTestDatabase(engine);
  const names = Object.keys(migrations).sort();
  if (!names.includes(migration)) throw new Error(`no migration ${migration}`);
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateTo(names[names.indexOf(migration) - 1]!);
  if (error) throw error;
  return database;
}

export interface TestServer {
  engine: Engine;
  url: string;
  app: App;
  context: AppContext;
  database: Database;
  close(): Promise<void>;
}

/** A real server on a real database, listening on a loopback port; tests talk HTTP to it. */
export async function startTestServer(
  engine: Engine,
  overrides: Partial<Config> = {},
  options: {
    database?: Database;
    clock?: () => number;
    beforeListen?: (app: App) => void;
    /** A fixed port, for tests whose PUBLIC_URL must be the server's own address. */
    port?: number;
    /**
     * On PostgreSQL, a database of its own (from the run's template) instead of the shared one:
     * for a test that reads what every participant sees, such as the first page of studies, which
     * other files running at the same time would otherwise fill with theirs.
     */
    ownDatabase?: boolean;
  } = {},
): Promise<TestServer> {
  const database =
    options.database ??
    (engine === 'postgres' && options.ownDatabase
      ? await openTemplatePostgres('cohort_own_', 10)
      : await openMigratedTestDatabase(engine));
  // A database the test opened itself may be new: the migrations bring it up to date.
  if (engine === 'sqlite' && options.database) await migrateToLatest(database.db);
  const config: Config = {
    // Settings derived from DATA_DIR (the secret key file) follow an overridden data folder.
    ...loadConfig(overrides.dataDir ? { DATA_DIR: overrides.dataDir } : {}),
    port: 0,
    publicUrl: 'http://cohort.test',
    webhookAllowPrivate: true,
    pseudoLocale: true,
    ...overrides,
  };
  const context = createContext(config, database);
  if (options.clock) context.clock = options.clock;
  const app = await buildApp(context);
  options.beforeListen?.(app);
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    engine,
    url: `http://127.0.0.1:${port}`,
    app,
    context,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

export interface TestOrganization {
  id: string;
  apiKey: string;
  keyId: string;
}

export async function createTestOrganization(
  server: TestServer,
  options: {
    balanceCents?: number;
    overdraftLimitCents?: number;
    hideIdentity?: boolean;
    name?: string;
  } = {},
): Promise<TestOrganization> {
  return server.database.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(trx, {
      name: options.name ?? 'Test Lab',
      balanceCents: options.balanceCents ?? 0,
      overdraftLimitCents: options.overdraftLimitCents ?? 0,
      platformFeeCents: server.context.config.defaultPlatformFeeCents,
      hideIdentity: options.hideIdentity,
    });
    const { key, apiKey } = await createApiKey(trx, organization.id, 'owner');
    return { id: organization.id, apiKey, keyId: key.id };
  });
}

export async function createTestKey(server: TestServer, organizationId: string, role: ApiKeyRole) {
  return createApiKey(server.database.db, organizationId, role);
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** A small HTTP client bound to one server and one credential. */
export function client(server: TestServer, token?: string) {
  async function request<T = any>(
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const init: RequestInit = {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const response = await fetch(`${server.url}${pathname}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text)
      parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }
  return {
    request,
    get: <T = any>(p: string, headers?: Record<string, string>) =>
      request<T>('GET', p, undefined, headers),
    post: <T = any>(p: string, body: unknown = {}, headers?: Record<string, string>) =>
      request<T>('POST', p, body, headers),
    patch: <T = any>(p: string, body: unknown, headers?: Record<string, string>) =>
      request<T>('PATCH', p, body, headers),
    delete: <T = any>(p: string, headers?: Record<string, string>) =>
      request<T>('DELETE', p, undefined, headers),
  };
}

export type Client = ReturnType<typeof client>;
