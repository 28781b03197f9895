import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import {
  DEFAULT_QUESTIONS,
  DEFAULT_TASKS,
  loadGeographyOnce,
} from '../support/participant-side.ts';
import { Browserless, createDashboardUser, csrfOf, startDashboardServer } from './support.ts';

/** The screener of a draft edited question by question, judged by the engine as PATCH is. */
describe.each(engines())('the screener editor on %s', (engine) => {
  let server: TestServer;
  let browser: Browserless;
  let api: ReturnType<typeof client>;
  let draftId: string;
  let organizationId: string;
  const editor = () => `/dashboard/studies/${draftId}/screener`;
  const questions = async () =>
    (await api.get(`/v2/opportunities/${draftId}`)).body.screening_questions as {
      key: string;
      text: string;
      answers: { text: string; qualify_logic: string }[];
      display_condition?: unknown;
    }[];
  const submit = async (action: string, fields: Record<string, string> = {}) => {
    const page = await browser.get(editor());
    return browser.post(`${editor()}${action}`, { _csrf: csrfOf(page.text), ...fields });
  };

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server } = await startDashboardServer(engine));
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    api = client(server, organization.apiKey);
    const project = await api.post('/v2/projects', { name: 'Screeners' });
    const draft = await api.post('/v2/opportunities', {
      title: 'Tools study',
      project_id: project.body.id,
      num_participants: 5,
      screening_questions: DEFAULT_QUESTIONS,
      tasks: DEFAULT_TASKS,
    });
    draftId = draft.body.id;
    organizationId = organization.id;
    const owner = await createDashboardUser(server, organization.id, 'member');
    browser = new Browserless(server.url);
    await browser.signIn(owner.email, owner.password);
  }, 60_000);
  afterAll(() => server?.close());

  it('shows each question as a card whose answers are rows, with no JSON to write', async () => {
    const page = await browser.get(editor());
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="question-1"');
    expect(page.text).toContain('value="What is your role?"');
    expect(page.text).toContain('name="answer.0.does"');
    expect(page.text).toContain('value="up:1"');
    expect(page.text).toContain('1. What is your role? → Designer');
  });

  it('adds, edits what answers do and where they skip, moves and deletes, each landing on its card', async () => {
    const added = await submit('/add', { text: 'May we record you?', pick: 'boolean' });
    expect(added.status).toBe(303);
    expect(added.location).toMatch(/\/screener#question-3$/);
    expect((await questions()).map((q) => q.text)).toEqual([
      'What is your role?',
      'Which tools do you use?',
      'May we record you?',
    ]);
    const saved = await submit('/tools/save', {
      text: 'Which design tools do you use?',
      pick: 'any',
      'answer.0.text': 'Figma',
      'answer.0.was': 'Figma',
      'answer.0.does': 'must',
      'answer.1.text': 'Sketch',
      'answer.1.was': 'Sketch',
      'answer.1.does': 'may>end',
      'answer.2.text': '',
      show_if: 'role=Designer',
      show_if_operator: 'eq',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(/#question-2$/);
    const tools = (await questions())[1]!;
    expect(tools).toMatchObject({
      text: 'Which design tools do you use?',
      answers: [
        { text: 'Figma', qualify_logic: 'must' },
        { text: 'Sketch', qualify_logic: 'may' },
      ],
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
      },
      skip_rules: [
        {
          conditions: [{ screening_question: 'tools', answer: 'Sketch', operator: 'eq' }],
          join: 'and',
          target_question: null,
        },
      ],
    });
    // An answer moved with the card's own button: what was typed is saved with it.
    const moved = await submit('/tools/save', {
      text: 'Which design tools do you use?',
      'answer.0.text': 'Figma',
      'answer.0.does': 'must',
      'answer.1.text': 'Sketch',
      'answer.1.does': 'may>end',
      'answer.2.text': 'Paint',
      show_if: 'keep',
      op: 'up:2',
    });
    expect(moved.location).toMatch(/#question-2$/);
    expect((await questions())[1]!.answers.map((a) => a.text)).toEqual([
      'Figma',
      'Paint',
      'Sketch',
    ]);
    // Moving the role below the question that depends on it is refused beside that question.
    const refused = await submit('/role/down');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('may only name an EARLIER question');
    expect((await questions())[0]!.key).toBe('role');
    const up = await submit('/q3/up');
    expect(up.location).toMatch(/#question-2$/);
    expect((await questions()).map((q) => q.key)).toEqual(['role', 'q3', 'tools']);
    expect((await browser.get(editor())).text).toContain('Question moved up');
    const deleted = await submit('/q3/delete');
    expect(deleted.location).toMatch(/#question-2$/);
    expect((await questions()).map((q) => q.key)).toEqual(['role', 'tools']);
  });

  it('sets quotas and a cross-tab as tables of counts', async () => {
    const page = await browser.get(editor());
    expect(page.text).toContain('name="quota.0.0.count"');
    const saved = await browser.post(`${editor()}/quotas`, {
      _csrf: csrfOf(page.text),
      'quota.0.0.count': '2',
      'quota.0.0.type': 'maximum',
      'quota.0.1.count': '',
    });
    expect(saved.status).toBe(303);
    const full = async () => (await api.get(`/v2/opportunities/${draftId}`)).body;
    expect((await full()).quotas).toEqual([
      { screening_question: 'role', targets: [{ value: 'Designer', count: 2, type: 'maximum' }] },
    ]);
    const table = await browser.get(`${editor()}?first=role&second=tools`);
    expect(table.text).toContain('name="cross.0.0"');
    const crossed = await browser.post(`${editor()}/cross?first=role&second=tools`, {
      _csrf: csrfOf(table.text),
      cross_type: 'minimum',
      'cross.0.0': '1',
    });
    expect(crossed.status).toBe(303);
    expect((await full()).cross_quotas).toEqual([
      {
        label: 'Designer × Figma',
        conditions: [
          { screening_question: 'role', answer: 'Designer', operator: 'eq' },
          { screening_question: 'tools', answer: 'Figma', operator: 'eq' },
        ],
        join: 'and',
        target: 1,
        quota_type: 'minimum',
        dimension: 'role × tools',
      },
    ]);
    expect((await browser.get(editor())).text).toContain('Designer × Figma (1)');
  });

  it('refuses what the engine refuses, beside the fields, keeps what was typed, and changes nothing', async () => {
    const before = await questions();
    const refused = await submit(`/${before[0]!.key}/save`, {
      text: 'Your role, please?',
      pick: 'one',
      'answer.0.text': 'Only one',
      'answer.1.text': '',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('value="Your role, please?"');
    expect(refused.text).toContain('value="Only one"');
    expect(refused.text).toMatch(
      /<p class="problem" id="sq-role-answers-problems">[^<]*at least two answers/,
    );
    expect(await questions()).toEqual(before);
    const schema = await submit('/tools/save', {
      text: 'Tools?',
      pick: 'any',
      'answer.0.text': 'Figma',
      'answer.1.text': 'Sketch',
      min_qualifying: 'two',
    });
    expect(schema.status).toBe(400);
    expect(schema.text).toMatch(/id="sq-tools-least-problems"/);
    expect(await questions()).toEqual(before);
  });

  it('puts a refused quota beside its table, the counts typed kept', async () => {
    const page = await browser.get(editor());
    const refused = await browser.post(`${editor()}/quotas`, {
      _csrf: csrfOf(page.text),
      'quota.0.0.count': 'many',
      'quota.1.0.count': '3',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/<p class="problem" id="quota-0-problems">count: /);
    expect(refused.text).toContain('value="many"');
    expect(refused.text).toMatch(/id="quota-1-0" name="quota.1.0.count"[^>]*value="3"/);
  });

  it('shows a viewer the questions with nothing to change', async () => {
    const viewer = await createDashboardUser(server, organizationId, 'viewer');
    const reader = new Browserless(server.url);
    await reader.signIn(viewer.email, viewer.password);
    const page = await reader.get(editor());
    expect(page.status).toBe(200);
    expect(page.text).toContain('What is your role?');
    expect(page.text).not.toContain('/screener/role/save');
    expect(page.text).not.toContain('name="answer.0.does"');
  });

  it('renames an answer that a quota counts, the quota following it', async () => {
    const page = await browser.get(editor());
    await browser.post(`${editor()}/quotas`, { _csrf: csrfOf(page.text), 'quota.0.0.count': '1' });
    const role = (await questions())[0]!;
    const form: Record<string, string> = { text: role.text };
    role.answers.forEach((answer, index) => {
      form[`answer.${index}.text`] = index === 0 ? 'UX designer' : answer.text;
      form[`answer.${index}.was`] = answer.text;
      form[`answer.${index}.does`] = answer.qualify_logic;
    });
    const renamed = await submit('/role/save', { ...form, show_if: 'keep' });
    expect(renamed.status).toBe(303);
    const full = (await api.get(`/v2/opportunities/${draftId}`)).body;
    expect(full.screening_questions[0].answers[0].text).toBe('UX designer');
    expect(full.quotas[0].targets[0].value).toBe('UX designer');
    expect(full.screening_questions[1].display_condition.conditions[0].answer).toBe('UX designer');
  });
});
