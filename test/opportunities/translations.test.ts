import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';
import { createDraft, newCustomer } from './fixtures.ts';
import { GERMAN, SCREENER, TASKS } from './translation-fixtures.ts';

describe.each(engines())('study translations over /v2/opportunities on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('creates a study in a language with a translation, and reads both back on the full form', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, {
      screening_questions: SCREENER,
      tasks: TASKS,
      translations: { de: GERMAN },
    });
    expect(draft.language).toBe('en');
    expect(draft.translations).toEqual({ de: GERMAN });
    const read = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(read.status).toBe(200);
    expect(read.body.translations).toEqual({ de: GERMAN });

    // Without translations: {} and English.
    const plain = await createDraft(customer);
    expect(plain).toMatchObject({ language: 'en', translations: {} });

    // A study written in French, translated into English.
    const french = await createDraft(customer, {
      language: 'fr',
      screening_questions: SCREENER,
      tasks: TASKS,
      translations: { en: { ...GERMAN, title: 'Checkout' } },
    });
    expect(french.language).toBe('fr');
    expect(Object.keys(french.translations)).toEqual(['en']);
  });

  it('answers 400 listing each mismatch at once', async () => {
    const customer = await newCustomer(server);
    const response = await customer.api.post('/v2/opportunities', {
      title: 'Checkout study',
      project_id: customer.projectId,
      num_participants: 4,
      screening_questions: SCREENER,
      tasks: TASKS,
      translations: {
        de: {
          title: 'Bezahlstudie',
          screening_questions: {
            role: { text: 'Rolle?', answers: ['Designerin', 'Studentin'] },
            colour: { text: 'Farbe?', answers: [] },
          },
          tasks: { '1': { title: 'Gespräch' }, '3': { title: 'Extra' } },
        },
        en: { title: 'Own language' },
        it: { title: 'Studio' },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(response.body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'translations.de.screening_questions.role.answers: 2 answers, the question has 3',
      'translations.de.screening_questions: question "remote" has no translation',
      'translations.de.screening_questions: the study has no question "colour"',
      'translations.de.tasks: task 2 has no translation',
      'translations.de.tasks: the study has no task 3',
      'translations.en: the study is written in English; translate it into another language',
      'translations.it: "it" is not a language studies are offered in (en, de, fr, es)',
    ]);

    // The language itself is checked by the schema, with the other problems of the body.
    const language = await customer.api.post('/v2/opportunities', {
      title: 'Checkout study',
      project_id: customer.projectId,
      num_participants: 4,
      tasks: TASKS,
      language: 'it',
    });
    expect(language.status).toBe(400);
    expect(JSON.stringify(language.body.issues)).toContain('language');
  });

  it('replaces translations on PATCH of a draft, and checks them against a new screener', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { screening_questions: SCREENER, tasks: TASKS });
    expect(draft.translations).toEqual({});

    const added = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      translations: { de: GERMAN },
    });
    expect(added.status).toBe(200);
    expect(added.body.translations).toEqual({ de: GERMAN });
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).body.translations).toEqual({
      de: GERMAN,
    });

    // A screener the stored translation does not fit: 400, nothing saved.
    const screener = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      screening_questions: [SCREENER[0]],
    });
    expect(screener.status).toBe(400);
    expect(screener.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'translations.de.screening_questions: the study has no question "remote"',
    ]);
    // Both together fit.
    const { remote: _remote, ...roleOnly } = GERMAN.screening_questions;
    const both = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      screening_questions: [SCREENER[0]],
      translations: { de: { ...GERMAN, screening_questions: roleOnly } },
    });
    expect(both.status).toBe(200);
    expect(Object.keys(both.body.translations.de.screening_questions)).toEqual(['role']);

    // Written in German now: a German translation no longer makes sense.
    const language = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      language: 'de',
    });
    expect(language.status).toBe(400);
    expect(language.body.issues[0].message).toContain('written in German');
    const moved = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      language: 'de',
      translations: { en: { ...GERMAN, screening_questions: roleOnly, title: 'Checkout' } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.language).toBe('de');
    expect(Object.keys(moved.body.translations)).toEqual(['en']);

    const cleared = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      translations: {},
    });
    expect(cleared.body.translations).toEqual({});
  });

  it('refuses translations once launched (409), as every draft-only field', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { screening_questions: SCREENER, tasks: TASKS });
    expect((await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {})).status).toBe(200);
    const patch = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      translations: { de: GERMAN },
    });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe('CONFLICT');
    const language = await customer.api.patch(`/v2/opportunities/${draft.id}`, { language: 'fr' });
    expect(language.status).toBe(409);
    // A malformed body is a 400 before anything else.
    const malformed = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      translations: { de: { title: 7 } },
    });
    expect(malformed.status).toBe(400);
  });
});
