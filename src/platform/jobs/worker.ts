import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { settlesWithin } from '../db/awaitable.ts';
import { isValidPayload, type JobContext, type JobDefinition, type JobResult } from './define.ts';
import type { JobRow } from './jobs.table.ts';
import { claimJobs, ensureRecurringJobs, finishJob, finishJobsDone, renewLease } from './store.ts';

/**
 * The longest lease a held recurring job carries
 * (docs/decisions/0046-webhook-fan-out-recurring-job.md): a process that dies holding it gives it
 * up to another worker within this time.
 */
const HELD_LEASE_MS = 10_000;

/**
 * The shortest time between the starts of two rounds of a recurring job woken by commits (the
 * webhook fan-out). Woken at once by every commit, the fan-out ran a round (a transaction of four
 * statements) for each application of a busy study, a fifth of an application's cost; rounds at
 * most every 5 ms gather the events of every commit meanwhile, and add nothing to a quiet
 * server's latency, whose last round is long past
 * (docs/decisions/0130-webhook-deliveries-in-batched-statements.md).
 */
const WOKEN_ROUND_GAP_MS = 5;

/** Jobs taken by one claim at most (on PostgreSQL it locks four times as many candidates). */
const CLAIM_BATCH = 32;

/**
 * A lane job done within this time shows a receiver keeping up: its lane may run one more job at
 * once, up to laneBurst. A slower one, or one not done (a retry, a failure), takes the lane back to
 * laneConcurrency. With one subscription the lane was the whole limit: in one run, 8 deliveries
 * on the wire made 791/s on SQLite where 32 made 2,693/s
 * (docs/decisions/0129-job-lanes-that-earn-concurrency.md, second pass).
 */
const LANE_FAST_MS = 250;

/** Raised lane limits remembered at most (a lane is a webhook subscription). */
const MAX_LANE_LIMITS = 10_000;

/** Idle lanes with a raised limit that a claim names (#idleRaised). */
const IDLE_RAISED_LANES = 64;

/** A claimed job waiting for its lane, with the settling of whoever started it. */
interface LaneWaiter {
  job: JobRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface WorkerOptions {
  pollMs?: number;
  /** Jobs run at once by this worker, waiting lane jobs included. */
  concurrency?: number;
  /** Jobs of one lane (JobsTable.lane) run at once by this worker, to begin with. */
  laneConcurrency?: number;
  /** Jobs of one lane run at once at most, once its jobs are done fast (LANE_FAST_MS). */
  laneBurst?: number;
  leaseMs?: number;
  /** Every job kind this worker runs (the application's list is src/jobs.ts). */
  definitions: readonly JobDefinition[];
}

/**
 * The durable job runner. Any number of workers (in serve processes or `cohort worker`) share the
 * jobs table: each claims due jobs under a lease, runs them, and settles them; a worker that dies
 * leaves leases that lapse, and another worker takes those jobs again. Claims and settlements go
 * through `database.relaxed`: one a crash forgets only runs a job again, which handlers tolerate.
 */
export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly #context: JobContext;
  readonly #definitions: Map<string, JobDefinition>;
  #recurringEnsured = false;
  /** Recurring jobs this worker holds between rounds, with the timer of each one's next round. */
  readonly #held = new Map<string, { job: JobRow; timer: NodeJS.Timeout; dueAt: number }>();
  /** When each recurring kind last started a round (performance.now()), for WOKEN_ROUND_GAP_MS. */
  readonly #roundStarted = new Map<string, number>();
  /** Recurring kinds running a round now, and those woken meanwhile (next round at once). */
  readonly #runningRecurring = new Set<string>();
  readonly #wakeAgain = new Set<string>();
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #laneConcurrency: number;
  readonly #laneBurst: number;
  /** Lanes whose jobs run more than laneConcurrency at once: what each has earned. */
  readonly #laneLimits = new Map<string, number>();
  /**
   * Lanes with a raised limit that ran out of jobs here most recently, oldest first: a claim takes
   * as many of their jobs as their limit (a lane whose jobs all finish together empties between
   * claims; at laneConcurrency per claim it could never use what it earned).
   */
  readonly #idleRaised = new Set<string>();
  /** When a claim last looked for lapsed leases (context.now(), ms). */
  #recoveredAt = Number.NEGATIVE_INFINITY;
  readonly #leaseMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running = new Set<Promise<unknown>>();
  /** Per lane: jobs running, and claimed jobs waiting for one of them to finish. */
  readonly #lanes = new Map<string, { running: number; waiting: LaneWaiter[] }>();
  #stopped = true;
  /** stop() was called: a job claimed in the background is handed back rather than started. */
  #stopping = false;
  /** The jobs running now, by id: those a stop whose grace ran out hands back. */
  readonly #inHand = new Map<string, JobRow>();
  #polling: Promise<boolean> | undefined;
  /** Jobs done since the last settling statement, and the promise of that statement. */
  #doneBatch: { job: JobRow; definition: JobDefinition; doneWith?: { value: unknown } }[] = [];
  #doneFlush: Promise<void> | undefined;
  /** A wake arrived during a claim: claim again as soon as it ends. */
  #wokenWhilePolling = false;
  /** Unsubscribes from the database's commit signals (commit-signals.ts). */
  #unsubscribe: (() => void)[] = [];

