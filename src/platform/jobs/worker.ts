import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { isValidPayload, type JobContext, type JobDefinition } from './define.ts';
import type { JobRow } from './jobs.table.ts';
import { claimJobs, ensureRecurringJobs, finishJob } from './store.ts';

export interface WorkerOptions {
  pollMs?: number;
  concurrency?: number;
  leaseMs?: number;
  /** Every job kind this worker runs (the application's list is src/jobs.ts). */
  definitions: readonly JobDefinition[];
}

/**
 * The durable job runner. Any number of workers (in serve processes or `cohort worker`) share the
 * jobs table: each claims due jobs under a lease, runs them, and settles them; a worker that dies
 * leaves leases that lapse, and another worker takes those jobs again.
 */
export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly #context: JobContext;
  readonly #definitions: Map<string, JobDefinition>;
  #recurringEnsured = false;
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running = new Set<Promise<void>>();
  #stopped = true;
  #polling: Promise<number> | undefined;

  constructor(context: JobContext, options: WorkerOptions) {
    this.#context = context;
    this.#definitions = new Map(
      options.definitions.map((definition) => [definition.kind, definition]),
    );
    this.#pollMs = options.pollMs ?? 500;
    this.#concurrency = options.concurrency ?? 8;
    this.#leaseMs = options.leaseMs ?? 120_000;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops claiming, then waits for the jobs in hand to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#polling;
    await Promise.allSettled([...this.#running]);
  }

  /**
   * Creates the recurring jobs this worker runs, or brings them back if they ended; the first
   * round of start() does it, and drain() every time.
   */
  async ensureRecurringJobs(): Promise<void> {
    await ensureRecurringJobs(
      this.#context.database.db,
      [...this.#definitions.values()],
      this.#context.now(),
    );
    this.#recurringEnsured = true;
  }

  /** One claim-and-run round, awaited: tests and the CLI drive the runner with it. */
  async runDueJobs(): Promise<number> {
    const jobs = await this.#claim();
    await Promise.all(jobs.map((job) => this.#track(this.#run(job))));
    return jobs.length;
  }

  async #claim(): Promise<JobRow[]> {
    const free = this.#concurrency - this.#running.size;
    if (free <= 0) return [];
    return claimJobs(this.#context.database.db, this.#context.database.engine, {
      workerId: this.id,
      limit: free,
      now: this.#context.now(),
      leaseMs: this.#leaseMs,
      kinds: [...this.#definitions.keys()],
    });
  }

  /** Runs rounds until nothing is due (tests: "let the background work settle"). */
  async drain(maxRounds = 100): Promise<number> {
    await this.ensureRecurringJobs();
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const ran = await this.runDueJobs();
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }

  #track(promise: Promise<void>): Promise<void> {
    this.#running.add(promise);
    return promise.finally(() => {
      this.#running.delete(promise);
      // A finished job often made more work due now (a fan-out enqueues deliveries): look at once
      // rather than sleeping out the poll interval.
      this.#wake();
    });
  }

  #wake() {
    if (this.#stopped || this.#polling) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#schedule(0);
  }

  /** Looks again once a job this worker just put back becomes due, if that is before the next poll. */
  #wakeAt(runAt: Date) {
    const delay = runAt.getTime() - this.#context.now().getTime();
    if (this.#stopped || delay >= this.#pollMs) return;
    setTimeout(() => this.#wake(), Math.max(0, delay)).unref?.();
  }

  #schedule(delay: number) {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#polling = this.#poll();
      void this.#polling.then((ran) => {
        this.#polling = undefined;
        this.#schedule(ran > 0 ? 0 : this.#pollMs);
      });
    }, delay);
    this.#timer.unref?.();
  }

  async #poll(): Promise<number> {
    try {
      if (!this.#recurringEnsured) await this.ensureRecurringJobs();
      const jobs = await this.#claim();
      // Jobs run in the background so a slow one never holds up the next claim.
      for (const job of jobs) void this.#track(this.#run(job));
      return jobs.length;
    } catch (error) {
      this.#context.log.error({ err: error }, 'job claim failed');
      return 0;
    }
  }

  async #run(job: JobRow): Promise<void> {
    const definition = this.#definitions.get(job.kind);
    const db = this.#context.database.db;
    if (!definition) {
      await finishJob(db, job, this.id, {
        status: 'failed',
        error: `no handler for job kind ${job.kind}`,
      });
      return;
    }
    const payload: unknown = JSON.parse(job.payload);
    if (!isValidPayload(definition, payload)) {
      await finishJob(db, job, this.id, {
        status: 'failed',
        error: `payload does not match the schema of job kind ${job.kind}`,
      });
      return;
    }
    try {
      const result = await definition.handle(this.#context, payload, job);
      if (result && 'runAgainInMs' in result) {
        const runAt = new Date(this.#context.now().getTime() + result.runAgainInMs);
        await finishJob(db, job, this.id, {
          status: 'pending',
          runAt,
          error: null,
          countAttempt: false,
        });
        this.#wakeAt(runAt);
        return;
      }
      if (result && 'retryInMs' in result) {
        const countAttempt = result.countAttempt ?? true;
        if (countAttempt && job.attempts >= definition.maxAttempts) {
          await finishJob(db, job, this.id, { status: 'failed', error: result.reason });
        } else {
          await finishJob(db, job, this.id, {
            status: 'pending',
            runAt: new Date(this.#context.now().getTime() + result.retryInMs),
            error: result.reason,
            countAttempt,
          });
        }
        return;
      }
      await finishJob(db, job, this.id, { status: 'done' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#context.log.warn({ err: error, job: job.id, kind: job.kind }, 'job attempt failed');
      if (job.attempts >= definition.maxAttempts) {
        await finishJob(db, job, this.id, { status: 'failed', error: message });
      } else {
        await finishJob(db, job, this.id, {
          status: 'pending',
          runAt: new Date(this.#context.now().getTime() + definition.backoffMs(job.attempts)),
          error: message,
          countAttempt: true,
        });
      }
    }
  }
}
