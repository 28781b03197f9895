import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { Browserless, createDashboardUser, csrfOf, startDashboardServer } from './support.ts';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};

/** The hidden fields of the new-study form, decoded, as the browser would send them back. */
function hiddenOf(page: string): [string, string][] {
  const form = page.slice(page.indexOf('id="new-study"'));
  return [
    ...form
      .slice(0, form.indexOf('</form>'))
      .matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g),
  ].map((match) => [
    match[1]!,
    match[2]!.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]!),
  ]);
}

/** A new study in the browser, created by the same use case as POST /v2/opportunities. */
describe.each(engines())('a new study from the dashboard on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let customer: Client;
  let browser: Browserless;
  let projectId: string;

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    customer = client(server, organization.apiKey);
    projectId = (await customer.post('/v2/projects', { name: 'Checkout research' })).body.id;
    const owner = await createDashboardUser(server, organization.id, 'member');
    browser = new Browserless(server.url);
    await browser.signIn(owner.email, owner.password);
  }, 60_000);
  afterAll(() => server?.close());

  it('opens from the project page on the brief, with the project chosen and no filter shown', async () => {
    const project = await browser.get(`/dashboard/projects/${projectId}`);
    expect(project.text).toContain(`/dashboard/studies/new?project=${projectId}`);
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    expect(form.status).toBe(200);
    // The organization's one project needs no choosing: it travels with the form.
    expect(form.text).toContain(`<input type="hidden" name="project_id" value="${projectId}">`);
    expect(form.text).toMatch(/<span aria-current="step">[\s\S]*?Brief<\/span>/);
    expect(form.text).toContain('name="title"');
    // The audience is the next step: no filter of the catalog on the brief.
    expect(form.text).not.toContain('name="filter.multi_select--country"');
    expect(form.text).not.toContain('name="filter.integer--age.min"');
    expect(form.text).toContain('id="summary-heading"');
  });

  it('walks the brief and the audience without JavaScript, adding filters one by one', async () => {
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    const csrf = csrfOf(form.text);
    const brief: [string, string][] = [
      ['_csrf', csrf],
      ['title', 'Walked <through> "steps"'],
      ['description', 'Line one\nLine two'],
      ['num_participants', '6'],
      ['task1.title', 'Try it'],
      ['task1.task_url', 'https://tasks.example/t'],
      ['task1.duration_minutes', '10'],
    ];
    // From the brief to the audience: the brief's values travel as hidden fields.
    let step = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(form.text).filter(([name]) => name !== 'step'),
      ['step', 'brief'],
      ...brief.slice(1),
      ['go', 'audience'],
    ]);
    expect(step.status).toBe(200);
    expect(step.text).toMatch(/<span aria-current="step">[\s\S]*?Audience<\/span>/);
    expect(hiddenOf(step.text)).toContainEqual(['title', 'Walked <through> "steps"']);
    expect(step.text).not.toContain('name="filter.integer--age.min"');
    expect(step.text).toMatch(/<button type="submit" name="add" value="integer--age"/);
    // A common filter is one click away; adding it shows its fields, and only its.
    step = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text),
      ['add', 'integer--age'],
    ]);
    expect(step.text).toContain('name="filter.integer--age.min"');
    expect(step.text).not.toContain('name="filter.multi_select--country"');
    // An added filter stays shown, with no value yet, as the form goes on.
    expect(hiddenOf(step.text)).toContainEqual(['added', 'integer--age']);
    const again = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text),
      ['find', 'gender'],
      ['go', 'audience'],
    ]);
    expect(again.text).toContain('name="filter.integer--age.min"');
    // The catalog's search, as a plain form: what answers is shown, the rest stays hidden.
    step = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text),
      ['filter.integer--age.min', '30'],
      ['find', 'income'],
      ['go', 'audience'],
    ]);
    expect(step.text).toMatch(/<li data-filter-name="Household income \(USD\)"[^>]*><button/);
    expect(step.text).toMatch(/<li data-filter-name="Gender"[^>]* hidden>/);
    expect(step.text).toContain('value="30"');
    step = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text),
      ['filter.integer--age.min', '30'],
      ['add', 'multi_select--country'],
    ]);
    expect(step.text).toContain('name="filter.multi_select--country"');
    // Back to the brief: everything typed is kept, the audience as hidden fields.
    step = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text),
      ['filter.integer--age.min', '30'],
      ['filter.multi_select--country', 'DE'],
      ['go', 'brief'],
    ]);
    expect(step.text).toContain('value="Walked &lt;through&gt; &quot;steps&quot;"');
    expect(step.text).toMatch(/Line one\r?\nLine two/);
    expect(hiddenOf(step.text)).toEqual(
      expect.arrayContaining([
        ['filter.integer--age.min', '30'],
        ['filter.multi_select--country', 'DE'],
      ]),
    );
    // Removing a filter takes its values away with it.
    step = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text).filter(([name]) => name !== 'step'),
      ['step', 'brief'],
      ...brief.slice(1),
      ['remove', 'integer--age'],
    ]);
    expect(step.text).not.toContain('name="filter.integer--age.min"');
    expect(hiddenOf(step.text).some(([name]) => name.startsWith('filter.integer--age'))).toBe(
      false,
    );
    const created = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(step.text),
      ['filter.multi_select--country', 'DE'],
      ['go', 'create'],
    ]);
    expect(created.status).toBe(303);
    const id = /studies\/(opp_\w+)\/screener$/.exec(created.location!)![1]!;
    const draft = (await customer.get(`/v2/opportunities/${id}`)).body;
    expect(draft).toMatchObject({
      title: 'Walked <through> "steps"',
      num_participants: 6,
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    expect(draft.description).toMatch(/^Line one\r?\nLine two$/);
    await customer.delete(`/v2/opportunities/${id}`);
  });

  it('shows the brief’s problems beside their fields before the audience, keeping what was typed', async () => {
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    const response = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(form.text),
      ['title', ''],
      ['num_participants', '0'],
      ['task1.title', 'Kept: the task'],
      ['go', 'audience'],
    ]);
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/<span aria-current="step">[\s\S]*?Brief<\/span>/);
    expect(response.text).toMatch(/id="title-problems">[^<]+</);
    expect(response.text).toMatch(/id="num_participants-problems">[^<]+</);
    expect(response.text).toContain('value="Kept: the task"');
    // The summary names what is missing, each a button back to its step.
    expect(response.text).toMatch(/<ul class="summary-missing">[\s\S]*A title \(Brief\)/);
  });

  it('counts the panel the filters describe, never below the privacy floor', async () => {
    // Countries no other test uses: PostgreSQL's database is shared by the test files.
    for (let i = 0; i < 26; i++) {
      await signUp(server, { country_id: 'IS', state_id: null, city_id: null });
    }
    await signUp(server, { country_id: 'LU', state_id: null, city_id: null });
    const count = async (query: string) => {
      const response = await browser.get(`/dashboard/audience/size?${query}`);
      expect(response.status).toBe(200);
      return JSON.parse(response.text);
    };
    const iceland = await count('filter.multi_select--country=IS');
    expect(iceland.count).toBe(26);
    expect(iceland.words).toBe('26 panel participants match right now.');
    const both = await count('filter.multi_select--country=IS&filter.multi_select--country=LU');
    expect(both.count).toBe(27);
    expect(await count('filter.multi_select--country=LU')).toEqual({
      count: null,
      fewer_than: 25,
      words: 'Fewer than 25 panel participants match right now.',
    });
    const page = await browser.get('/dashboard/studies/new');
    expect(page.text).toMatch(
      /<output id="audience-count"[^>]*>[\d,]+ panel participants match right now\.<\/output>/,
    );
  });

  it('finds states and cities by name in the chosen countries, accent-blind', async () => {
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    const refused = await browser.post('/dashboard/studies/new', [
      ['_csrf', csrfOf(form.text)],
      ['title', 'In the south'],
      ['project_id', projectId],
      ['num_participants', '5'],
      ['filter.multi_select--country', 'DE'],
      ['places.states', 'Atlantis'],
      ['task1.title', 'Try it'],
      ['task1.task_url', 'https://tasks.example/t'],
      ['task1.duration_minutes', '10'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(
      /id="places\.states-problems">no state or region called “Atlantis” in the chosen countries</,
    );
    // The problem is on the audience step, the value typed kept beside it.
    expect(refused.text).toMatch(/<span aria-current="step">[\s\S]*?Audience<\/span>/);
    expect(refused.text).toContain('value="Atlantis"');
    const created = await browser.post('/dashboard/studies/new', [
      ['_csrf', csrfOf(form.text)],
      ['title', 'In the south'],
      ['project_id', projectId],
      ['num_participants', '5'],
      ['filter.multi_select--country', 'DE'],
      ['places.states', 'Bayern'],
      ['places.cities', 'München'],
      ['task1.title', 'Try it'],
      ['task1.task_url', 'https://tasks.example/t'],
      ['task1.duration_minutes', '10'],
    ]);
    expect(created.status).toBe(303);
    const id = /studies\/(opp_\w+)\/screener$/.exec(created.location!)![1]!;
    const filters = (await customer.get(`/v2/opportunities/${id}`)).body.filters;
    expect(filters).toEqual([
      { 'multi_select--country': { $in: ['DE'] } },
      { 'multi_select--state': { $in: ['DE-BY'] } },
      { 'multi_select--city': { $in: ['2867714'] } },
    ]);
    await customer.delete(`/v2/opportunities/${id}`);
  });

  it('suggests states and cities as one types, in every chosen country', async () => {
    const suggest = async (slug: string, query: [string, string][]) =>
      JSON.parse(
        (await browser.get(`/dashboard/options/${slug}?${new URLSearchParams(query)}`)).text,
      ).data as { id: string; name: string }[];
    expect(
      await suggest('multi_select--city', [
        ['search', 'munchen'],
        ['country_id', 'DE'],
      ]),
    ).toContainEqual({ id: '2867714', name: 'Munich' });
    const states = await suggest('multi_select--state', [
      ['search', 'ba'],
      ['country_id', 'DE'],
      ['country_id', 'ES'],
    ]);
    expect(states.map((state) => state.id)).toEqual(expect.arrayContaining(['DE-BY', 'DE-BW']));
    expect(states.some((state) => state.id.startsWith('ES-'))).toBe(true);
    // Only places are searched here, from two letters on, and only in a chosen country.
    expect(
      await suggest('multi_select--gender', [
        ['search', 'fe'],
        ['country_id', 'DE'],
      ]),
    ).toEqual([]);
    expect(
      await suggest('multi_select--city', [
        ['search', 'm'],
        ['country_id', 'DE'],
      ]),
    ).toEqual([]);
    expect(await suggest('multi_select--city', [['search', 'munchen']])).toEqual([]);
  });

  it('prices the form as saving it would, before anything is saved', async () => {
    const fields = new URLSearchParams([
      ['project_id', projectId],
      ['num_participants', '8'],
      ['expected_days_to_complete', '10'],
      ['filter.multi_select--country', 'DE'],
      ['task1.task_type', 'activity'],
      ['task1.title', 'Try the checkout'],
      ['task1.task_url', 'https://tasks.example/checkout'],
      ['task1.duration_minutes', '20'],
    ]);
    const quoted = JSON.parse((await browser.get(`/dashboard/price?${fields}`)).text);
    expect(quoted.pricing.total_cost_cents).toBe(quoted.pricing.cost_per_participant_cents * 8);
    expect(quoted.words).toMatch(
      /per participant, .* in all, charged at launch\. Your balance of \$10,000\.00 covers it\./,
    );
    const unpriced = JSON.parse((await browser.get('/dashboard/price?num_participants=0')).text);
    expect(unpriced.pricing).toBeNull();
  });

  it('shows every problem beside its field, keeping what was typed, and creates nothing', async () => {
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    const response = await browser.post('/dashboard/studies/new', [
      ['_csrf', csrfOf(form.text)],
      ['title', ''],
      ['internal_title', 'Kept: internal name'],
      ['project_id', projectId],
      ['num_participants', '0'],
      ['task1.title', ''],
    ]);
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/id="title-problems">[^<]+</);
    expect(response.text).toMatch(/id="num_participants-problems">[^<]+</);
    expect(response.text).toContain('value="Kept: internal name"');
    expect((await customer.get('/v2/opportunities?status=draft')).body.data).toHaveLength(0);
  });

  it('creates a priced draft with its audience and tasks, as the API would', async () => {
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    const response = await browser.post('/dashboard/studies/new', [
      ['_csrf', csrfOf(form.text)],
      ['title', 'How people pay online'],
      ['project_id', projectId],
      ['num_participants', '8'],
      ['expected_days_to_complete', '10'],
      ['customer_screening_review', 'manual_review'],
      ['device_types', 'desktop'],
      ['device_types', 'mobile_ios'],
      ['filter.multi_select--country', 'DE'],
      ['filter.multi_select--country', 'AT'],
      ['filter.integer--age.min', '25'],
      ['filter.integer--age.max', '45'],
      ['task1.task_type', 'activity'],
      ['task1.title', 'Try the checkout'],
      ['task1.task_url', 'https://tasks.example/checkout'],
      ['task1.duration_minutes', '20'],
      ['screening_questions', '[]'],
    ]);
    expect(response.status).toBe(303);
    const [draft] = (await customer.get('/v2/opportunities?status=draft')).body.data;
    // The draft's next step is its screener.
    expect(response.location).toBe(`/dashboard/studies/${draft.id}/screener`);
    const full = (await customer.get(`/v2/opportunities/${draft.id}`)).body;
    expect(full).toMatchObject({
      title: 'How people pay online',
      project_id: projectId,
      num_participants: 8,
      customer_screening_review: 'manual_review',
      device_types: ['desktop', 'mobile_ios'],
      filters: [
        { 'multi_select--country': { $in: ['DE', 'AT'] } },
        { 'integer--age': { $gte: 25, $lte: 45 } },
      ],
    });
    expect(full.tasks).toHaveLength(1);
    expect(full.tasks[0]).toMatchObject({ title: 'Try the checkout', duration_minutes: 20 });
    expect(full.pricing.cost_per_participant_cents).toBeGreaterThan(0);
    // The estimate shown before saving is the price the draft got.
    const quoted = JSON.parse(
      (
        await browser.get(
          `/dashboard/price?${new URLSearchParams([
            ['project_id', projectId],
            ['num_participants', '8'],
            ['expected_days_to_complete', '10'],
            ['filter.multi_select--country', 'DE'],
            ['filter.multi_select--country', 'AT'],
            ['filter.integer--age.min', '25'],
            ['filter.integer--age.max', '45'],
            ['task1.task_type', 'activity'],
            ['task1.title', 'Try the checkout'],
            ['task1.task_url', 'https://tasks.example/checkout'],
            ['task1.duration_minutes', '20'],
          ])}`,
        )
      ).text,
    );
    expect(quoted.pricing).toEqual(full.pricing);

    // The draft's brief step edits the limits the API lets a draft change; empty means never.
    const builder = await browser.get(`/dashboard/studies/${draft.id}/brief`);
    expect(builder.text).toContain('name="max_minutes_per_submission"');
    const saved = await browser.post(`/dashboard/studies/${draft.id}/brief`, {
      _csrf: csrfOf(builder.text),
      title: 'How people pay online',
      internal_title: '',
      description: '',
      expected_days_to_complete: '10',
      max_minutes_per_submission: '90',
      auto_approve_after_days: '',
    });
    expect(saved.status).toBe(303);
    const edited = (await customer.get(`/v2/opportunities/${draft.id}`)).body;
    expect(edited).toMatchObject({ max_minutes_per_submission: 90, auto_approve_after_days: null });

    // Every page of the draft is a step, with the steps and the summary.
    for (const [path, heading] of [
      ['brief', 'Brief'],
      ['audience', 'Audience'],
      ['screener', 'Screener'],
      ['tasks', 'Tasks'],
      ['builder', 'Review and launch'],
    ] as const) {
      const step = await browser.get(`/dashboard/studies/${draft.id}/${path}`);
      expect(step.status, path).toBe(200);
      expect(step.text, path).toContain('<nav class="steps" aria-label="Study steps">');
      expect(step.text, path).toMatch(
        new RegExp(`<span aria-current="step">[\\s\\S]*?${heading}</span>`),
      );
      expect(step.text, path).toContain('id="summary-heading"');
    }
    // The draft's lab sessions stay a tab under the steps, a page that is no step.
    const sessions = await browser.get(`/dashboard/studies/${draft.id}/sessions`);
    expect(sessions.text).toContain('<nav class="steps" aria-label="Study steps">');
    expect(sessions.text).not.toContain('aria-current="step"');
    expect(sessions.text).toMatch(
      /<nav class="tabs" aria-label="Study pages">[\s\S]*?aria-current="page">Sessions</,
    );
    const audience = await browser.get(`/dashboard/studies/${draft.id}/audience`);
    expect(audience.text).toContain('Country: Germany, Austria');
    expect(audience.text).toContain('Age: 25 to 45');
    const review = await browser.get(`/dashboard/studies/${draft.id}/builder`);
    expect(review.text).toContain('Launch study');
    expect(review.text).toContain('Try the checkout');

    // The audience cannot change on a draft: a new study starts from this one, every value kept.
    expect(audience.text).toContain(`/dashboard/studies/new?from=${draft.id}`);
    const copy = await browser.get(`/dashboard/studies/new?from=${draft.id}`);
    expect(copy.text).toContain('value="How people pay online"');
    expect(hiddenOf(copy.text)).toEqual(
      expect.arrayContaining([
        ['filter.multi_select--country', 'DE'],
        ['filter.multi_select--country', 'AT'],
        ['filter.integer--age.min', '25'],
      ]),
    );
    expect(copy.text).toMatch(/id="review-manual"[^>]* checked/);
    const shown: [string, string][] = [
      ['title', 'How people pay online (2)'],
      ['description', ''],
      ['num_participants', '8'],
      ['task1.title', 'Try the checkout'],
      ['task1.task_url', 'https://tasks.example/checkout'],
      ['task1.duration_minutes', '20'],
      ['task1.task_type', 'activity'],
      ['internal_title', ''],
      ['language', 'en'],
      ['expected_days_to_complete', '10'],
      ['business_type', ''],
      ['customer_screening_review', 'manual_review'],
      ['device_types', 'desktop'],
      ['device_types', 'mobile_ios'],
    ];
    const again = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(copy.text).filter(([name]) => !shown.some(([field]) => field === name)),
      ...shown,
      ['go', 'create'],
    ]);
    expect(again.status).toBe(303);
    const copyId = /studies\/(opp_\w+)\/screener$/.exec(again.location!)![1]!;
    const second = (await customer.get(`/v2/opportunities/${copyId}`)).body;
    expect(second.filters).toEqual(full.filters);
    expect(second.pricing).toEqual(full.pricing);
    await customer.delete(`/v2/opportunities/${copyId}`);
  });

  it('keeps a refused brief edit beside its fields on the draft’s brief step', async () => {
    const form = await browser.get(`/dashboard/studies/new?project=${projectId}`);
    const created = await browser.post('/dashboard/studies/new', [
      ...hiddenOf(form.text),
      ['title', 'To edit'],
      ['num_participants', '3'],
      ['task1.title', 'Try it'],
      ['task1.task_url', 'https://tasks.example/t'],
      ['task1.duration_minutes', '5'],
      ['go', 'create'],
    ]);
    const id = /studies\/(opp_\w+)\/screener$/.exec(created.location!)![1]!;
    const brief = await browser.get(`/dashboard/studies/${id}/brief`);
    const refused = await browser.post(`/dashboard/studies/${id}/brief`, {
      _csrf: csrfOf(brief.text),
      title: 'To edit',
      internal_title: 'Typed and kept',
      description: '',
      expected_days_to_complete: '400',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="expected_days_to_complete-problems">[^<]+</);
    expect(refused.text).toContain('value="400"');
    expect(refused.text).toContain('value="Typed and kept"');
    expect((await customer.get(`/v2/opportunities/${id}`)).body.internal_title).toBeNull();
    await customer.delete(`/v2/opportunities/${id}`);
  });
});
