import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { type Clock, startDashboardServer } from '../dashboard/support.ts';
import {
  client as apiClient,
  type Client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { DEFAULT_TASKS, launchStudy, type Study } from '../support/participant-side.ts';
import {
  csrfOf,
  DESK_PHOTO_TASKS,
  joinPanel,
  linkPath,
  newestMailTo,
  PASSWORD,
  ParticipantClient,
  verifyByMail,
} from './support.ts';

/** A screener whose questions appear and disappear with the answers (docs/screening.md). */
const QUESTIONS = [
  {
    key: 'role',
    text: 'What is your role?',
    pick: 'one' as const,
    answers: [
      { text: 'Designer' },
      { text: 'Engineer' },
      { text: 'Student', qualify_logic: 'reject' as const },
    ],
    skip_rules: [
      {
        conditions: [{ screening_question: 'role', answer: 'Engineer', operator: 'eq' as const }],
        join: 'and' as const,
        target_question: 'consent',
      },
    ],
  },
  {
    key: 'tools',
    text: 'Which tools do you use?',
    pick: 'any' as const,
    answers: [{ text: 'Figma', qualify_logic: 'must' as const }, { text: 'Sketch' }],
  },
  {
    key: 'figma_years',
    text: 'How long have you used Figma?',
    pick: 'one' as const,
    answers: [{ text: 'Under a year', qualify_logic: 'reject' as const }, { text: 'Longer' }],
    display_condition: {
      conditions: [{ screening_question: 'tools', answer: 'Figma', operator: 'eq' as const }],
      join: 'and' as const,
    },
  },
  { key: 'consent', text: 'May we record the session?', pick: 'boolean' as const, answers: [] },
];

const germany = [{ 'multi_select--country': { $in: ['DE'] } }];

describe.each(engines())('studies and work in the participant app on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let organization: TestOrganization;
  let researcher: Client;
  let designStudy: Study;
  let usStudy: Study;

  beforeAll(async () => {
    loadGeography();
    // Its own database: the list of studies must not fill with other files' studies.
    ({ server, clock } = await startDashboardServer(engine, {}, { ownDatabase: true }));
    organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
    researcher = apiClient(server, organization.apiKey);
    designStudy = await launchStudy(server, organization, {
      title: 'Design tools interview',
      questions: QUESTIONS,
      filters: germany,
    });
    usStudy = await launchStudy(server, organization, {
      title: 'Only for people in the US',
      filters: [{ 'multi_select--country': { $in: ['US'] } }],
    });
    await launchStudy(server, organization, {
      title: 'For senior people',
      filters: [...germany, { 'multi_select--seniority': { $in: ['senior'] } }],
    });
  }, 120_000);
  afterAll(() => server?.close());

  async function verifiedParticipant() {
    const participant = new ParticipantClient(server.url);
    const form = await joinPanel(participant);
    await verifyByMail(participant, server, form.email);
    return { participant, form };
  }

  /** Applies to a study without a screener from its page and starts the work. */
  async function startWork(participant: ParticipantClient, studyId: string) {
    const page = await participant.get(`/participate/studies/${studyId}`);
    const applied = await participant.post(`/participate/studies/${studyId}/apply`, {
      _csrf: csrfOf(page.text),
    });
    const submissionId = /href="\/participate\/submissions\/([\w]+)"/.exec(
      (await participant.get(applied.location!)).text,
    )![1]!;
    const work = `/participate/submissions/${submissionId}`;
    await participant.submit(work, `${work}/start`);
    return { submissionId, work };
  }

  async function applyWith(participant: ParticipantClient, entries: [string, string][]) {
    const page = await participant.get(`/participate/studies/${designStudy.id}`);
    return participant.post(`/participate/studies/${designStudy.id}/apply`, [
      ['_csrf', csrfOf(page.text)],
      ...entries,
    ]);
  }

  it('lists the studies this participant matches, with reward, minutes and reward per hour', async () => {
    const { participant } = await verifiedParticipant();
    const list = await participant.get('/participate');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Design tools interview');
    expect(list.text).not.toContain('Only for people in the US');
    expect(list.text).not.toContain('For senior people');
    expect(list.text).toContain(`$${(designStudy.incentiveCents / 100).toFixed(2)}`);
    expect(list.text).toContain('15 minutes');
    const perHour = Math.floor((designStudy.incentiveCents * 60) / 15);
    expect(list.text).toContain(`$${(perHour / 100).toFixed(2)}`);
    // An ineligible study is not found by its address either.
    expect((await participant.get(`/participate/studies/${usStudy.id}`)).status).toBe(404);
  });

  it('matches by the saved profile: a seniority ticked on the page opens a study', async () => {
    const { participant, form } = await verifiedParticipant();
    const page = await participant.get('/participate/profile');
    expect(page.text).toContain('name="attributes.multi_select--seniority"');
    expect(page.text).toContain('name="city_name"');
    const saved = await participant.post('/participate/profile', [
      ['_csrf', csrfOf(page.text)],
      ['name', form.name],
      ['email', form.email],
      ['timezone', form.timezone],
      ['birth_date', form.birth_date],
      ['country_id', 'DE'],
      ['state_id', ''],
      ['city_name', 'Munich'],
      ['city_id', ''],
      ['attributes.multi_select--seniority', 'senior'],
      ['attributes.multi_select--language', 'de'],
      ['attributes.multi_select--language', 'en'],
    ]);
    expect(saved.status).toBe(303);
    const row = await server.database.db
      .selectFrom('participants')
      .select(['attributes', 'city_id'])
      .where('email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.attributes)).toEqual({
      'multi_select--seniority': ['senior'],
      'multi_select--language': ['de', 'en'],
    });
    expect(row.city_id).toBe('2867714');
    expect((await participant.get('/participate')).text).toContain('For senior people');

    // A problem shows beside its field, with what was typed kept.
    const bad = await participant.post('/participate/profile', [
      ['_csrf', csrfOf(page.text)],
      ['name', ''],
      ['email', form.email],
      ['timezone', form.timezone],
      ['birth_date', form.birth_date],
      ['country_id', 'DE'],
      ['city_name', 'Munich'],
      ['attributes.multi_select--seniority', 'senior'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/id="name-problems">must not be blank</);
    expect(bad.text).toContain('value="Munich"');
  });

  it('applies with a form that showed every question, and says the outcome in words', async () => {
    const { participant } = await verifiedParticipant();
    const page = await participant.get(`/participate/studies/${designStudy.id}`);
    // Every question is in the page, with its rules for the script.
    for (const question of QUESTIONS)
      expect(page.text).toContain(`data-question="${question.key}"`);
    // The Engineer skips to consent: the answers to the skipped questions are dropped, not refused.
    const applied = await applyWith(participant, [
      ['q.role', 'Engineer'],
      ['q.tools', 'Sketch'],
      ['q.figma_years', 'Under a year'],
      ['q.consent', 'Yes'],
    ]);
    expect(applied.status).toBe(303);
    const outcome = await participant.get(applied.location!);
    expect(outcome.text).toContain('You are in');
    expect(outcome.text).toContain('Go to the tasks');
    // The qualifying answers are never shown.
    expect(outcome.text).not.toContain('qualify');
    expect(outcome.text).not.toContain('reject');
  });

  it('shows a missing answer beside its question, keeping the other answers', async () => {
    const { participant } = await verifiedParticipant();
    const refused = await applyWith(participant, [
      ['q.role', 'Designer'],
      ['q.tools', 'Figma'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/Question &quot;figma_years&quot; is shown to this applicant/);
    expect(refused.text).toMatch(/value="Figma" checked/);
  });

  it('speaks French to a participant who reads it: the facts, the screener and its problems', async () => {
    const { participant, form } = await verifiedParticipant();
    await server.database.db
      .updateTable('participants')
      .set({ language: 'fr' })
      .where('email', '=', form.email.toLowerCase())
      .execute();
    const page = await participant.get(`/participate/studies/${designStudy.id}`);
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain('Rémunération');
    expect(page.text).toContain('15 minutes');
    expect(page.text).toMatch(/\d+ places restantes/);
    expect(page.text).toContain('D’abord quelques questions');
    const refused = await applyWith(participant, [
      ['q.role', 'Designer'],
      ['q.tools', 'Figma'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      'Question « figma_years » : merci de répondre à cette question.',
    );
  });

  it('says "not this time" to someone screened out, without saying why', async () => {
    const { participant } = await verifiedParticipant();
    const applied = await applyWith(participant, [
      ['q.role', 'Student'],
      ['q.tools', 'Figma'],
      ['q.figma_years', 'Longer'],
      ['q.consent', 'No'],
    ]);
    expect(applied.status).toBe(303);
    const outcome = await participant.get(applied.location!);
    expect(outcome.text).toContain('Not this time');
    expect(outcome.text).not.toContain('Student');
  });

  it('refuses to apply before the address is verified', async () => {
    const participant = new ParticipantClient(server.url);
    await joinPanel(participant);
    const refused = await applyWith(participant, [
      ['q.role', 'Designer'],
      ['q.tools', 'Figma'],
      ['q.figma_years', 'Longer'],
      ['q.consent', 'Yes'],
    ]);
    expect(refused.status).toBe(303);
    const page = await participant.get(refused.location!);
    expect(page.text).toContain('Confirm your email address first');
    expect(page.text).not.toContain('You are in');
  });

  it('does the work: start, come back with the completion code, get approved and paid', async () => {
    const { participant, form } = await verifiedParticipant();
    const applied = await applyWith(participant, [
      ['q.role', 'Designer'],
      ['q.tools', 'Figma'],
      ['q.figma_years', 'Longer'],
      ['q.consent', 'Yes'],
    ]);
    const studyPage = await participant.get(applied.location!);
    const submissionId = /href="\/participate\/submissions\/([\w]+)"/.exec(studyPage.text)![1]!;
    const work = `/participate/submissions/${submissionId}`;
    const started = await participant.submit(work, `${work}/start`);
    expect(started.status).toBe(303);
    const working = await participant.get(work);
    // The task opens at its URL with this participant's tracking parameters (contract 2.7).
    expect(working.text).toContain(
      `https://tasks.example/study?lang=en&amp;submissionId=${submissionId}&amp;serviceSubmissionId=${submissionId}&amp;taskId=${designStudy.id}%3A1`,
    );

    const full = await researcher.get(`/v2/opportunities/${designStudy.id}`);
    const code: string = full.body.tasks[0].completion_code;
    expect(full.body.tasks[0].completion_url).toBe(
      `${server.context.config.publicUrl}/participate/complete?code=${code}`,
    );

    // A wrong code says so and changes nothing.
    const wrong = await participant.get('/participate/complete?code=WRONGCODE');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('does not match a task of your studies');
    const before = await researcher.get(`/v2/submissions/${submissionId}`);
    expect(before.body.status).toBe('in_progress');

    // Signed out, the survey tool's redirect goes through sign-in and then continues.
    const survey = new ParticipantClient(server.url);
    const bounced = await survey.get(`/participate/complete?code=${code.toLowerCase()}`);
    expect(bounced.location).toBe(
      `/participate/sign-in?next=${encodeURIComponent(`/participate/complete?code=${code.toLowerCase()}`)}`,
    );
    const signIn = await survey.get(bounced.location!);
    const signedIn = await survey.post('/participate/sign-in', {
      _csrf: csrfOf(signIn.text),
      email: form.email,
      password: PASSWORD,
      next: `/participate/complete?code=${code.toLowerCase()}`,
    });
    const completed = await survey.get(signedIn.location!);
    expect(completed.status).toBe(303);
    expect(completed.location).toBe(work);
    expect((await survey.get(work)).text).toContain('that task is handed in');
    const handedIn = await researcher.get(`/v2/submissions/${submissionId}`);
    expect(handedIn.body.status).toBe('awaiting_review');
    // Used twice, the code says the task is already in.
    expect((await survey.get(`/participate/complete?code=${code}`)).status).toBe(409);

    const approved = await researcher.post(`/v2/submissions/${submissionId}/approve`, {});
    expect(approved.body.status).toBe('approved');
    const earnings = await participant.get('/participate/earnings');
    const amount = `$${(designStudy.incentiveCents / 100).toFixed(2)}`;
    expect(earnings.text).toMatch(new RegExp(`Total earned <strong>\\${amount}</strong>`));
    expect(earnings.text).toContain('Design tools interview');
  });

  it('tells an applicant who waits for the researcher, and mails them when invited', async () => {
    const chosen = await launchStudy(server, organization, {
      title: 'Researcher picks',
      questions: [],
      filters: germany,
      review: 'manual_review',
    });
    const { participant, form } = await verifiedParticipant();
    const page = await participant.get(`/participate/studies/${chosen.id}`);
    const applied = await participant.post(`/participate/studies/${chosen.id}/apply`, {
      _csrf: csrfOf(page.text),
    });
    expect((await participant.get(applied.location!)).text).toContain('Waiting for the researcher');
    const [applicant] = (await researcher.get(`/v2/opportunities/${chosen.id}/applicants`)).body
      .data;
    const invited = await researcher.post(`/v2/submissions/${applicant.id}/invite`, {});
    expect(invited.status).toBe(200);
    const mail = await newestMailTo(server, form.email);
    expect(mail).toMatchObject({
      kind: 'invitation',
      subject: 'You are invited: Researcher picks',
    });
    const link = linkPath(mail!.text_body, '/participate/submissions/');
    expect(link).toBe(`/participate/submissions/${applicant.id}`);
    expect((await participant.get(link)).text).toContain('Ready to start');
  });

  it('uploads files from the page with the API limits, and keeps nothing of a refused upload', async () => {
    const uploadStudy = await launchStudy(server, organization, {
      title: 'Send us a photo',
      questions: [],
      filters: germany,
      tasks: DESK_PHOTO_TASKS,
    });
    const { participant } = await verifiedParticipant();
    const { submissionId, work } = await startWork(participant, uploadStudy.id);
    const working = await participant.get(work);
    const action = /action="([^"]+\/upload\?_csrf=[^"]+)"/
      .exec(working.text)![1]!
      .replaceAll('&amp;', '&');
    const send = async (type: string, bytes: number) => {
      const body = new FormData();
      body.append('files', new Blob([new Uint8Array(bytes)], { type }), 'desk.png');
      const response = await participant.postMultipart(action, body);
      return { status: response.status, location: response.location };
    };
    const tooBig = await send('image/png', 5000);
    expect(tooBig.status).toBe(303);
    expect((await participant.get(work)).text).toMatch(/larger than|too large|at most/i);
    expect(
      await server.database.db
        .selectFrom('submission_tasks')
        .select('sequence')
        .where('submission_id', '=', submissionId)
        .execute(),
    ).toEqual([]);
    const fine = await send('image/png', 500);
    expect(fine.status).toBe(303);
    expect((await participant.get(work)).text).toContain('Uploaded and handed in');
    const after = await researcher.get(`/v2/submissions/${submissionId}`);
    expect(after.body.status).toBe('awaiting_review');
  });

  it('shows the deadline and a researcher’s request, and returns the place', async () => {
    const returnable = await launchStudy(server, organization, {
      title: 'Give it back',
      questions: [],
      filters: germany,
    });
    const { participant } = await verifiedParticipant();
    const { submissionId, work } = await startWork(participant, returnable.id);
    expect((await participant.get(work)).text).toContain('Hand in before');
    const asked = await researcher.post(`/v2/submissions/${submissionId}/request-return`, {
      reason: 'We recruited the wrong region by mistake.',
    });
    expect(asked.status).toBe(200);
    const page = await participant.get(work);
    expect(page.text).toContain('The researcher asks you to return this place');
    expect(page.text).toContain('We recruited the wrong region by mistake.');
    const returned = await participant.submit(work, `${work}/return`);
    expect(returned.status).toBe(303);
    const after = await participant.get(work);
    expect(after.text).toContain('You returned this place.');
    expect((await researcher.get(`/v2/submissions/${submissionId}`)).body).toMatchObject({
      status: 'abandoned',
      abandoned_reason: 'returned',
    });
  });

  it('logs time on the page for a study paid by the hour', async () => {
    const hourly = await launchStudy(server, organization, {
      title: 'Paid by the hour',
      questions: [],
      filters: germany,
      tasks: DEFAULT_TASKS,
    });
    await server.database.db
      .updateTable('opportunities')
      .set({ pay_frequency: 'hourly' })
      .where('id', '=', hourly.id)
      .execute();
    const { participant } = await verifiedParticipant();
    const { submissionId, work } = await startWork(participant, hourly.id);
    const working = await participant.get(work);
    expect(working.text).toContain('Time worked');
    // Berlin wall-clock readings on the server's clock, which the test moves two hours on.
    const local = (offsetMinutes: number) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Berlin',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(new Date(clock.now + offsetMinutes * 60_000))
        .replace(' ', 'T');
    clock.advance(2 * 60 * 60 * 1000);
    // Work that has not happened yet is refused, and nothing is stored.
    const future = await participant.post(`${work}/time`, {
      _csrf: csrfOf(working.text),
      started: local(30),
      ended: local(90),
    });
    expect(future.status).toBe(303);
    expect((await participant.get(work)).text).toMatch(/future/i);
    const logged = await participant.post(`${work}/time`, {
      _csrf: csrfOf(working.text),
      started: local(-90),
      ended: local(-30),
    });
    expect(logged.status).toBe(303);
    expect((await participant.get(work)).text).toContain('Time logged.');
    const entries = await server.database.db
      .selectFrom('time_entries')
      .select(['started_at', 'ended_at'])
      .where('submission_id', '=', submissionId)
      .execute();
    expect(entries).toHaveLength(1);
    const minutes = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
    expect(minutes(entries[0]!.started_at)).toBe(Math.floor(clock.now / 60_000) - 90);
    expect(minutes(entries[0]!.ended_at)).toBe(Math.floor(clock.now / 60_000) - 30);
  });
});
