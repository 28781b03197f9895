import { createRequire } from 'node:module';
import type PgModule from 'pg';
import { ExecutedStatements, PLAN_CHANGED, type Sent } from './pg-executed-statements.ts';
import { type HeldStatement, TransactionPipeline } from './pg-pipeline.ts';
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
 * COMMIT_WITH for a transaction committed without waiting for the disk (early-release.ts): it is
 * answered once its commit is durable, its row locks having been released at the commit, before
 * the flush. Sent whole, it waits for its batch's flush (pg-pipeline.ts); otherwise its message
 * ends with the commit and then DURABLE_FLUSH.
 */
export const COMMIT_THEN_FLUSH_WITH = '\n-- cohort: commit with this statement, then flush';

/**
 * A statement whose durable commit flushes the write-ahead log up to itself, and so every commit
 * made before it: a transactional WAL message, which writes no table and is allowed to every role.
 */
export const DURABLE_FLUSH = "select pg_logical_emit_message(true, 'cohort', 'flush')";

/**
 * What a statement ends with when its transaction's COMMIT is to be sent with it: the statement
 * without its ending, and whether a durable flush must answer it (COMMIT_THEN_FLUSH_WITH).
 */
function committing(text: string): { statement: string; flushes: boolean } | undefined {
  if (text.endsWith(COMMIT_WITH)) {
    return { statement: text.slice(0, -COMMIT_WITH.length), flushes: false };
  }
  if (text.endsWith(COMMIT_THEN_FLUSH_WITH)) {
    return { statement: text.slice(0, -COMMIT_THEN_FLUSH_WITH.length), flushes: true };
  }
  return undefined;
}

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

/** Whether `literal` can write this value into a statement, checked without writing it. */
function writable(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.every(writable);
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'string' || typeof value === 'bigint' || typeof value === 'boolean';
}

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
 * A transaction held whole until its commit goes out on the pool's TransactionPipeline.
 */
export function namingPool(pool: PgModule.Pool): PgModule.Pool {
  const nameOf = (text: string) => {
    const name = statementNames.get(text);
    return name === undefined ? undefined : `${name}_sql`;
  };
  let pipeline: TransactionPipeline | undefined;
  const pipelined = () => {
    pipeline ??= new TransactionPipeline(
      () =>
        new (pg().Client)({
          ...pool.options,
          pipeline: true,
          // Not told, for each message, that its leading `rollback` found no transaction.
          options: [pool.options.options, '-c client_min_messages=error'].filter(Boolean).join(' '),
        } as PgModule.ClientConfig),
      () => new ExecutedStatements(nameOf, literal),
      DURABLE_FLUSH,
    );
    return pipeline;
  };
  const wrapped = new WeakMap<PgModule.PoolClient, PgModule.PoolClient>();
  const wrap = (client: PgModule.PoolClient): PgModule.PoolClient => {
    const known = wrapped.get(client);
    if (known) return known;
    const query = client.query.bind(client) as Query;
    const unnamed = new Set<string>();
    // Whether the transaction on this connection ended with its last statement, committed with it
    // (COMMIT_WITH) or sent whole on the pipeline: the COMMIT or ROLLBACK Kysely then sends has
    // nothing to do and is answered here.
    let committed = false;
    // Statements not sent yet: a BEGIN, and those sent with the next (SEND_WITH_NEXT). They go in
    // one simple-protocol message with the next statement, their values and its written in, so a
    // transaction's first statement carries its BEGIN and an application's writes ride with the
    // statement after them (docs/decisions/0176-applications-on-postgresql-in-two-transactions.md).
    // Each statement of such a message still takes its own snapshot under READ COMMITTED.
    let held: HeldStatement[] = [];
    // Registered texts among them are prepared once on the connection and executed by name
    // (pg-executed-statements.ts).
    const executed = new ExecutedStatements(nameOf, literal);
    /** The statements to send for held ones, on this connection. */
    const written = (statements: readonly HeldStatement[]) =>
      statements.flatMap((statement) => executed.statementsFor(statement.text, statement.values));
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
    /** Sends the held statements and `last`, then `after`; answers with `last`'s result. */
    const sendWith = (last: HeldStatement | string, after: readonly string[]) => {
      const statements = [
        ...written(held),
        ...(typeof last === 'string' ? [last] : written([last])),
      ];
      held = [];
      return send([...statements, ...after].join(';\n'), executed.take()).then((results) =>
        Array.isArray(results) ? results[statements.length - 1] : results,
      );
    };
    const named: Query = (...args) => {
      const [text, values] = args;
      const plain = typeof text === 'string' && args.length <= 2;
      const parameters = (values ?? []) as unknown[];
      if (plain && held.length === 0 && /^\s*begin\s*$/i.test(text)) {
        committed = false;
        held.push({ text: 'begin', values: [] });
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [] });
      }
      if (plain && text.endsWith(SEND_WITH_NEXT)) {
        if (parameters.every(writable)) {
          held.push({ text: text.slice(0, -SEND_WITH_NEXT.length), values: parameters });
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
          if (!statement.parameters.every(writable)) {
            executed.drop();
            return Promise.reject(new CannotWriteIn(statement.sql));
          }
          parts.push(...executed.statementsFor(statement.sql, statement.parameters));
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
        const whole = held[0]!.text === 'begin';
        // A transaction whose BEGIN was never sent has nothing to end; one rolled back drops what
        // it held (sent, it would only be undone).
        if ((end && held.length === 1 && whole) || (rollback && whole)) {
          held = [];
          return Promise.resolve({ command: end![1]!.toUpperCase(), rowCount: null, rows: [] });
        }
        if (rollback) {
          held = [];
          return query(text);
        }
        const commits = end ? undefined : committing(text);
        const last: HeldStatement | string = end
          ? text
          : { text: commits?.statement ?? text, values: parameters };
        if (typeof last !== 'string' && !parameters.every(writable)) {
          return sendHeld().then(() => named(...args));
        }
        if (whole && (end || commits)) {
          // The whole transaction, from its BEGIN to its COMMIT: sent on the pipeline, this
          // connection never having been told of it.
          const statements = typeof last === 'string' ? held : [...held, last];
          const after = typeof last === 'string' ? [last] : ['commit'];
          held = [];
          committed = true;
          return pipelined().run(statements, after, commits?.flushes === true);
        }
        return sendWith(last, commits ? afterCommitting(commits) : []).then((result) => {
          if (commits) committed = true;
          return result;
        });
      }
      if (typeof text === 'string') {
        const commits = committing(text);
        if (commits) {
          return sendWith(
            { text: commits.statement, values: parameters },
            afterCommitting(commits),
          ).then((result) => {
            committed = true;
            return result;
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
      if (held.length === 0) return Promise.resolve();
      const statements = written(held);
      held = [];
      return send(statements.join(';\n'), executed.take());
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
      if (property === 'end') {
        return async () => {
          await Promise.all([pipeline?.end(), target.end()]);
        };
      }
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

/** What follows a statement that commits its transaction, in the same message. */
function afterCommitting(commits: { flushes: boolean }): string[] {
  return commits.flushes ? ['commit', DURABLE_FLUSH] : ['commit'];
}
