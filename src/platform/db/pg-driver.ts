import { createRequire } from 'node:module';
import type PgModule from 'pg';
import { ExecutedStatements, PLAN_CHANGED, type Sent } from './pg-executed-statements.ts';
import { reuseResultShapes } from './pg-result-shapes.ts';

const require = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;

/**
 * The PostgreSQL driver, loaded on first use: a process on the embedded database never holds it
 * (pg and its eight helper packages were ~10 MB of a SQLite server's resident memory;
 * docs/decisions/0124-answers-kept-with-the-rows-they-come-from.md).
 */
export function pg(): typeof PgModule {
  if (!pgModule) {
    pgModule = require('pg') as typeof PgModule;
    // pg returns int8 as strings; every bigint column here is cents or milliseconds, well inside
    // 2^53.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
    // After the parser above: a shape's parsers are looked up once.
    reuseResultShapes(
      (pgModule as unknown as { Result: Parameters<typeof reuseResultShapes>[0] }).Result,
    );
  }
  return pgModule;
}

/** The SQL texts run as named (server-side prepared) statements, and their names. */
const statementNames = new Map<string, string>();

/**
 * Marks a statement text as one to prepare once per connection (src/platform/db/prepared.ts and the
 * key lookup register theirs). PostgreSQL then parses it once and, after five runs, keeps a generic
 * plan: measured under the scale-out benchmark (pg_stat_statements), planning was 73 µs of the
 * project read's 85 µs and 171 µs of the key lookup's;
 * docs/decisions/0133-named-statements-on-postgresql.md. Only texts of a fixed set belong here
 * (each is kept per connection).
 */
export function nameStatement(text: string): void {
  if (!statementNames.has(text)) statementNames.set(text, `cohort_${statementNames.size + 1}`);
}

const IN_FAILED_TRANSACTION = '25P02';

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The end of a statement to send together with its transaction's COMMIT, in one round trip
 * (commitWith, early-release.ts). Such a statement is the transaction's last.
 */
export const COMMIT_WITH = '\n-- cohort: commit with this statement';

/**
 * The end of a statement whose answer nobody reads, to send with the transaction's next one in one
 * round trip (sendWithNext, early-release.ts): it is answered at once with no rows, and an error of
 * it is the next statement's error, which fails the transaction as its own would have.
 */
export const SEND_WITH_NEXT = '\n-- cohort: send with the next statement';

/**
 * The text of several reads sent together (readsTogether): this, then the number that holds them.
 * Outside a transaction such a message is one implicit transaction, so its reads cost one round trip
 * and one commit where each of them cost its own.
 */
export const READS_TOGETHER = '-- cohort: reads together ';

/** A statement as Kysely compiles it. */
interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

const togetherReads = new Map<number, { statements: readonly Statement[]; genericFrom: number }>();
let lastTogether = 0;

/**
 * Set before the reads of a message that run on generic plans: SET LOCAL in a simple-protocol
 * message of several statements holds until the message's implicit transaction ends, so the
 * reads before it, and every later message, keep the server's own setting.
 */
const GENERIC_PLANS = 'set local plan_cache_mode = force_generic_plan';

/**
 * The text that sends these reads in one simple-protocol message (each written in, or executed by
 * name once prepared on the connection) and answers with one array of rows per read, in order.
 * The reads from `genericFrom` on run with generic plans (batched-lookup.ts, genericPlan). Used
 * once; a read whose values cannot be written in fails it with CannotWriteIn.
 */
export function readsTogether(
  statements: readonly Statement[],
  genericFrom = statements.length,
): string {
  const id = ++lastTogether;
  togetherReads.set(id, { statements, genericFrom });
  return READS_TOGETHER + id;
}

/** readsTogether's message could not be made: a value cannot be written into a statement. */
export class CannotWriteIn extends Error {}

