import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { BASIC_QUESTIONS } from '../../fixtures/screener.ts';
import { operatorActor } from '../../src/audit/index.ts';
import { setPayFrequency } from '../../src/opportunities/index.ts';
import { type Random, simulatedProfile } from '../../src/participants/simulated-panel.ts';
import type { Db } from '../../src/platform/db/database.ts';

/**
 * The chaos run's clients: customers and participants over HTTP, round robin over the serve
 * processes, retrying what a killed process leaves unanswered. Every authenticated POST carries
 * an Idempotency-Key kept across its retries (docs/api/idempotency.md), so a retry after a kill
 * repeats the answer instead of the work: what the invariants then check.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON from the server, read field by field as a client would
type Json = any;

export interface Answer {
  status: number;
  body: Json;
}

export interface Tally {
  requests: number;
  /** Attempts that met a refused, reset or timed-out connection, or a 5xx, and were sent again. */
  retried: number;
  /** 409 while the key's first request was still in flight (its process perhaps killed). */
  inFlight: number;
  replayed: number;
  /** Requests given up after the retry deadline. */
  abandoned: number;
  /** Final answers by status. */
  statuses: Record<string, number>;
  studies: number;
  participants: number;
  steps: Record<string, number>;
}

export function newTally(): Tally {
  return {
    requests: 0,
    retried: 0,
    inFlight: 0,
    replayed: 0,
    abandoned: 0,
    statuses: {},
    studies: 0,
    participants: 0,
    steps: {},
  };
}

/** How long one request is retried before the workload gives it up (and counts it). */
const RETRY_DEADLINE_MS = 120_000;
const ATTEMPT_TIMEOUT_MS = 30_000;

export class Client {
  #next = 0;
  readonly origins: () => string[];
  readonly tally: Tally;
  constructor(origins: () => string[], tally: Tally) {
    this.origins = origins;
    this.tally = tally;
  }

