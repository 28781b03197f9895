/**
 * Screening throughput (issue 5): applications graded per second by the pure engine, and
 * applications accepted per second over HTTP by `npm start` on the embedded database (each one
 * graded, admitted against quotas and places under the opportunity's lock, counted and recorded
 * in one transaction). In `npm run bench screening`, or alone:
 * ./node_modules/.bin/node bench/screening.ts
 */

import { performance } from 'node:perf_hooks';
import {
  answerScreener,
  seededRandom,
  simulatedProfile,
} from '../src/participants/simulated-panel.ts';
import {
  type ApplicationAnswerInput,
  gradeApplication,
  normalizeScreener,
  participantScreenerView,
  quotaAdmission,
  quotaCellsFor,
  type ScreeningQuestionInput,
  screeningStatCounters,
} from '../src/screening/index.ts';
import { creditStartedCohort } from './lib/credit.ts';
import { oneRequestEach } from './lib/one-request-each.ts';
import { cpuMs } from './lib/proc-stats.ts';
import { startCohort } from './lib/processes.ts';

const APPLICANTS = Number(process.env.BENCH_SCREENING_APPLICANTS ?? 4000);
/**
 * Applications sent before the measured ones, by other participants to the same study: the read
 * benchmarks' unmeasured first seconds, so V8 has compiled the path (with 2,000 measured and no
 * warm-up, the figure was two thirds of the steady one).
 */
const WARM_UP = Number(process.env.BENCH_SCREENING_WARM_UP ?? 1000);
const PARTICIPANTS = WARM_UP + APPLICANTS;
const CONCURRENCY = 50;
const PURE_SECONDS = 3;

/** Ten questions using every feature: picks, a grid, display conditions, skip and conditional rules. */
const QUESTIONS: ScreeningQuestionInput[] = [
  {
    key: 'shopping',
    text: 'How often do you shop online?',
    pick: 'one',
    answers: [
      { text: 'Weekly or more' },
      { text: 'Monthly' },
      { text: 'A few times a year' },
      { text: 'Never', qualify_logic: 'reject' },
    ],
  },
  {
    key: 'devices',
    text: 'Which devices do you shop on?',
    pick: 'any',
    answers: [
      { text: 'Laptop', qualify_logic: 'must_one_of' },
      { text: 'Phone', qualify_logic: 'must_one_of' },
      { text: 'Tablet' },
      { text: 'Other', allow_free_text: true },
    ],
    conditional_rules: [
      {
        conditions: [{ screening_question: 'devices', answer: 'Other', operator: 'eq' }],
        join: 'and',
        outcome: 'review',
      },
    ],
  },
  { key: 'returns', text: 'Did you return an order this year?', pick: 'boolean' },
  {
    key: 'why',
    text: 'Why did you return it?',
    pick: 'text',
    display_condition: {
      conditions: [{ screening_question: 'returns', answer: 'Yes', operator: 'eq' }],
      join: 'and',
    },
  },
  {
    key: 'satisfaction',
    text: 'How satisfied are you with these steps?',
    pick: 'grid',
    grid: {
      pick: 'one',
      rows: [
        { key: 'cart', text: 'Cart' },
        { key: 'shipping', text: 'Shipping' },
        { key: 'payment', text: 'Payment' },
      ],
      columns: [
        { value: '1', text: 'Unhappy' },
        { value: '2', text: 'Neutral' },
        { value: '3', text: 'Happy' },
      ],
      cell_actions: [{ row: 'payment', column: '1', qualify_logic: 'review' }],
    },
  },
  {
    key: 'stores',
    text: 'Where do you shop?',
    pick: 'any',
    min_qualifying: 1,
    answers: [
      { text: 'Marketplaces' },
      { text: 'Brand stores' },
      { text: 'Grocery apps' },
      { text: 'Second-hand' },
      { text: 'None of these', qualify_logic: 'reject' },
    ],
    skip_rules: [
      {
        conditions: [{ screening_question: 'stores', answer: 'Second-hand', operator: 'eq' }],
        join: 'and',
        target_question: 'age_band',
      },
    ],
  },
  {
    key: 'payment',
    text: 'How do you usually pay?',
    pick: 'one',
    answers: [
      { text: 'Card' },
      { text: 'Wallet' },
      { text: 'Bank transfer' },
      { text: 'Cash on delivery' },
    ],
  },
  {
    key: 'coupons',
    text: 'Do you use coupon codes?',
    pick: 'boolean',
  },
  {
    key: 'age_band',
    text: 'Your age band?',
    pick: 'one',
    answers: [{ text: '18-29' }, { text: '30-44' }, { text: '45-59' }, { text: '60+' }],
  },
  { key: 'anything', text: 'Anything else?', pick: 'text' },
];

