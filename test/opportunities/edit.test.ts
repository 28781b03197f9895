import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestKey,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { createDraft, newCustomer, RICH_SCREENER } from './fixtures.ts';

describe.each(engines())('PATCH and DELETE /v2/opportunities/{id} on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('edits the brief of a draft and keeps the rest', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, RICH_SCREENER);
    const response = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      title: 'Renamed',
      internal_title: 'internal',
      description: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: 'Renamed',
      internal_title: 'internal',
      description: null,
    });
    const { title, internal_title, description, updated_at, ...rest } = response.body;
    const { title: _t, internal_title: _i, description: _d, updated_at: _u, ...before } = draft;
    expect(rest).toEqual(before);
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).body).toEqual(response.body);
  });

  it('moves ending_at with a new recruitment window without re-pricing', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { expected_days_to_complete: 7 });
    const before = Date.now();
    const response = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      expected_days_to_complete: 2,
    });
    expect(response.status).toBe(200);
    const ending = Date.parse(response.body.ending_at);
    expect(ending).toBeGreaterThanOrEqual(before + 2 * 86_400_000);
    expect(ending).toBeLessThan(Date.parse(draft.ending_at));
    expect(response.body.pricing).toEqual(draft.pricing);
  });

  it('replaces the screener shape and re-checks quotas against it, listing every problem', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, RICH_SCREENER);
    // Dropping the question the quotas name leaves them pointing at nothing: 400, nothing saved.
    const broken = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      title: 'Should not stick',
      screening_questions: [{ key: 'other', text: 'Other?', pick: 'boolean' }],
    });
    expect(broken.status).toBe(400);
    const messages = broken.body.issues.map((i: { message: string }) => i.message).join('\n');
    expect(messages).toContain('Quota 1 (question "role")');
    expect(messages).toContain('Cross quota "Remote engineers"');
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).body.title).toBe(
      'Checkout study',
    );

    const fixed = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      screening_questions: [
        {
          key: 'other',
          text: 'Other?',
          pick: 'one',
          answers: [
            { text: 'A', qualify_logic: 'may' },
            { text: 'B', qualify_logic: 'reject' },
          ],
        },
      ],
      quotas: [{ screening_question: 'other', targets: [{ value: 'A', count: 2 }] }],
      cross_quotas: [],
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.screening_questions).toEqual([
      {
        key: 'other',
        text: 'Other?',
        pick: 'one',
        answers: [
          { text: 'A', qualify_logic: 'must' },
          { text: 'B', qualify_logic: 'reject' },
        ],
      },
    ]);
    expect(fixed.body.quotas).toEqual([
      { screening_question: 'other', targets: [{ value: 'A', count: 2, type: 'minimum' }] },
    ]);
    expect(fixed.body.cross_quotas).toEqual([]);
    expect(fixed.body.pricing).toEqual(draft.pricing);

    // Quotas alone are checked against the stored questions.
    const badQuota = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      quotas: [{ screening_question: 'other', targets: [{ value: 'C', count: 1 }] }],
    });
    expect(badQuota.status).toBe(400);
    expect(badQuota.body.issues[0].message).toContain('"C"');
  });

  it('refuses unknown fields, blank titles, and fields PATCH does not take', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    const response = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      title: ' ',
      num_participants: 9,
    });
    expect(response.status).toBe(400);
    const blank = await customer.api.patch(`/v2/opportunities/${draft.id}`, { title: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].message).toContain('title');
  });

  it('answers 409 to PATCH and DELETE once launched, 404 for unknown ids, 403 for viewers', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {});
    const patch = await customer.api.patch(`/v2/opportunities/${draft.id}`, { title: 'x' });
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ code: 'CONFLICT' });
    expect(patch.body.message).toContain('launched');
    const remove = await customer.api.delete(`/v2/opportunities/${draft.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.code).toBe('CONFLICT');
    expect((await customer.api.patch('/v2/opportunities/opp_none', { title: 'x' })).status).toBe(
      404,
    );
    expect((await customer.api.delete('/v2/opportunities/opp_none')).status).toBe(404);

    const other = await createDraft(customer);
    const { apiKey } = await createTestKey(server, customer.organization.id, 'viewer');
    const viewer = client(server, apiKey);
    expect((await viewer.patch(`/v2/opportunities/${other.id}`, { title: 'x' })).status).toBe(403);
    expect((await viewer.delete(`/v2/opportunities/${other.id}`)).status).toBe(403);
  });

  it('deletes a draft softly: gone from reads, lists and project counts, never charged', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    const kept = await createDraft(customer);
    const response = await customer.api.delete(`/v2/opportunities/${draft.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: draft.id,
      deleted: true,
      dashboard_url: `http://cohort.test/dashboard/projects/${customer.projectId}`,
    });
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).status).toBe(404);
    expect((await customer.api.delete(`/v2/opportunities/${draft.id}`)).status).toBe(404);
    expect((await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {})).status).toBe(404);
    const list = await customer.api.get('/v2/opportunities');
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual([kept.id]);
    const project = await customer.api.get(`/v2/projects/${customer.projectId}`);
    expect(project.body.opportunity_count).toBe(1);
    const row = await server.database.db
      .selectFrom('opportunities')
      .select(['deleted_at', 'status'])
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.status).toBe('draft');
  });
});
