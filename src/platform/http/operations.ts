import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import { type Static, Type } from 'typebox';
import type { Database } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { UnauthorizedError } from '../errors.ts';
import { bearerToken } from './auth.ts';
import type { AppContext } from './context.ts';
import { registerMetrics } from './metrics.ts';

/** A readiness probe that hangs is worse than one that fails: the orchestrator waits on it. */
const READINESS_TIMEOUT_MS = 2000;

const Health = Type.Object({ status: Type.Literal('ok') });

const Check = Type.Object({ ok: Type.Boolean(), message: Type.String() });

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: Type.Object({ database: Check, migrations: Check }),
});

/**
 * Contexts whose process is shutting down (server.ts close()): their /readyz answers 503 at once,
 * without asking the database, so a load balancer that still sends here learns to stop.
 */
const draining = new WeakSet<AppContext>();

/** The process of `context` has begun to shut down: it takes no new work, and says so on /readyz. */
export function beginDraining(context: AppContext): void {
  draining.add(context);
}

const SHUTTING_DOWN: ReadinessReport = {
  ready: false,
  checks: {
    database: { ok: false, message: 'not checked: this process is shutting down' },
    migrations: { ok: false, message: 'not checked: this process is shutting down' },
  },
};

export interface ReadinessReport {
  ready: boolean;
  checks: Static<typeof Readiness>['checks'];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready means the database answers and holds exactly the migrations this build knows: a process
 * started against a database that another, newer build migrated (or that nobody migrated) must not
 * take traffic.
 */
export async function checkReadiness(database: Database): Promise<ReadinessReport> {
  const failed = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    await withTimeout(sql`select 1`.execute(database.db), READINESS_TIMEOUT_MS);
  } catch (error) {
    return {
      ready: false,
      checks: {
        database: { ok: false, message: `${database.engine}: ${failed(error)}` },
        migrations: { ok: false, message: 'unknown: the database did not answer' },
      },
    };
  }
  const answered = { ok: true, message: `${database.engine} answered` };
  let applied: string[];
  try {
    const result = await withTimeout(
      sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(
        database.db,
      ),
      READINESS_TIMEOUT_MS,
    );
    applied = result.rows.map((row) => row.name);
  } catch (error) {
    return {
      ready: false,
      checks: {
        database: answered,
        migrations: { ok: false, message: `unreadable (run cohort migrate): ${failed(error)}` },
      },
    };
  }
  const expected = Object.keys(migrations);
  const appliedSet = new Set(applied);
  const pending = expected.filter((name) => !appliedSet.has(name));
  const unknown = applied.filter((name) => !expected.includes(name)).sort();
  const problems = [
    ...(pending.length ? [`not applied: ${pending.join(', ')} (run cohort migrate)`] : []),
    ...(unknown.length ? [`applied but unknown to this build: ${unknown.join(', ')}`] : []),
  ];
  return {
    ready: problems.length === 0,
    checks: {
      database: answered,
      migrations: {
        ok: problems.length === 0,
        message: problems.length ? problems.join('; ') : `${expected.length} applied`,
      },
    },
  };
}

/**
 * The operator's endpoints, outside the API's base path and its authentication and rate limit:
 * GET /healthz (the process is up), GET /readyz (it can serve: database and migrations, and it is
 * not shutting down), and
 * GET /metrics (Prometheus; behind METRICS_TOKEN when that is set).
 */
export function registerOperations(app: FastifyInstance, context: AppContext) {
  const metrics = registerMetrics(app, context);
  const operations = { tags: ['Operations'] };

  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: {
        ...operations,
        summary: 'Liveness: the process is up (touches nothing else)',
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: {
        ...operations,
        summary: 'Readiness: the database answers and every migration is applied',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const { ready, checks } = draining.has(context)
        ? SHUTTING_DOWN
        : await checkReadiness(context.database);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );

  const digest = (text: string) => createHash('sha256').update(text).digest();
  const token = context.config.metricsToken ? digest(context.config.metricsToken) : undefined;
  app.get(
    '/metrics',
    {
      config: { auth: 'public' },
      // No response schema: the body is Prometheus text, not JSON.
      schema: { ...operations, summary: 'Prometheus metrics' } as FastifySchema,
    },
    async (request, reply) => {
      if (token && !timingSafeEqual(digest(bearerToken(request) ?? ''), token)) {
        throw new UnauthorizedError('Send "Authorization: Bearer <METRICS_TOKEN>"');
      }
      return reply.type(metrics.contentType).send(await metrics.render());
    },
  );
}
