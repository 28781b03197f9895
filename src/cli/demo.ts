import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { LOGIN_LINK_TTL_MS } from '../dashboard/index.ts';
import { createApiKey, createLoginLink, createOrganization } from '../organizations/index.ts';
import {
  answerScreener,
  pick,
  type Random,
  seededRandom,
  setParticipantPassword,
  simulatedProfile,
} from '../participants/index.ts';
import type { Database } from '../platform/db/database.ts';
import { hashPassword } from '../platform/web/password.ts';
import type { ParticipantScreeningQuestion } from '../screening/index.ts';
import { REJECTION_CATEGORIES } from '../submissions/index.ts';
import { print, UsageError } from './output.ts';

const USAGE =
  'usage: cohort demo [--url http://localhost:8080] [--participants 30] [--minutes 5] [--seed N] [--no-review] [--json]';

/** A 1x1 PNG: what a simulated participant uploads as a screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// biome-ignore lint/suspicious/noExplicitAny: JSON from the server, read field by field as a client would
type Json = any;

interface Response<T = Json> {
  status: number;
  body: T;
}

function http(base: string, token?: string) {
  return async <T = Json>(method: string, path: string, body?: unknown): Promise<Response<T>> => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}
type Http = ReturnType<typeof http>;

function demoStudy(projectId: string, places: number) {
  return {
    title: 'Checkout redesign: usability study',
    description:
      'We are redesigning our online checkout. Try the new flow on a prototype, then upload a screenshot of the confirmation page.',
    project_id: projectId,
    num_participants: places,
    expected_days_to_complete: 7,
    customer_screening_review: 'auto_invite',
    screening_option_randomization: 'enabled',
    screening_questions: [
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
          { text: 'Laptop or desktop', qualify_logic: 'must_one_of' },
          { text: 'Phone', qualify_logic: 'must_one_of' },
          { text: 'Tablet' },
          { text: 'Something else', allow_free_text: true },
        ],
      },
      { key: 'returns', text: 'Did you return an online order in the last year?', pick: 'boolean' },
      {
        key: 'frustration',
        text: 'What frustrated you about that return?',
        pick: 'text',
        display_condition: {
          conditions: [{ screening_question: 'returns', answer: 'Yes', operator: 'eq' }],
          join: 'and',
        },
      },
      {
        key: 'assistive',
        text: 'Do you use assistive technology when shopping?',
        pick: 'one',
        answers: [
          { text: 'No' },
          { text: 'Screen reader', qualify_logic: 'review' },
          { text: 'Screen magnifier', qualify_logic: 'review' },
        ],
      },
    ],
    quotas: [
      {
        screening_question: 'shopping',
        targets: [{ value: 'Weekly or more', count: Math.ceil(places / 3), type: 'minimum' }],
      },
    ],
    tasks: [
      {
        task_type: 'activity',
        title: 'Try the new checkout',
        description: 'Buy any item on the prototype and think aloud as you go',
        task_url: 'https://prototype.example/checkout',
        duration_minutes: 15,
      },
      {
        task_type: 'file_upload',
        title: 'Upload your confirmation screenshot',
        description: 'A screenshot of the order confirmation page',
        instructions: 'One or two PNG, JPEG or PDF files',
        accepted_mime_types: ['image/png', 'image/jpeg', 'application/pdf'],
        min_files: 1,
        max_files: 2,
        max_file_size_bytes: 2_000_000,
        duration_minutes: 5,
      },
    ],
  };
}

const FINAL = new Set(['screened_out', 'approved', 'rejected', 'abandoned']);

/**
 * `cohort demo`: an organization, a project and a launched study in the database, then a simulated
 * panel that discovers, applies, works and submits over the given minutes against the running
 * server through the participant API only; a simulated researcher reviews through the customer API
 * unless --no-review.
 */
