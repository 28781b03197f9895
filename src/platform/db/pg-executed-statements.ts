/**
 * Registered statements (nameStatement) inside a message of several statements, on one
 * PostgreSQL connection. Such a message is simple protocol (the only one that carries two
 * statements), with no parameters, so each of its statements used to be parsed and planned afresh
 * with its values written in: under the scale-out benchmark's applications, pg_stat_statements put
 * planning at about 380 µs of the ~1,300 µs of PostgreSQL's CPU per application (the network read
 * 158 µs, the counters' upsert 105, their read 55;
 * docs/decisions/0193-statements-in-one-message-prepared-once.md). Here a registered text is
 * prepared once per connection with SQL's PREPARE, in the first message that carries it, and run
 * with EXECUTE and its values as literals: PostgreSQL infers the parameters' types from the text as
 * it does for a named statement of the extended protocol, and keeps a generic plan after five runs.
 *
 * A prepared statement outlives the transaction that made it, even one rolled back, but a PREPARE
 * after a failed statement of its message never runs. So a PREPARE whose message fails leaves the
 * connection in a state not known here: that text is written in, as before, on this connection from
 * then on, never prepared a second time (which PostgreSQL would refuse, failing the transaction).
 * A message that fails because a migration changed what a prepared statement returns ("cached plan
 * must not change result type") writes in every text it executed from then on.
 */
export class ExecutedStatements {
  readonly #nameOf: (text: string) => string | undefined;
  readonly #literal: (value: unknown) => string;
  /** Per text: its PREPARE is in a message not answered yet, it ran, or it is not to be used. */
  readonly #state = new Map<string, 'sent' | 'ready' | 'written-in'>();
  /** The texts executed in the message being put together, and whether it prepares each. */
  #message: { text: string; prepares: boolean }[] = [];

  constructor(nameOf: (text: string) => string | undefined, literal: (value: unknown) => string) {
    this.#nameOf = nameOf;
    this.#literal = literal;
  }

  /**
   * What to send for `text` with `values` in the message being put together: one statement with
   * the values written in, or a PREPARE (the first time on this connection) and an EXECUTE. Throws
   * when a value cannot be written into a statement, as inlineValues does.
   */
  statementsFor(text: string, values: readonly unknown[]): string[] {
    const name = this.#nameOf(text);
    const state = this.#state.get(text);
    if (name === undefined || state === 'written-in' || state === 'sent') {
      return [text.replace(/\$(\d+)/g, (_, n: string) => this.#literal(values[Number(n) - 1]))];
    }
    const literals = values.map((value) => this.#literal(value));
    const execute = `execute ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
    const prepares = state === undefined;
    if (prepares) this.#state.set(text, 'sent');
    this.#message.push({ text, prepares });
    return prepares ? [`prepare ${name} as ${text}`, execute] : [execute];
  }

  /** The message put together so far is sent: what to settle once it is answered. */
  take(): Sent {
    const message = this.#message;
    this.#message = [];
    return message;
  }

  /** A message was answered: with `error` when it failed. */
  settle(sent: Sent, error?: { code?: string }): void {
    for (const { text, prepares } of sent) {
      if (error === undefined) {
        if (prepares) this.#state.set(text, 'ready');
      } else if (prepares || error.code === PLAN_CHANGED) {
        this.#state.set(text, 'written-in');
      }
    }
  }

  /** The message put together so far is dropped unsent (a transaction ended before it). */
  drop(): void {
    for (const { text, prepares } of this.take()) if (prepares) this.#state.delete(text);
  }
}

/** The statements of one message, as settle needs them. */
export type Sent = readonly { text: string; prepares: boolean }[];

/** "cached plan must not change result type": a migration changed a table under a plan. */
export const PLAN_CHANGED = '0A000';