  /**
   * One request, sent again on another process until it is answered below 500 (and not with the
   * in-flight 409), or the deadline passes (then status 0).
   */
  async call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; keyed?: boolean } = {},
  ): Promise<Answer> {
    const key = options.keyed === false || !options.token ? undefined : randomUUID();
    const deadline = Date.now() + RETRY_DEADLINE_MS;
    this.tally.requests += 1;
    for (let attempt = 0; ; attempt++) {
      const origins = this.origins();
      const origin = origins[this.#next++ % origins.length]!;
      let again = false;
      try {
        const response = await fetch(`${origin}${path}`, {
          method,
          headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(key && method === 'POST' ? { 'idempotency-key': key } : {}),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        const text = await response.text();
        const replayed = response.headers.get('idempotent-replayed') === 'true';
        if (replayed) this.tally.replayed += 1;
        if (response.status === 409 && key && !replayed && /in flight|still|progress/i.test(text)) {
          this.tally.inFlight += 1;
          again = true;
        } else if (response.status >= 500 && method !== 'POST') {
          again = true;
        } else if (response.status >= 500 && key) {
          // A 5xx holds no key (docs/api/idempotency.md): the request runs again.
          again = true;
        } else {
          const status = String(response.status);
          this.tally.statuses[status] = (this.tally.statuses[status] ?? 0) + 1;
          let body: Json = text;
          try {
            body = JSON.parse(text);
          } catch {}
          return { status: response.status, body };
        }
      } catch {
        // Refused, reset or timed out: the process may be dead. Another one is tried.
        again = true;
      }
      if (again) {
        this.tally.retried += 1;
        if (Date.now() > deadline) {
          this.tally.abandoned += 1;
          return { status: 0, body: null };
        }
        await delay(Math.min(1000, 100 * (attempt + 1)));
      }
    }
  }
}

const PASSING = [
  [
    { key: 'role', answer: ['Designer'] },
    { key: 'tools', answer: ['Figma'] },
  ],
  [
    { key: 'role', answer: ['Engineer'] },
    { key: 'tools', answer: ['Sketch', 'Paint'] },
  ],
];
const FAILING = [
  { key: 'role', answer: ['Student'] },
  { key: 'tools', answer: ['Figma'] },
];
const REVIEW = [
  { key: 'role', answer: ['Manager'] },
  { key: 'tools', answer: ['Figma'] },
];

const TASK = {
  sequence: 1,
  task_type: 'activity',
  review_type: 'manual_review',
  task_url: 'https://tasks.example/chaos',
  title: 'Try the prototype',
  description: 'Do the work and hand it in',
  duration_minutes: 600,
};

export interface Customer {
  organizationId: string;
  apiKey: string;
}

export interface Scenario {
  client: Client;
  db: Db;
  random: Random;
  runId: string;
  /** A participant number unique in the run, for their profile's e-mail. */
  nextPerson: () => number;
  tally: Tally;
}

const step = (tally: Tally, name: string, answer: Answer) => {
  const label = `${name} ${answer.status}`;
  tally.steps[label] = (tally.steps[label] ?? 0) + 1;
  return answer;
};

/**
 * One study from draft to money: created and launched (per-task pay for some, set as the operator
 * does), invitations, more applicants than places (passing, failing and in review), starts,
 * returns, hand-ins, approvals and rejections, messages both ways, bonuses and payout runs.
 */
export async function runStudy(scenario: Scenario, customer: Customer, label: string) {
  const { client, random, tally } = scenario;
  const token = customer.apiKey;
  const perTask = random() < 0.4;
  const places = 3 + Math.floor(random() * 3);
  const project = step(
    tally,
    'project',
    await client.call('POST', '/v2/projects', { token, body: { name: `Chaos ${label}` } }),
  );
  if (project.status !== 200) return;
  const draft = step(
    tally,
    'draft',
    await client.call('POST', '/v2/opportunities', {
      token,
      body: {
        title: `Chaos study ${label}`,
        description: 'A study run while processes die',
        project_id: project.body.id,
        num_participants: places,
        expected_days_to_complete: 14,
        screening_questions: perTask ? [] : BASIC_QUESTIONS,
        quotas: perTask
          ? []
          : [
              {
                screening_question: 'role',
                targets: [
                  { value: 'Designer', count: 2, type: 'maximum' },
                  { value: 'Engineer', count: 2, type: 'maximum' },
                ],
              },
            ],
        tasks: [TASK],
      },
    }),
  );
  if (draft.status !== 200) return;
  const studyId = draft.body.id as string;
  if (perTask) {
    await setPayFrequency(scenario.db, {
      opportunityId: studyId,
      change: { frequency: 'per_task', taskPriceCents: 300 },
      actor: operatorActor('chaos run'),
    });
  }
  const launched = step(
    tally,
    'launch',
    await client.call('POST', `/v2/opportunities/${studyId}/launch`, { token, body: {} }),
  );
  if (launched.status !== 200) return;
  tally.studies += 1;
  step(
    tally,
    'invitations',
    await client.call('POST', `/v2/opportunities/${studyId}/invitations`, {
      token,
      body: { count: 1 + Math.floor(random() * 3) },
    }),
  );

  const people = places + 2 + Math.floor(random() * 3);
  const approved: string[] = [];
  await Promise.all(
    Array.from({ length: people }, () =>
      participate(scenario, customer, studyId, perTask, approved),
    ),
  );

  if (approved.length > 0 && random() < 0.7) {
    step(
      tally,
      'bonuses',
      await client.call('POST', `/v2/opportunities/${studyId}/bonuses`, {
        token,
        body: {
          bonuses: approved.map((submissionId) => ({
            submission_id: submissionId,
            amount_cents: 50 + Math.floor(random() * 450),
            reason: 'Careful work under chaos',
          })),
        },
      }),
    );
  }
  if (perTask) {
    for (let run = 0; run < 1 + Math.floor(random() * 2); run++) {
      step(
        tally,
        'payout run',
        await client.call('POST', `/v2/opportunities/${studyId}/payout-runs`, { token, body: {} }),
      );
    }
  }
  if (approved.length > 0) {
    step(
      tally,
      'bulk message',
      await client.call('POST', `/v2/opportunities/${studyId}/messages`, {
        token,
        body: { body: `Thank you for taking part in ${label}`, status: 'approved' },
      }),
    );
  }
}

async function participate(
  scenario: Scenario,
  customer: Customer,
  studyId: string,
  perTask: boolean,
  approved: string[],
) {
  const { client, random, tally } = scenario;
  let participant: { token: string } | undefined;
  // Sign-up takes no Idempotency-Key: a retry after a lost answer meets its own e-mail address,
  // so the person signs up again under a new one (the first account is left unused).
  for (let tries = 0; tries < 3 && !participant; tries++) {
    const signup = step(
      tally,
      'signup',
      await client.call('POST', '/v2/participant/signup', {
        body: simulatedProfile(random, scenario.nextPerson(), scenario.runId),
      }),
    );
    if (signup.status === 200) participant = { token: signup.body.token };
  }
  if (!participant) return;
  tally.participants += 1;
  const me = participant.token;
  const roll = random();
  const answers = perTask
    ? []
    : roll < 0.6
      ? PASSING[Math.floor(random() * PASSING.length)]!
      : roll < 0.8
        ? FAILING
        : REVIEW;
  const applied = step(
    tally,
    'apply',
    await client.call('POST', `/v2/participant/opportunities/${studyId}/applications`, {
      token: me,
      body: { answers },
    }),
  );
  if (applied.status !== 200) return;
  let submissionId = applied.body.submission_id as string | undefined;
  if (!submissionId && applied.body.applicant_id) {
    const decision = random() < 0.7 ? 'invite' : 'decline';
    const decided = step(
      tally,
      decision,
      await client.call('POST', `/v2/submissions/${applied.body.applicant_id}/${decision}`, {
        token: customer.apiKey,
      }),
    );
    if (decision === 'decline' || decided.status !== 200) return;
    submissionId = applied.body.applicant_id as string;
  }
  if (!submissionId || applied.body.status === 'screened_out') return;
  const started = step(
    tally,
    'start',
    await client.call('POST', `/v2/participant/submissions/${submissionId}/start`, { token: me }),
  );
  if (started.status !== 200) return;
  if (random() < 0.3) {
    step(
      tally,
      'participant message',
      await client.call('POST', `/v2/participant/submissions/${submissionId}/messages`, {
        token: me,
        body: { body: `A question from ${submissionId}` },
      }),
    );
  }
  if (random() < 0.1) {
    step(
      tally,
      'return',
      await client.call('POST', `/v2/participant/submissions/${submissionId}/return`, {
        token: me,
        body: {},
      }),
    );
    return;
  }
  const submitted = step(
    tally,
    'submit',
    await client.call('POST', `/v2/participant/submissions/${submissionId}/tasks/1/submit`, {
      token: me,
      body: { notes: 'Done' },
    }),
  );
  if (submitted.status !== 200) return;
  if (random() < 0.3) {
    step(
      tally,
      'customer message',
      await client.call('POST', `/v2/submissions/${submissionId}/messages`, {
        token: customer.apiKey,
        body: { body: `Thanks, ${submissionId}` },
      }),
    );
  }
  if (random() < 0.75) {
    const approval = step(
      tally,
      'approve',
      await client.call('POST', `/v2/submissions/${submissionId}/approve`, {
        token: customer.apiKey,
        body: {},
      }),
    );
    if (approval.status === 200) approved.push(submissionId);
  } else {
    step(
      tally,
      'reject',
      await client.call('POST', `/v2/submissions/${submissionId}/reject`, {
        token: customer.apiKey,
        body: { rejection_category: 'LOW_EFFORT', rejection_reason: 'Too little to go on' },
      }),
    );
  }
}
