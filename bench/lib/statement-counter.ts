import { createRequire } from 'node:module';
import { StatementSync } from 'node:sqlite';

const require = createRequire(import.meta.url);

/**
 * Counts the SQL statements this process sends, by their first words, on both engines: each run of
 * a node:sqlite prepared statement (the write connection and the read-only one) and each query a
 * `pg` client sends (BEGIN and COMMIT included). For benchmarks that report statements per unit of
 * work; the cost is a counter and two clock readings per statement.
 */
export function countStatements() {
  const counts = new Map<string, { count: number; ms: number }>();
  const note = (sql: unknown, ms = 0) => {
    if (typeof sql !== 'string') return;
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 48);
    const entry = counts.get(key);
    if (entry) {
      entry.count++;
      entry.ms += ms;
    } else counts.set(key, { count: 1, ms });
  };
  const restore: (() => void)[] = [];
  const proto = StatementSync.prototype as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = proto[method]!;
    proto[method] = function (this: StatementSync, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        note(this.sourceSQL, performance.now() - started);
      }
    };
    restore.push(() => {
      proto[method] = original;
    });
  }
  const pgClient = (require('pg') as { Client: { prototype: Record<string, unknown> } }).Client
    .prototype;
  const query = pgClient.query as (...args: unknown[]) => unknown;
  pgClient.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    note(typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text);
    return query.apply(this, args);
  };
  restore.push(() => {
    pgClient.query = query;
  });
  return {
    /**
     * Counts since the last take, most frequent first, with the time spent in each statement on
     * the embedded database (synchronous there; 0 for PostgreSQL, whose statements run elsewhere).
     */
    take(): [string, { count: number; ms: number }][] {
      const taken = [...counts.entries()].sort((a, b) => b[1].count - a[1].count);
      counts.clear();
      return taken;
    },
    stop() {
      for (const undo of restore) undo();
    },
  };
}
