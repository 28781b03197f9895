import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import type { Config } from '../../config.ts';
import type { Database, Engine } from '../db/database.ts';
import type { JobRow } from './jobs.table.ts';

export interface JobContext {
  database: Database;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
}

/**
 * What a handler may answer besides returning normally (done) or throwing (retried with the
 * definition's backoff): ask to run again at its own time, e.g. a webhook delivery following its
 * schedule or a receiver's Retry-After; or, for a recurring job, its next round (`runAgainInMs`,
 * neither an attempt nor an error; `idle` when the round found nothing to do, so it queued no work
 * the worker should look for at once); or done, with what its definition's `writeDone` writes
 * together with marking the job done (`doneWith`).
 */
export type JobResult =
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that finishes normally returns nothing
  | void
  | { retryInMs: number; reason: string; countAttempt?: boolean }
  | { runAgainInMs: number; idle?: boolean }
  | { doneWith: unknown };

/** A job kind as its enqueuers see it: the name, the payload schema, and the retry policy. */
export interface JobKind<Payload extends TSchema = TSchema> {
  kind: string;
  /** Checked when the job is enqueued (nothing is written if it fails) and again when it runs. */
  payload: Payload;
  /** Attempts before the job is failed for good (a handler's own retryInMs counts too). */
  maxAttempts: number;
  /** Delay before retrying after the nth failed attempt (n from 1). */
  backoffMs(attempt: number): number;
  /**
   * A kind of which exactly one job always exists (its dedupe key is the kind): every worker
   * creates it when it starts, or brings it back if it ended, and its handler answers
   * `runAgainInMs` to schedule the next round.
   */
  recurring?: { payload: Static<Payload> };
  /**
   * For a recurring kind that reads the outbox: a commit that writes events runs its next round at
   * once (commit-signals.ts) instead of at the time its last round asked for.
   */
  wakeOnEvents?: boolean;
}

/** A job kind with its handler: what the worker runs (src/jobs.ts lists them all). */
export interface JobDefinition<Payload extends TSchema = TSchema> extends JobKind<Payload> {
  handle(context: JobContext, payload: Static<Payload>, job: JobRow): Promise<JobResult>;
  /**
   * The write that records what handlers answered `{ doneWith }` with, for several jobs at once:
   * the worker makes it in the same statement (PostgreSQL, as a data-modifying WITH) or the same
   * transaction (embedded database) that marks those jobs done, so a job is never done without
   * its record, and a batch of them costs one statement rather than two per job (a webhook
   * delivery's outcome, docs/decisions/0130-webhook-deliveries-in-batched-statements.md). It must
   * be idempotent, as every handler is: a batch whose statement fails is run again, job by job.
   */
  writeDone?(engine: Engine, results: readonly unknown[]): RawBuilder<unknown>;
}

/**
 * Declares a kind apart from its handler, for kinds enqueued by modules the handler itself uses
 * (a handler file importing its enqueuer, and the enqueuer the handler file, would be a cycle).
 */
export function declareJob<Payload extends TSchema>(kind: JobKind<Payload>): JobKind<Payload> {
  return kind;
}

export function defineJob<Payload extends TSchema>(
  definition: JobDefinition<Payload>,
): JobDefinition<Payload> {
  return definition;
}

/**
 * Each kind's payload check, compiled once: enqueueing thousands of jobs in one call (a mail per
 * invitation, docs/decisions/0165-invitations.md) checks each payload, and the interpreted
 * Value.Check cost 20 to 100 µs a payload against under 1 µs compiled.
 */
const checkers = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/** Whether a payload matches its kind's schema. */
export function isValidPayload(kind: JobKind, payload: unknown): boolean {
  let checker = checkers.get(kind.payload);
  if (!checker) {
    checker = Compile(kind.payload);
    checkers.set(kind.payload, checker);
  }
  return checker.Check(payload);
}

/** Throws, before anything is written, when a payload does not match its kind's schema. */
export function assertValidPayload(kind: JobKind, payload: unknown): void {
  if (isValidPayload(kind, payload)) return;
  const [first] = Value.Errors(kind.payload, payload);
  throw new TypeError(
    `Invalid payload for job kind ${kind.kind}: ${first ? `${first.instancePath || '/'} ${first.message}` : 'does not match its schema'}`,
  );
}

/** 1 s, 2 s, 4 s ... capped at 10 minutes: enough for a database or peer to come back. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(600_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
