import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

describe.each(engines())('labs on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
  }, 60_000);
  afterAll(() => server.close());

  async function customer() {
    const organization = await createTestOrganization(server);
    return { organization, api: client(server, organization.apiKey) };
  }

  const body = {
    name: 'Lab 2',
    address: 'Hauptstraße 1, 10115 Berlin',
    time_zone: 'Europe/Berlin',
    capacity: 12,
  };

  it('creates, lists, reads, edits and deletes labs, scoped to the organization', async () => {
    const { api } = await customer();
    const created = await api.post('/v2/labs', body);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      ...body,
      id: expect.stringMatching(/^lab_/),
      calendar_link_enabled: false,
    });
    const id = created.body.id;
    const list = await api.get('/v2/labs');
    expect(list.body.data.map((lab: { id: string }) => lab.id)).toEqual([id]);
    expect(list.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const patched = await api.patch(`/v2/labs/${id}`, { capacity: 20, name: 'Lab 3' });
    expect(patched.body).toMatchObject({ capacity: 20, name: 'Lab 3', address: body.address });
    const other = await customer();
    expect((await other.api.get(`/v2/labs/${id}`)).status).toBe(404);
    expect((await other.api.delete(`/v2/labs/${id}`)).status).toBe(404);
    const deleted = await api.delete(`/v2/labs/${id}`);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await api.get(`/v2/labs/${id}`)).status).toBe(404);
  });

  it('lists every problem of a bad lab in one 400', async () => {
    const { api } = await customer();
    const response = await api.post('/v2/labs', { ...body, name: ' ', time_zone: 'Mars/Olympus' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    const messages = response.body.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual([
      'name: must not be blank',
      'time_zone: Mars/Olympus is not an IANA time zone',
    ]);
  });

  it('serves the lab calendar with an API key and through its secret link until rotated', async () => {
    const { api } = await customer();
    const lab = (await api.post('/v2/labs', body)).body;
    const withKey = await api.get(`/v2/labs/${lab.id}/calendar.ics`);
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('content-type')).toContain('text/calendar');
    expect(withKey.text).toContain('BEGIN:VCALENDAR');
    const first = await api.post(`/v2/labs/${lab.id}/calendar-link`, {});
    expect(first.status, first.text).toBe(200);
    const path = new URL(first.body.url).pathname;
    const anonymous = client(server);
    expect((await anonymous.get(path)).status).toBe(200);
    expect((await api.get(`/v2/labs/${lab.id}`)).body.calendar_link_enabled).toBe(true);
    const second = await api.post(`/v2/labs/${lab.id}/calendar-link`, {});
    expect((await anonymous.get(path)).status).toBe(404);
    expect((await anonymous.get(new URL(second.body.url).pathname)).status).toBe(200);
  });
});
