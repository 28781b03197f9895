import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GERMAN, SCREENER, TASKS } from '../opportunities/translation-fixtures.ts';
import {
  type ApiResponse,
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce, signUp, type TestParticipant } from '../support/participant-side.ts';

describe.each(engines())('a study in the participant’s language on %s', (engine) => {
  let server: TestServer;
  let studyId: string;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine);
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const customer = client(server, organization.apiKey);
    const project = await customer.post('/v2/projects', { name: 'Languages' });
    const created = await customer.post('/v2/opportunities', {
      title: 'Checkout study',
      description: 'How people pay online',
      project_id: project.body.id,
      num_participants: 20,
      screening_questions: SCREENER,
      tasks: TASKS,
      translations: { de: GERMAN },
    });
    if (created.status !== 200) throw new Error(created.text);
    studyId = created.body.id;
    const launched = await customer.post(`/v2/opportunities/${studyId}/launch`, {});
    if (launched.status !== 200) throw new Error(launched.text);
  });
  afterAll(() => server.close());

  /** A participant reading `language`, chosen at sign-up. */
  const reader = (language: 'en' | 'de' | 'fr'): Promise<TestParticipant> =>
    signUp(server, { language });

  async function listed(participant: TestParticipant) {
    const seen: { id: string; title: string; description: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await participant.api.get(
        `/v2/participant/opportunities?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data);
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    return seen.find((study) => study.id === studyId);
  }

  it('shows a German reader the German title, questions, answers and tasks', async () => {
    const german = await reader('de');
    expect(await listed(german)).toMatchObject({
      title: 'Bezahlstudie',
      description: 'Wie Menschen online bezahlen',
    });
    const detail = await german.api.get(`/v2/participant/opportunities/${studyId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.title).toBe('Bezahlstudie');
    expect(detail.body.screening_questions).toEqual([
      {
        key: 'role',
        text: 'Was ist Ihre Rolle?',
        pick: 'one',
        answers: [{ text: 'Designerin' }, { text: 'Studentin' }, { text: 'Leitung' }],
      },
      {
        key: 'remote',
        text: 'Arbeiten Sie aus der Ferne?',
        pick: 'boolean',
        answers: [{ text: 'Ja' }, { text: 'Nein' }],
      },
    ]);
    expect(detail.body.tasks).toMatchObject([
      { sequence: 1, title: 'Gespräch', description: 'Ein Gespräch von 30 Minuten' },
      // No German description: the task's own.
      { sequence: 2, title: 'Nachgespräch', description: 'A second call' },
    ]);
  });

  it('shows others the study’s own language', async () => {
    for (const language of ['en', 'fr'] as const) {
      const participant = await reader(language);
      expect(await listed(participant)).toMatchObject({ title: 'Checkout study' });
      const detail = await participant.api.get(`/v2/participant/opportunities/${studyId}`);
      expect(detail.body.screening_questions[0].answers[0]).toEqual({ text: 'Designer' });
      expect(detail.body.tasks[0].title).toBe('Interview');
    }
  });

  it('grades German and English answer texts alike, and keeps the study’s texts', async () => {
    const apply = (participant: TestParticipant, role: string, remote: string) =>
      participant.api.post(`/v2/participant/opportunities/${studyId}/applications`, {
        answers: [
          { key: 'role', answer: [role] },
          { key: 'remote', answer: [remote] },
        ],
      });
    const outcomes = [];
    for (const [role, remote] of [
      ['Designerin', 'Ja'],
      ['Designer', 'Yes'],
      ['Designerin', 'No'],
    ] as const) {
      const response = await apply(await reader('de'), role, remote);
      expect(response.status).toBe(200);
      outcomes.push(response.body.status);
    }
    expect(outcomes).toEqual(['screen_passed', 'screen_passed', 'screen_passed']);

    // Screened out alike, in either language.
    expect((await apply(await reader('de'), 'Studentin', 'Ja')).body.status).toBe('screened_out');
    expect((await apply(await reader('de'), 'Student', 'Ja')).body.status).toBe('screened_out');
    // Review alike.
    expect((await apply(await reader('de'), 'Leitung', 'Nein')).body.status).toBe(
      'awaiting_decision',
    );
    // An English reader's German text names no option.
    const english = await apply(await reader('en'), 'Designerin', 'Yes');
    expect(english.status).toBe(400);

    // The participant reads their submission's tasks in German; what was recorded is the study's.
    const german = await reader('de');
    const applied = await apply(german, 'Designerin', 'Ja');
    const submission = await german.api.get(
      `/v2/participant/submissions/${applied.body.submission_id}`,
    );
    expect(submission.body.opportunity_title).toBe('Bezahlstudie');
    expect(submission.body.tasks.map((task: { title: string }) => task.title)).toEqual([
      'Gespräch',
      'Nachgespräch',
    ]);
    const row = await server.database.db
      .selectFrom('submissions')
      .select('screening_answers')
      .where('id', '=', applied.body.submission_id)
      .executeTakeFirstOrThrow();
    expect(
      JSON.parse(row.screening_answers).map((answer: { answer: string[] }) => answer.answer),
    ).toEqual([['Designer'], ['Yes']]);
  });
});
