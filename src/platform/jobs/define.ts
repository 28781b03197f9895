import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
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
 * schedule or a receiver's Retry-After.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that finishes normally returns nothing
export type JobResult = void | { retryInMs: number; reason: string; countAttempt?: boolean };

export interface JobDefinition<Payload = unknown> {
  kind: string;
  /** Attempts before the job is failed for good (a handler's own retryInMs counts too). */
  maxAttempts: number;
  /** Delay before retrying after the nth failed attempt (n from 1). */
  backoffMs(attempt: number): number;
  handle(context: JobContext, payload: Payload, job: JobRow): Promise<JobResult>;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** 1 s, 2 s, 4 s ... capped at 10 minutes: enough for a database or peer to come back. */
export function exponentialBackoff(attempt: number): number {
  return Math.min(600_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