export async function demoCommand(args: string[], database: Database, config: Config) {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string', default: `http://localhost:${config.port}` },
      participants: { type: 'string', default: '30' },
      minutes: { type: 'string', default: '5' },
      seed: { type: 'string' },
      'no-review': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.participants);
  const minutes = Number(values.minutes);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) {
    throw new UsageError(`--participants must be a whole number from 1 to 10000\n${USAGE}`);
  }
  if (!(minutes > 0 && minutes <= 24 * 60)) {
    throw new UsageError(`--minutes must be more than 0 (fractions allowed)\n${USAGE}`);
  }
  const seed = values.seed === undefined ? Date.now() % 1_000_000_007 : Number(values.seed);
  const random = seededRandom(seed);
  const windowMs = minutes * 60_000;
  const started = Date.now();
  const deadline = started + windowMs;
  const say = (line: string) => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    const stamp = `${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}`;
    (values.json ? process.stderr : process.stdout).write(`[${stamp}] ${line}\n`);
  };
  const base = `${values.url.replace(/\/+$/, '')}/v2`;
  try {
    await fetch(`${base}/participant/me`);
  } catch {
    throw new UsageError(`no Cohort server answers at ${values.url}: start one with "npm start"`);
  }

  const { organization, apiKey } = await database.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(trx, {
      name: 'Northwind Research',
      balanceCents: 500_000,
      platformFeeCents: config.defaultPlatformFeeCents,
    });
    return { organization, apiKey: (await createApiKey(trx, organization.id, 'owner')).apiKey };
  });
  say(`Organization ${organization.name} (${organization.id}), $5,000 of credit`);
  say(`Owner API key (shown once): ${apiKey}`);

  const customer = http(base, apiKey);
  const project = await expectOk(customer('POST', '/projects', { name: 'Checkout redesign' }));
  const places = Math.max(2, Math.ceil(count * 0.4));
  const draft = await expectOk(customer('POST', '/opportunities', demoStudy(project.id, places)));
  const study = await expectOk(customer('POST', `/opportunities/${draft.id}/launch`, {}));
  say(
    `Launched "${study.title}" (${study.id}): ${places} places at ${study.pricing.cost_per_participant_cents} cents each`,
  );

  const runId = randomBytes(3).toString('hex');
  const panel: { id: string; name: string; email: string; api: Http }[] = [];
  for (let n = 0; n < count; n++) {
    const profile = simulatedProfile(random, n, runId);
    const signedUp = await expectOk(http(base)('POST', '/participant/signup', profile));
    panel.push({
      id: signedUp.participant.id,
      name: profile.name,
      email: signedUp.participant.email,
      api: http(base, signedUp.token),
    });
  }
  say(`${count} participants signed up; they arrive over the next ${minutes} minute(s)`);
  const logins = await demoLogins(database, config, organization.id, panel);
  say(`Researcher: open ${logins.dashboard_url} (once, within 15 minutes) to see the dashboard`);
  say(
    `Participant: sign in at ${logins.participant.url} as ${logins.participant.email} with password ${logins.participant.password} (every demo participant has it)`,
  );

  const scale = (low: number, high: number) => windowMs * (low + random() * (high - low));
  const journeys = panel.map((person, n) =>
    journey(person, {
      studyId: study.id,
      random: seededRandom(seed + n + 1),
      startInMs: scale(0, 0.6),
      thinkMs: () => scale(0.01, 0.04),
      deadline,
      say,
    }).catch((error: unknown) => say(`${person.name}: ${(error as Error).message}`)),
  );
  const reviewer = values['no-review']
    ? Promise.resolve()
    : review(customer, study.id, {
        random: seededRandom(seed - 1),
        deadline,
        tickMs: Math.max(500, windowMs / 40),
        say,
      });
  await Promise.all([...journeys, reviewer]);

  const final = await expectOk(customer('GET', `/opportunities/${study.id}`));
  let paid = 0;
  for (const person of panel) {
    paid += (await expectOk(person.api('GET', '/participant/earnings'))).total_cents;
  }
  const summary = {
    organization_id: organization.id,
    api_key: apiKey,
    opportunity_id: study.id,
    status: final.status,
    submission_stats: final.submission_stats,
    quota_progress: final.quota_progress,
    paid_to_participants_cents: paid,
    dashboard_login_url: logins.dashboard_url,
    participant_login: logins.participant,
    seed,
  };
  print(
    values.json,
    summary,
    `Done: the study is ${final.status}; ${JSON.stringify(final.submission_stats)}; participants were paid ${paid} cents. Seed ${seed}.`,
  );
}

