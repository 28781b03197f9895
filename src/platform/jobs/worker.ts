import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { isValidPayload, type JobContext, type JobDefinition } from './define.ts';
import type { JobRow } from './jobs.table.ts';
import { claimJobs, ensureRecurringJobs, finishJob, renewLease } from './store.ts';

/**
 * The longest lease a held recurring job carries (docs/decisions.md, "Outbox to deliveries"): a
 * process that dies holding it gives it up to another worker within this time.
 */
const HELD_LEASE_MS = 10_000;

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
  /** Recurring jobs this worker holds between rounds, with the timer of each one's next round. */
  readonly #held = new Map<string, { job: JobRow; timer: NodeJS.Timeout }>();
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running = new Set<Promise<unknown>>();
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

  /**
   * Stops claiming, then waits for the jobs in hand to finish (graceful shutdown); held recurring
   * jobs are handed back due now, so another process takes them at once.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    const released = [...this.#held.values()].map(({ job, timer }) => {
      clearTimeout(timer);
      return this.#putBack(job, this.#context.now(), null);
    });
    this.#held.clear();
    await this.#polling;
    await Promise.allSettled([...this.#running, ...released]);
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

  #track(promise: Promise<'idle' | undefined>): Promise<void> {
    this.#running.add(promise);
    return promise.then(
      (outcome) => {
        this.#running.delete(promise);
        // A finished job often made more work due now (a fan-out enqueues deliveries): look at
        // once rather than sleeping out the poll interval. An idle round made none.
        if (outcome !== 'idle') this.#wake();
      },
      (error: unknown) => {
        this.#running.delete(promise);
        this.#wake();
        throw error;
      },
    );
  }

  #wake() {
    if (this.#stopped || this.#polling) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#schedule(0);
  }

  /**
   * Keeps a recurring job claimed between its rounds and runs the next round from memory, so a
   * round that finds nothing costs its own reads and no write: putting the job back and claiming it
   * again, ten times a second for the webhook fan-out, kept an idle server at 2.5% of a core
   * (docs/decisions.md, "Outbox to deliveries"). The lease is renewed as it runs low.
   */
  #hold(job: JobRow, delayMs: number) {
    const timer = setTimeout(() => {
      this.#held.delete(job.id);
      void this.#track(this.#runHeld(job));
    }, delayMs);
    timer.unref?.();
    this.#held.set(job.id, { job, timer });
  }

  async #runHeld(job: JobRow): Promise<'idle' | undefined> {
    const now = this.#context.now().getTime();
    const leaseMs = Math.min(this.#leaseMs, HELD_LEASE_MS);
    const left = Date.parse(job.locked_until ?? '') - now;
    let held = job;
    if (!(left > leaseMs / 2 && left <= leaseMs)) {
      const lockedUntil = new Date(now + leaseMs);
      // Lost when the lease lapsed and another worker took the job: that worker runs it now.
      if (!(await renewLease(this.#context.database.db, job, this.id, lockedUntil))) return 'idle';
      held = { ...job, locked_until: lockedUntil.toISOString() };
    }
    return this.#run(held);
  }

  /** Hands a claimed job back, due at `runAt`, without counting the claim as an attempt. */
  #putBack(job: JobRow, runAt: Date, error: string | null) {
    return finishJob(this.#context.database.db, job, this.id, {
      status: 'pending',
      runAt,
      error,
      countAttempt: false,
    });
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

  /** Runs one claimed job and settles it; 'idle' when it was a recurring round that did nothing. */
  async #run(job: JobRow): Promise<'idle' | undefined> {
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
        // A running worker keeps the job; drain() (and a stopping worker) hands it back.
        if (this.#stopped) {
          await this.#putBack(
            job,
            new Date(this.#context.now().getTime() + result.runAgainInMs),
            null,
          );
        } else {
          this.#hold(job, result.runAgainInMs);
        }
        return result.idle ? 'idle' : undefined;
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