const QUOTAS = [
  {
    screening_question: 'age_band',
    targets: [
      { value: '18-29', count: 300, type: 'maximum' as const },
      { value: '60+', count: 100, type: 'minimum' as const },
    ],
  },
];

function applications(count: number, seed: number): ApplicationAnswerInput[][] {
  const screener = normalizeScreener({
    questions: QUESTIONS,
    quotas: QUOTAS,
    numParticipants: 1000,
  });
  const view = participantScreenerView(screener.value.questions);
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => answerScreener(view, random));
}

function benchPureEngine() {
  const screener = normalizeScreener({
    questions: QUESTIONS,
    quotas: QUOTAS,
    numParticipants: 1000,
  });
  if (screener.issues.length > 0) throw new Error(JSON.stringify(screener.issues));
  const { questions, quotas, crossQuotas } = screener.value;
  const inputs = applications(5000, 1);
  const outcomes: Record<string, number> = {};
  const run = (withAdmission: boolean) => {
    let graded = 0;
    const started = performance.now();
    const until = started + PURE_SECONDS * 1000;
    while (performance.now() < until) {
      for (let i = 0; i < 1000; i++) {
        const result = gradeApplication(questions, inputs[(graded + i) % inputs.length]!);
        if (!result.ok) throw new Error(JSON.stringify(result.issues));
        if (!withAdmission) {
          outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
          continue;
        }
        screeningStatCounters(result.answers);
        if (result.outcome !== 'failed') {
          quotaAdmission({
            quotas,
            crossQuotas,
            counts: {},
            answers: result.answers,
            placesRemaining: 500,
          });
          quotaCellsFor(result.answers, quotas, crossQuotas);
        }
      }
      graded += 1000;
    }
    return Math.round(graded / ((performance.now() - started) / 1000));
  };
  const gradedPerSecond = run(false);
  const admittedPerSecond = run(true);
  const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
  const mix = Object.entries(outcomes)
    .map(([outcome, n]) => `${outcome} ${Math.round((n / total) * 100)}%`)
    .join(', ');
  process.stdout.write(
    `\nPure engine, 10-question screener (grid, display, skip and conditional rules, quotas); outcomes ${mix}\n`,
  );
  process.stdout.write('| run | applications/s |\n|---|---|\n');
  process.stdout.write(`| gradeApplication | ${gradedPerSecond} |\n`);
  process.stdout.write(
    `| grade + screening stat counters + quota admission and cells | ${admittedPerSecond} |\n`,
  );
  return { gradedPerSecond, admittedPerSecond };
}