/**
 * A value written into a statement as a literal: a simple-protocol query (the only one that
 * carries two statements) has no parameters. Strings go through pg's escapeLiteral; numbers must be
 * integers, negative ones in parentheses so that a minus before them stays a minus.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  // An array of literals (a batched read's keys, `any($1::text[])`); PostgreSQL types an empty
  // one from its context.
  if (Array.isArray(value)) {
    return value.length === 0 ? "'{}'" : `array[${value.map(literal).join(', ')}]`;
  }
  if (typeof value === 'string') return pg().escapeLiteral(value);
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) {
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'boolean') return String(value);
  throw new Error(`cannot write a ${typeof value} into a statement`);
}

/**
 * A pool whose connections run registered texts (nameStatement) as named statements. A connection
 * on which one fails because a migration changed the columns it returns ("cached plan must not
 * change result type") runs that text unnamed from then on, and the failed run is retried unnamed.
 */
export function namingPool(pool: PgModule.Pool): PgModule.Pool {
  const wrapped = new WeakMap<PgModule.PoolClient, PgModule.PoolClient>();
  const wrap = (client: PgModule.PoolClient): PgModule.PoolClient => {
    const known = wrapped.get(client);
    if (known) return known;
    const query = client.query.bind(client) as Query;
    const unnamed = new Set<string>();
    // Whether the transaction on this connection was committed with its last statement
    // (COMMIT_WITH): the COMMIT Kysely then sends has nothing to do and is answered here.
    let committed = false;
    // Statements not sent yet, their values written in: a BEGIN, and those sent with the next
    // (SEND_WITH_NEXT). They go in one simple-protocol message with the next statement, whose
    // values are written in too, so a transaction's first statement carries its BEGIN and an
    // application's writes ride with the statement after them
    // (docs/decisions/0176-applications-on-postgresql-in-two-transactions.md). Each statement of
    // such a message still takes its own snapshot under READ COMMITTED.
    let held: string[] = [];
    // Registered texts among them are prepared once on the connection and executed by name
    // (pg-executed-statements.ts).
    const executed = new ExecutedStatements((text) => {
      const name = statementNames.get(text);
      return name === undefined ? undefined : `${name}_sql`;
    }, literal);
    /** The statements to send for a text and its values, or undefined when a value cannot be. */
    const writtenIn = (text: string, values: unknown): string[] | undefined => {
      try {
        return executed.statementsFor(text, (values ?? []) as unknown[]);
      } catch {
        return undefined;
      }
    };
    /** Sends a message of several statements, then settles what it prepared and executed. */
    const send = (message: string, sent: Sent) =>
      query(message).then(
        (results) => {
          executed.settle(sent);
          return results;
        },
        (error: { code?: string }) => {
          executed.settle(sent, error ?? {});
          throw error;
        },
      );
    /** Drops what is held, unsent: the transaction ended first. */
    const drop = () => {
      held = [];
      executed.drop();
    };
    const named: Query = (...args) => {
      const [text, values] = args;
      const plain = typeof text === 'string' && args.length <= 2;
      if (plain && held.length === 0 && /^\s*begin\s*$/i.test(text)) {
        held.push('begin');
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [] });
      }
      if (plain && text.endsWith(SEND_WITH_NEXT)) {
        const statements = writtenIn(text.slice(0, -SEND_WITH_NEXT.length), values);
        if (statements !== undefined) {
          held.push(...statements);
          return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
        }
        return sendHeld().then(() => query(text, values));
      }
      if (plain && held.length === 0 && text.startsWith(READS_TOGETHER)) {
        const id = Number(text.slice(READS_TOGETHER.length));
        const { statements, genericFrom } = togetherReads.get(id) ?? {
          statements: [],
          genericFrom: 0,
        };
        togetherReads.delete(id);
        const parts: string[] = [];
        const answers: number[] = [];
        for (const [index, statement] of statements.entries()) {
          if (index === genericFrom) parts.push(GENERIC_PLANS);
          const written = writtenIn(statement.sql, statement.parameters);
          if (written === undefined) {
            executed.drop();
            return Promise.reject(new CannotWriteIn(statement.sql));
          }
          parts.push(...written);
          answers.push(parts.length - 1);
        }
        return send(parts.join(';\n'), executed.take()).then((results) => {
          const list = Array.isArray(results) ? results : [results];
          return { command: 'SELECT', rowCount: null, rows: answers.map((at) => list[at].rows) };
        });
      }
      if (held.length > 0) {
        if (!plain) return sendHeld().then(() => named(...args));
        const end = /^\s*(commit|rollback)\s*$/i.exec(text);
        const rollback = end?.[1]?.toLowerCase() === 'rollback';
        // A transaction whose BEGIN was never sent has nothing to end; one rolled back drops what
        // it held (sent, it would only be undone).
        if (
          (end && held.length === 1 && held[0] === 'begin') ||
          (rollback && held[0] === 'begin')
        ) {
          drop();
          return Promise.resolve({ command: end![1]!.toUpperCase(), rowCount: null, rows: [] });
        }
        if (rollback) {
          drop();
          return query(text);
        }
        const commits = text.endsWith(COMMIT_WITH);
        const statements = end
          ? [text]
          : writtenIn(commits ? text.slice(0, -COMMIT_WITH.length) : text, values);
        if (statements === undefined) return sendHeld().then(() => named(...args));
        const message = [...held, ...statements];
        held = [];
        return send([...message, ...(commits ? ['commit'] : [])].join(';\n'), executed.take()).then(
          (results) => {
            if (commits) committed = true;
            return Array.isArray(results) ? results[message.length - 1] : results;
          },
        );
      }
      if (typeof text === 'string') {
        if (text.endsWith(COMMIT_WITH)) {
          const statements = executed.statementsFor(
            text.slice(0, -COMMIT_WITH.length),
            (values ?? []) as unknown[],
          );
          return send([...statements, 'commit'].join(';\n'), executed.take()).then((results) => {
            committed = true;
            return Array.isArray(results) ? results[statements.length - 1] : results;
          });
        }
        if (committed) {
          committed = false;
          const end = /^\s*(commit|rollback)\s*$/i.exec(text);
          if (end)
            return Promise.resolve({ command: end[1]!.toUpperCase(), rowCount: null, rows: [] });
        }
      }
      const name = typeof text === 'string' ? statementNames.get(text) : undefined;
      if (name === undefined || unnamed.has(text as string) || args.length > 2)
        return query(...args);
      return query({ name, text, values }).catch((error: { code?: string }) => {
        if (error?.code !== PLAN_CHANGED) throw error;
        unnamed.add(text as string);
        // The statement did not run, so running it again is safe; inside a transaction the retry
        // meets the aborted transaction, and the first error is the one to report.
        return query(text, values).catch((retryError: { code?: string }) => {
          throw retryError?.code === IN_FAILED_TRANSACTION ? error : retryError;
        });
      });
    };
    /** Sends the held statements alone, before a statement that cannot carry them. */
    const sendHeld = () => {
      const before = held;
      held = [];
      return before.length === 0 ? Promise.resolve() : send(before.join(';\n'), executed.take());
    };
    const proxy = new Proxy(client, {
      get: (target, property, receiver) =>
        property === 'query' ? named : Reflect.get(target, property, receiver),
    });
    wrapped.set(client, proxy);
    return proxy;
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver);
      // pool.query (the NOTIFYs of commit-signals.ts) connects with a callback.
      return (
        callback?: (
          error: Error | undefined,
          client: PgModule.PoolClient | undefined,
          done: () => void,
        ) => void,
      ) =>
        callback
          ? target.connect((error, client, done) => callback(error, client && wrap(client), done))
          : target.connect().then(wrap);
    },
  });
}