  constructor(context: JobContext, options: WorkerOptions) {
    this.#context = context;
    this.#definitions = new Map(
      options.definitions.map((definition) => [definition.kind, definition]),
    );
    this.#pollMs = options.pollMs ?? 500;
    // Deliveries wait on the network, not the CPU: many in flight keep one process busy, and a
    // lane holds fewer than laneBurst + laneConcurrency of them, 2 x laneConcurrency until its
    // receiver has shown it keeps up (docs/decisions/0129-job-lanes-that-earn-concurrency.md).
    this.#concurrency = options.concurrency ?? 256;
    this.#laneConcurrency = options.laneConcurrency ?? 8;
    this.#laneBurst = Math.max(this.#laneConcurrency, options.laneBurst ?? 32);
    this.#leaseMs = options.leaseMs ?? 120_000;
  }

  /**
   * Starts claiming, and listens for commits that insert jobs (claim now) or outbox events (run the
   * recurring jobs that read them now), so new work starts within milliseconds, not at the poll.
   */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#stopping = false;
    const signals = this.#context.database.signals;
    this.#unsubscribe = [
      signals.on('jobs', () => this.#wake()),
      signals.on('events', () => this.#wakeHeld()),
    ];
    this.#schedule(0);
  }

  /**
   * Stops claiming, hands back at once the jobs it holds without running them (recurring jobs
   * between rounds, jobs waiting for their lane), then waits for the jobs in hand to finish
   * (graceful shutdown): without limit, or for `graceMs`, after which those still running are
   * handed back too. A job handed back is due now, so another worker takes it at once rather than
   * when its lease lapses (docs/decisions/0164-start-up-together-and-rolling-restarts.md); a
   * handler cut off this way may still be running here, and may run again there, which every
   * handler tolerates (docs/architecture.md). Answers how many jobs it handed back unfinished.
   */
  async stop(options: { graceMs?: number } = {}): Promise<number> {
    this.#stopped = true;
    this.#stopping = true;
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
    if (this.#timer) clearTimeout(this.#timer);
    const now = this.#context.now();
    const handedBack = [...this.#held.values()].map(({ job, timer }) => {
      clearTimeout(timer);
      return this.#putBack(job, now, null);
    });
    this.#held.clear();
    // A claim under way starts what it took: those of full lanes wait, and are handed back here.
    await this.#polling;
    for (const state of this.#lanes.values()) {
      for (const waiter of state.waiting.splice(0)) {
        handedBack.push(this.#putBack(waiter.job, now, null).then(waiter.resolve, waiter.reject));
      }
    }
    const finished = Promise.allSettled([...this.#running, ...handedBack]);
    if (options.graceMs === undefined || (await settlesWithin(finished, options.graceMs))) {
      await finished;
      return 0;
    }
    const unfinished = [...this.#inHand.values()];
    await Promise.allSettled(
      unfinished.map((job) =>
        this.#putBack(job, this.#context.now(), 'handed back unfinished: its worker shut down'),
      ),
    );
    return unfinished.length;
  }

  /**
   * Creates the recurring jobs this worker runs, or brings them back if they ended; the first
   * round of start() does it, and drain() every time.
   */
  async ensureRecurringJobs(): Promise<void> {
    await ensureRecurringJobs(
      this.#context.database.relaxed,
      [...this.#definitions.values()],
      this.#context.now(),
    );
    this.#recurringEnsured = true;
  }

  /** One claim-and-run round, awaited: tests and the CLI drive the runner with it. */
  async runDueJobs(): Promise<number> {
    const { jobs } = await this.#claim();
    await Promise.all(jobs.map((job) => this.#start(job)));
    return jobs.length;
  }

  /** Claims what this worker has room for; `limit` is how many it asked for. */
  async #claim(): Promise<{ jobs: JobRow[]; limit: number }> {
    let waiting = 0;
    const fullLanes: string[] = [];
    // Lanes with a raised limit take as many as they have room for, the others laneConcurrency:
    // the claim names the busy lanes and the last few idle ones (IDLE_RAISED_LANES), not all.
    const laneCaps = new Map<string, number>();
    for (const lane of this.#idleRaised) laneCaps.set(lane, this.#laneLimit(lane));
    for (const [lane, state] of this.#lanes) {
      waiting += state.waiting.length;
      const room = this.#laneLimit(lane) - state.running - state.waiting.length;
      if (room <= 0) fullLanes.push(lane);
      else if (room > this.#laneConcurrency) laneCaps.set(lane, room);
    }
    const free = Math.min(CLAIM_BATCH, this.#concurrency - this.#running.size - waiting);
    if (free <= 0) return { jobs: [], limit: 0 };
    // A lapsed lease has waited out a whole lease (minutes) already: looking for them once per
    // poll interval rather than in every claim halves the statements of a busy worker's claims.
    const now = this.#context.now();
    const recover =
      now.getTime() - this.#recoveredAt >= this.#pollMs || now.getTime() < this.#recoveredAt;
    if (recover) this.#recoveredAt = now.getTime();
    const jobs = await claimJobs(this.#context.database.relaxed, this.#context.database.engine, {
      workerId: this.id,
      limit: free,
      now,
      leaseMs: this.#leaseMs,
      kinds: [...this.#definitions.keys()],
      fullLanes,
      recover,
      perLane: this.#laneConcurrency,
      laneCaps,
    });
    return { jobs, limit: free };
  }

  /**
   * How many jobs of `lane` run at once here: laneConcurrency, and one more for each of its jobs
   * done within LANE_FAST_MS in a row, up to laneBurst; any other outcome takes it back.
   */
  #laneLimit(lane: string): number {
    return this.#laneLimits.get(lane) ?? this.#laneConcurrency;
  }

  #noteLaneOutcome(lane: string, fast: boolean) {
    if (fast) {
      const limit = Math.min(this.#laneBurst, this.#laneLimit(lane) + 1);
      // Forgetting what lanes earned only starts them at laneConcurrency again.
      if (this.#laneLimits.size >= MAX_LANE_LIMITS) {
        this.#laneLimits.clear();
        this.#idleRaised.clear();
      }
      if (limit > this.#laneConcurrency) this.#laneLimits.set(lane, limit);
    } else {
      this.#laneLimits.delete(lane);
      this.#idleRaised.delete(lane);
    }
  }

  /**
   * Runs a claimed job now, or, when its lane already runs as many jobs here as it may
   * (#laneLimit), once one of them finishes. A claim takes at most laneConcurrency jobs of a lane
   * and skips full lanes, so fewer than laneConcurrency wait per lane: each waits one attempt at
   * most (every attempt running ahead of it ends within its timeout), well inside its lease.
   */
  #start(job: JobRow): Promise<void> {
    const lane = job.lane;
    if (lane === null) return this.#track(this.#run(job));
    let state = this.#lanes.get(lane);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.#lanes.set(lane, state);
      this.#idleRaised.delete(lane);
    }
    const laneState = state;
    if (laneState.running >= this.#laneLimit(lane)) {
      return new Promise<void>((resolve, reject) => {
        laneState.waiting.push({ job, resolve, reject });
      });
    }
    laneState.running++;
    const started = performance.now();
    const run = this.#run(job).then((outcome) => {
      this.#noteLaneOutcome(lane, outcome === 'done' && performance.now() - started < LANE_FAST_MS);
      return outcome;
    });
    return this.#track(run, false).finally(() => {
      laneState.running--;
      const next = laneState.waiting.shift();
      if (next) this.#startUnlessStopping(next.job).then(next.resolve, next.reject);
      else if (laneState.running === 0) {
        this.#lanes.delete(lane);
        if (this.#laneLimits.has(lane)) {
          this.#idleRaised.delete(lane);
          this.#idleRaised.add(lane);
          if (this.#idleRaised.size > IDLE_RAISED_LANES) {
            const oldest = this.#idleRaised.values().next().value;
            if (oldest !== undefined) this.#idleRaised.delete(oldest);
          }
        }
      }
      // Claiming again while the lane is still full would find nothing new for it: a claim per
      // finished delivery was most of the worker's statements
      // (docs/decisions/0130-webhook-deliveries-in-batched-statements.md).
      if (laneState.running + laneState.waiting.length < this.#laneLimit(lane)) this.#wake();
    });
  }

  /**
   * Starts a job claimed in the background, or, once stop() was called, hands it back at once
   * (tracked like a running job, so stop() waits for the hand-back).
   */
  #startUnlessStopping(job: JobRow): Promise<void> {
    if (!this.#stopping) return this.#start(job);
    return this.#track(
      this.#putBack(job, this.#context.now(), null).then(() => undefined),
      false,
    );
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

  /** `wake`: claim again once it finishes (a lane job's finish wakes from #start instead). */
  #track(promise: Promise<'idle' | 'done' | undefined>, wake = true): Promise<void> {
    this.#running.add(promise);
    return promise.then(
      (outcome) => {
        this.#running.delete(promise);
        // A finished job freed a slot and often made more work due now (a fan-out enqueues
        // deliveries): look at once rather than sleeping out the poll interval. An idle round
        // made none.
        if (wake && outcome !== 'idle') this.#wake();
      },
      (error: unknown) => {
        this.#running.delete(promise);
        if (wake) this.#wake();
        throw error;
      },
    );
  }

  #wake() {
    if (this.#stopped) return;
    if (this.#polling) {
      this.#wokenWhilePolling = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#schedule(0);
  }

  /**
   * New outbox events: the held recurring jobs (the webhook fan-out) run their next round now
   * rather than at its timer. One that is running now gets a round right after this one.
   */
  #wakeHeld() {
    if (this.#stopped) return;
    for (const [id, held] of this.#held) {
      if (!this.#definitions.get(held.job.kind)?.wakeOnEvents) continue;
      const delay = this.#gapLeft(held.job.kind);
      if (held.dueAt <= performance.now() + delay) continue;
      clearTimeout(held.timer);
      this.#held.delete(id);
      if (delay > 0) this.#hold(held.job, delay);
      else void this.#track(this.#runHeld(held.job));
    }
    for (const kind of this.#runningRecurring) this.#wakeAgain.add(kind);
  }

  /** How long until a woken round of `kind` may start (WOKEN_ROUND_GAP_MS after the last one). */
  #gapLeft(kind: string): number {
    const last = this.#roundStarted.get(kind);
    if (last === undefined) return 0;
    return Math.max(0, Math.ceil(last + WOKEN_ROUND_GAP_MS - performance.now()));
  }

  /**
   * Keeps a recurring job claimed between its rounds and runs the next round from memory, so a
   * round that finds nothing costs its own reads and no write: putting the job back and claiming it
   * again, ten times a second for the webhook fan-out, kept an idle server at 2.5% of a core
   * (docs/decisions/0046-webhook-fan-out-recurring-job.md). The lease is renewed as it runs low.
   */
  #hold(job: JobRow, delayMs: number) {
    const timer = setTimeout(() => {
      this.#held.delete(job.id);
      void this.#track(this.#runHeld(job));
    }, delayMs);
    timer.unref?.();
    this.#held.set(job.id, { job, timer, dueAt: performance.now() + delayMs });
  }

  async #runHeld(job: JobRow): Promise<'idle' | 'done' | undefined> {
    const now = this.#context.now().getTime();
    const leaseMs = Math.min(this.#leaseMs, HELD_LEASE_MS);
    const left = Date.parse(job.locked_until ?? '') - now;
    let held = job;
    if (!(left > leaseMs / 2 && left <= leaseMs)) {
      const lockedUntil = new Date(now + leaseMs);
      // Lost when the lease lapsed and another worker took the job: that worker runs it now.
      if (!(await renewLease(this.#context.database.relaxed, job, this.id, lockedUntil)))
        return 'idle';
      held = { ...job, locked_until: lockedUntil.toISOString() };
    }
    return this.#run(held);
  }

  /**
   * Marks a job done together with the others that finished in the same turn of the event loop:
   * one statement (one commit) for a batch, where a commit per job was half the writes of a webhook
   * delivery. Jobs that finished `{ doneWith }` bring their definition's write into that statement
   * (JobDefinition.writeDone). A process that dies before the batch commits leaves those jobs to
   * lapse and run again, which every handler tolerates (they are idempotent, docs/architecture.md).
   */
  #settleDone(
    job: JobRow,
    definition: JobDefinition,
    doneWith?: { value: unknown },
  ): Promise<void> {
    this.#doneBatch.push({ job, definition, doneWith });
    this.#doneFlush ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const batch = this.#doneBatch;
        this.#doneBatch = [];
        this.#doneFlush = undefined;
        const results = new Map<JobDefinition, unknown[]>();
        for (const settled of batch) {
          if (!settled.doneWith || !settled.definition.writeDone) continue;
          let values = results.get(settled.definition);
          if (!values) {
            values = [];
            results.set(settled.definition, values);
          }
          values.push(settled.doneWith.value);
        }
        const { relaxed, engine } = this.#context.database;
        const alongside = [...results].map(([definition, values]) =>
          definition.writeDone!(engine, values),
        );
        finishJobsDone(
          relaxed,
          engine,
          batch.map((settled) => settled.job),
          this.id,
          alongside,
        ).then(resolve, reject);
      });
    });
    return this.#doneFlush;
  }

  /** Hands a claimed job back, due at `runAt`, without counting the claim as an attempt. */
  #putBack(job: JobRow, runAt: Date, error: string | null) {
    return finishJob(this.#context.database.relaxed, job, this.id, {
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
      void this.#polling.then((more) => {
        this.#polling = undefined;
        const again = more || this.#wokenWhilePolling;
        this.#wokenWhilePolling = false;
        this.#schedule(again ? 0 : this.#pollMs);
      });
    }, delay);
    this.#timer.unref?.();
  }

  /**
   * One claim; true when it took all it asked for, so more may be due at once. A claim that took
   * less found all there was (in lanes with room): what comes next wakes the worker (a commit
   * signal, a finished job, a lane with room) or is found by the poll.
   */
  async #poll(): Promise<boolean> {
    try {
      if (!this.#recurringEnsured) await this.ensureRecurringJobs();
      const { jobs, limit } = await this.#claim();
      // Jobs run in the background so a slow one never holds up the next claim.
      for (const job of jobs) void this.#startUnlessStopping(job).catch(() => {});
      return limit > 0 && jobs.length >= limit;
    } catch (error) {
      this.#context.log.error({ err: error }, 'job claim failed');
      return false;
    }
  }

  /**
   * Runs one claimed job and settles it: 'done' when it was settled done, 'idle' when it was a
   * recurring round that did nothing. The job is in hand (#inHand) until it is settled.
   */
  async #run(job: JobRow): Promise<'idle' | 'done' | undefined> {
    this.#inHand.set(job.id, job);
    try {
      return await this.#attempt(job);
    } finally {
      this.#inHand.delete(job.id);
    }
  }

  async #attempt(job: JobRow): Promise<'idle' | 'done' | undefined> {
    const definition = this.#definitions.get(job.kind);
    const db = this.#context.database.relaxed;
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
      if (definition.recurring) {
        this.#runningRecurring.add(definition.kind);
        this.#roundStarted.set(definition.kind, performance.now());
      }
      let result: JobResult;
      try {
        result = await definition.handle(this.#context, payload, job);
      } finally {
        this.#runningRecurring.delete(definition.kind);
      }
      if (result && 'runAgainInMs' in result) {
        // Events committed during the round may have come after its read: look again at once.
        const woken = this.#wakeAgain.delete(definition.kind);
        const runAgainInMs = woken
          ? Math.min(this.#gapLeft(definition.kind), result.runAgainInMs)
          : result.runAgainInMs;
        // A running worker keeps the job; drain() (and a stopping worker) hands it back.
        if (this.#stopped) {
          await this.#putBack(job, new Date(this.#context.now().getTime() + runAgainInMs), null);
        } else {
          this.#hold(job, runAgainInMs);
        }
        return result.idle && !woken ? 'idle' : undefined;
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
      await this.#settleDone(
        job,
        definition,
        result && 'doneWith' in result ? { value: result.doneWith } : undefined,
      );
      return 'done';
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