async function benchHttp() {
  const cohort = await startCohort();
  try {
    const customer = (method: string, pathname: string, body?: unknown) =>
      fetch(`${cohort.url}/v2${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${cohort.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, any>>);

    // Enough credit for a study with a place for every applicant.
    await creditStartedCohort(cohort);

    const project = await customer('POST', '/projects', { name: 'Screening benchmark' });
    const draft = await customer('POST', '/opportunities', {
      title: 'Checkout study at scale',
      project_id: project.id,
      num_participants: Math.min(10_000, PARTICIPANTS * 2),
      screening_questions: QUESTIONS,
      quotas: QUOTAS.map((quota) => ({
        ...quota,
        targets: quota.targets.map((t) => ({ ...t, count: Math.min(t.count, APPLICANTS) })),
      })),
      tasks: [
        {
          task_type: 'activity',
          title: 'Try the checkout',
          task_url: 'https://prototype.example/checkout',
          duration_minutes: 15,
        },
      ],
    });
    if (!draft.id) throw new Error(`create failed: ${JSON.stringify(draft)}`);
    const launched = await customer('POST', `/opportunities/${draft.id}/launch`, {});
    if (launched.status !== 'active') throw new Error(`launch failed: ${JSON.stringify(launched)}`);

    const random = seededRandom(7);
    const tokens: string[] = [];
    const signUpStarted = performance.now();
    await inParallel(PARTICIPANTS, CONCURRENCY, async (n) => {
      const response = await fetch(`${cohort.url}/v2/participant/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(simulatedProfile(random, n, 'bench')),
      });
      const body = (await response.json()) as { token?: string };
      if (!body.token) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
      tokens[n] = body.token;
    });
    const signUpsPerSecond = Math.round(
      PARTICIPANTS / ((performance.now() - signUpStarted) / 1000),
    );

    const inputs = applications(PARTICIPANTS, 3);
    const applicationsPath = `/v2/participant/opportunities/${draft.id}/applications`;
    /** Participants first .. first + count - 1 apply, 50 in flight, and their answers are counted. */
    const applyAll = async (first: number, count: number) => {
      const statuses: Record<string, number> = {};
      const { seconds, loads } = await oneRequestEach({
        urls: [cohort.url],
        count,
        connections: CONCURRENCY,
        request: (n) => ({
          path: applicationsPath,
          headers: {
            authorization: `Bearer ${tokens[first + n]}`,
            'content-type': 'application/json',
            // A browser of their own, as a crowd has: with one for all, every application would
            // be from one "shared network"
            // (docs/decisions/0137-shared-network-flags-written-once.md).
            'user-agent': `applicant-browser/${first + n}`,
          },
          body: JSON.stringify({ answers: inputs[first + n] }),
        }),
        onAnswer: (status, body) => {
          const key =
            status === 200 ? (JSON.parse(body) as { status: string }).status : `HTTP ${status}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
        },
      });
      return { load: loads[0]!, statuses, seconds };
    };
    if (WARM_UP > 0) await applyAll(0, WARM_UP);
    const cpuBefore = cpuMs(cohort.pid);
    const { load, statuses, seconds } = await applyAll(WARM_UP, APPLICANTS);
    // The server's own CPU per application: what the throughput would be bound by on a core of its
    // own, and barely moved by other work on a shared machine (bench/cpu-per-request.ts).
    const serverCpuUs = Math.round(((cpuMs(cohort.pid) - cpuBefore) * 1000) / APPLICANTS);
    const percentile = (p: 50 | 99) => load.latency[`p${p}`];
    const acceptedPerSecond = Math.round(APPLICANTS / seconds);
    process.stdout.write(
      `\nOver HTTP, SQLite, ${APPLICANTS} participants applying to one study (after ${WARM_UP} unmeasured), ${CONCURRENCY} in flight; outcomes ${JSON.stringify(statuses)}\n`,
    );
    process.stdout.write(
      '| run | per second | p50 ms | p99 ms | server CPU µs each |\n|---|---|---|---|---|\n',
    );
    process.stdout.write(
      `| POST /v2/participant/opportunities/{id}/applications | ${acceptedPerSecond} | ${percentile(50).toFixed(1)} | ${percentile(99).toFixed(1)} | ${serverCpuUs} |\n`,
    );
    process.stdout.write(
      `| POST /v2/participant/signup (for comparison) | ${signUpsPerSecond} | | |\n`,
    );
    return {
      acceptedPerSecond,
      p99Ms: percentile(99),
      serverCpuUs,
      signUpsPerSecond,
      statuses,
    };
  } finally {
    await cohort.stop();
  }
}

async function inParallel(count: number, concurrency: number, work: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function benchScreening() {
  const pure = benchPureEngine();
  const http = await benchHttp();
  return { pure, http };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScreening();
