import type PgModule from 'pg';
import type { ExecutedStatements } from './pg-executed-statements.ts';

/**
 * Batches on their way at once. One: PostgreSQL runs a connection's messages one after another
 * anyway, and the next batch gathers what arrives while one runs.
 */
const MAX_IN_FLIGHT = 1;

/** A statement held to be sent later: its text and its values, written in when it is sent. */
export interface HeldStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** A whole transaction's message waiting for its batch, and what to do with its answer. */
interface Waiting {
  readonly text: string;
  readonly settle: (error?: { code?: string }) => void;
  readonly flushes: boolean;
  /** Where, in the message's results, the answer is. */
  readonly answer: number;
  readonly resolve: (result: PgModule.QueryResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Transactions sent whole, in batches, over one connection of their own
 * (docs/decisions/0201-whole-transactions-pipelined.md).
 *
 * A transaction whose every statement was held until its commit (an application's, pg-driver.ts)
 * needs no connection of its own: it is one message, from `begin` to `commit`. Sent each on its
 * pool connection, every one cost a write and a read on both sides, and on this kind of machine a
 * system call is dear. Here the whole transactions that a process has ready in one turn of its
 * event loop go out on one connection in pipeline mode, in one write, and PostgreSQL answers them
 * in order. Those committed without waiting for the disk (early-release.ts) are followed in the
 * same write by one durable flush (DURABLE_FLUSH), and each is answered only once that flush is:
 * the batch shares one fsync and one more transaction, where each had its own or waited for a
 * shared flush sent after its answer.
 *
 * Each message, the flush's too, starts with `rollback`: a message that fails inside its
 * transaction (a bound that holds, a second application of one person) leaves the session in that
 * failed transaction, and the next message, already sent, must not inherit it. With no
 * transaction open it does nothing (its warning is not sent: client_min_messages).
 *
 * The connection runs the messages one after another, as one backend. A transaction waiting for a
 * row lock holds up those behind it; the locks it can wait for are held by whole transactions that
 * are running (never by one waiting for this process), or by a transaction of several messages,
 * which goes on on its own connection.
 */
export class TransactionPipeline {
  readonly #connect: () => PgModule.Client;
  readonly #newExecuted: () => ExecutedStatements;
  readonly #flush: string;
  /** The statements prepared on the connection: made anew with each connection. */
  #executed: ExecutedStatements;
  #client: PgModule.Client | undefined;
  #ready: Promise<PgModule.Client> | undefined;
  #batch: Waiting[] = [];
  #scheduled = false;
  /** Batches sent and not yet answered in full. */
  #inFlight = 0;
  #ended = false;

  constructor(
    connect: () => PgModule.Client,
    newExecuted: () => ExecutedStatements,
    flush: string,
  ) {
    this.#connect = connect;
    this.#newExecuted = newExecuted;
    this.#executed = newExecuted();
    this.#flush = flush;
  }

  /**
   * Sends `statements` (from the transaction's `begin` on) and then `after` (its `commit`, written
   * as is) with the next batch. Answers with the last statement's result, once the transaction
   * is answered and, when `flushes`, once the batch's flush is.
   */
  run(
    statements: readonly HeldStatement[],
    after: readonly string[],
    flushes: boolean,
  ): Promise<PgModule.QueryResult> {
    if (this.#ended) return Promise.reject(new Error('the transaction pipeline has ended'));
    const executed = this.#executed;
    let text: string;
    let answer: number;
    try {
      const written = statements.flatMap((statement) =>
        executed.statementsFor(statement.text, statement.values),
      );
      text = ['rollback', ...written, ...after].join(';\n');
      // After the leading `rollback`.
      answer = written.length;
    } catch (error) {
      executed.drop();
      return Promise.reject(error);
    }
    const sent = executed.take();
    return new Promise((resolve, reject) => {
      this.#batch.push({
        text,
        settle: (error) => executed.settle(sent, error),
        flushes,
        answer,
        resolve,
        reject,
      });
      this.#sendSoon();
    });
  }

  /**
   * Sends the waiting transactions after the I/O of this turn of the event loop, so that every
   * one it made ready goes in the batch, unless a batch is on its way: then they wait for its
   * answers, and those that arrive meanwhile go with them. So the batches grow with the load
   * (group commit) rather than the writes.
   */
  #sendSoon(): void {
    if (this.#scheduled || this.#inFlight >= MAX_IN_FLIGHT || this.#batch.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => this.#send());
  }

  /** Ends the connection once every message sent on it is answered. */
  async end(): Promise<void> {
    this.#ended = true;
    const client = this.#client;
    this.#client = undefined;
    this.#ready = undefined;
    if (client) await client.end().catch(() => {});
  }

  async #send(): Promise<void> {
    this.#scheduled = false;
    const batch = this.#batch;
    this.#batch = [];
    this.#inFlight++;
    let client: PgModule.Client;
    try {
      client = await this.#connected();
    } catch (error) {
      for (const waiting of batch) {
        waiting.settle({});
        waiting.reject(error);
      }
      this.#inFlight--;
      this.#sendSoon();
      return;
    }
    const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream } })
      .connection.stream as NodeJS.WritableStream & { cork(): void; uncork(): void };
    stream.cork();
    const answers = batch.map((waiting) =>
      client.query(waiting.text).then(
        (results) => {
          waiting.settle();
          return Array.isArray(results) ? results : [results];
        },
        (error: { code?: string }) => {
          waiting.settle(error ?? {});
          throw error;
        },
      ),
    );
    const flushed = batch.some((waiting) => waiting.flushes)
      ? client.query(`rollback;\n${this.#flush}`).then(() => undefined)
      : Promise.resolve();
    stream.uncork();
    // Settled, so that a batch whose flush fails while every transaction in it failed first
    // leaves no rejection unheard.
    flushed.catch(() => {});
    for (const [index, waiting] of batch.entries()) {
      answers[index]!.then((results) => {
        const own = results[waiting.answer]!;
        if (!waiting.flushes) return waiting.resolve(own);
        flushed.then(() => waiting.resolve(own), waiting.reject);
      }, waiting.reject);
    }
    await Promise.allSettled([...answers, flushed]);
    this.#inFlight--;
    this.#sendSoon();
  }

  /** The connection, made on first use and again after one is lost. */
  #connected(): Promise<PgModule.Client> {
    if (this.#ended) return Promise.reject(new Error('the transaction pipeline has ended'));
    if (this.#ready) return this.#ready;
    const client = this.#connect();
    const ready = client.connect().then(() => client);
    const forget = () => {
      if (this.#client === client || this.#ready === ready) {
        this.#client = undefined;
        this.#ready = undefined;
        // A new connection has nothing prepared.
        this.#executed = this.#newExecuted();
      }
    };
    // A lost connection fails the messages on it (pg rejects each); the next batch connects anew.
    client.on('error', forget);
    client.on('end', forget);
    ready.catch(forget);
    this.#client = client;
    this.#ready = ready;
    return ready;
  }
}
