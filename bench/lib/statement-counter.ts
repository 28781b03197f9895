import { createRequire } from 'node:module';
import { StatementSync } from 'node:sqlite';

const require = createRequire(import.meta.url);

/**
 * Counts the SQL statements this process sends, by their first words, on both engines: each run of
 * a node:sqlite prepared statement (the write connection and the read-only one) and each query a
 * `pg` client sends (BEGIN and COMMIT included). For benchmarks that report statements per unit of
 * work; the cost is a counter per statement.
 */
export function countStatements() {
  const counts = new Map<string, number>();
  let enabled = true;
  const note = (sql: unknown) => {
    if (!enabled || typeof sql !== 'string') return;
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 48);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const restore: (() => void)[] = [];
  const proto = StatementSync.prototype as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = proto[method]!;
    proto[method] = function (this: StatementSync, ...args: unknown[]) {
      note(this.sourceSQL);
      return original.apply(this, args);
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
    /** Counts since the last reset, most frequent first. */
    take(): [string, number][] {
      const taken = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      counts.clear();
      return taken;
    },
    pause() {
      enabled = false;
    },
    resume() {
      enabled = true;
    },
    stop() {
      for (const undo of restore) undo();
    },
  };
}