async function expectOk<T = Json>(pending: Promise<Response<T>>): Promise<T> {
  const response = await pending;
  if (response.status !== 200) {
    throw new Error(`the server answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

interface JourneyOptions {
  studyId: string;
  random: Random;
  startInMs: number;
  thinkMs: () => number;
  deadline: number;
  say: (line: string) => void;
}

/** One simulated person: discover, read, apply, then work task by task until decided or out of time. */
async function journey(person: { name: string; api: Http }, o: JourneyOptions) {
  await sleep(o.startInMs);
  const open = await expectOk(person.api('GET', '/participant/opportunities?limit=100'));
  const listed = open.data.find((item: { id: string }) => item.id === o.studyId);
  if (!listed) {
    o.say(`${person.name} finds no open study for them`);
    return;
  }
  const detail = await expectOk(person.api('GET', `/participant/opportunities/${o.studyId}`));
  await sleep(o.thinkMs());
  const answers = answerScreener(
    detail.screening_questions as ParticipantScreeningQuestion[],
    o.random,
  );
  const applied = await person.api('POST', `/participant/opportunities/${o.studyId}/applications`, {
    answers,
  });
  if (applied.status !== 200) {
    o.say(`${person.name} could not apply: ${applied.body?.message ?? applied.status}`);
    return;
  }
  const id = applied.body.submission_id ?? applied.body.applicant_id;
  o.say(`${person.name} applied: ${applied.body.status}`);
  let lastStatus = applied.body.status as string;
  while (Date.now() < o.deadline) {
    const submission = await expectOk(person.api('GET', `/participant/submissions/${id}`));
    if (submission.status !== lastStatus) {
      o.say(`${person.name}: ${submission.status}`);
      lastStatus = submission.status;
    }
    if (FINAL.has(submission.status)) return;
    if (submission.status === 'screen_passed') {
      await sleep(o.thinkMs());
      if (o.random() < 0.05) {
        await person.api('POST', `/participant/submissions/${id}/abandon`);
        continue;
      }
      await person.api('POST', `/participant/submissions/${id}/start`);
      continue;
    }
    const available =
      submission.status === 'in_progress'
        ? submission.tasks.find((task: { status: string }) => task.status === 'available')
        : undefined;
    if (!available) {
      await sleep(o.thinkMs());
      continue;
    }
    await sleep(o.thinkMs() * 2);
    if (o.random() < 0.03) {
      await person.api('POST', `/participant/submissions/${id}/abandon`);
      continue;
    }
    const path = `/participant/submissions/${id}/tasks/${available.sequence}/submit`;
    if (available.task_type === 'file_upload') {
      const form = new FormData();
      form.append('notes', 'Here is my confirmation page');
      form.append('files', new Blob([PNG], { type: 'image/png' }), 'confirmation.png');
      await person.api('POST', path, form);
    } else {
      await person.api('POST', path, {
        notes: pick(o.random, [
          'Smooth overall',
          'The coupon field confused me',
          'Paying took two tries',
        ]),
      });
    }
  }
}

/** A researcher who invites most applicants and approves most work as it arrives. */
async function review(
  customer: Http,
  studyId: string,
  o: { random: Random; deadline: number; tickMs: number; say: (line: string) => void },
) {
  while (Date.now() < o.deadline) {
    await sleep(o.tickMs);
    const applicants = await expectOk(
      customer('GET', `/opportunities/${studyId}/applicants?limit=100`),
    );
    for (const applicant of applicants.data) {
      const action = o.random() < 0.75 ? 'invite' : 'decline';
      const done = await customer('POST', `/submissions/${applicant.id}/${action}`);
      if (done.status === 409 && action === 'invite') {
        await customer('POST', `/submissions/${applicant.id}/decline`);
      }
      o.say(
        `Researcher ${action === 'invite' && done.status === 200 ? 'invited' : 'declined'} ${applicant.id}`,
      );
    }
    const waiting = await expectOk(
      customer('GET', `/opportunities/${studyId}/submissions?status=awaiting_review&limit=100`),
    );
    for (const submission of waiting.data) {
      if (o.random() < 0.85) {
        const approved = await customer('POST', `/submissions/${submission.id}/approve`, {});
        o.say(`Researcher approved ${submission.id}: ${approved.body?.status}`);
      } else {
        await customer('POST', `/submissions/${submission.id}/reject`, {
          rejection_category: pick(o.random, REJECTION_CATEGORIES),
          rejection_reason: 'The screenshot did not show the confirmation page',
        });
        o.say(`Researcher rejected ${submission.id}`);
      }
    }
  }
}

/**
 * Both sides at once: a one-time sign-in link to the dashboard, and one password (verified
 * addresses) for the whole simulated panel, so a newcomer can sign in as any of its participants.
 * The password is random per run and printed once; it is hashed once for all of them.
 */
async function demoLogins(
  database: Database,
  config: Config,
  organizationId: string,
  panel: readonly { id: string; email: string }[],
) {
  const now = new Date();
  const { token } = await createLoginLink(
    database.db,
    { organizationId, userId: null, role: 'owner', label: 'Demo operator' },
    { now, ttlMs: LOGIN_LINK_TTL_MS },
  );
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  for (const person of panel) {
    await setParticipantPassword(database.db, person.id, passwordHash, now);
  }
  return {
    dashboard_url: `${config.publicUrl}/dashboard/login/${token}`,
    participant: {
      url: `${config.publicUrl}/participate/sign-in`,
      email: panel[0]!.email,
      password,
    },
  };
}
