import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

describe.each(engines())('organization context on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('returns the markdown briefing with identity, balance and links as structured fields', async () => {
    const org = await createTestOrganization(server, {
      name: 'Acme Research',
      balanceCents: 123_456,
      overdraftLimitCents: 10_000,
    });
    const api = client(server, org.apiKey);
    await api.post('/v2/projects', { name: 'Onboarding interviews' });
    const response = await api.get('/v2/organization');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      markdown: expect.any(String),
      organization: {
        id: org.id,
        name: 'Acme Research',
        slug: expect.stringMatching(/^acme-research-/),
      },
      balance: {
        balance_cents: 123_456,
        overdraft_limit_cents: 10_000,
        currency: 'usd',
        finance_url: 'http://cohort.test/dashboard/finance',
      },
      links: {
        dashboard: 'http://cohort.test/dashboard',
        projects: 'http://cohort.test/dashboard/projects',
        finance: 'http://cohort.test/dashboard/finance',
      },
    });
    const markdown: string = response.body.markdown;
    expect(markdown).toContain('# Acme Research');
    expect(markdown).toContain('$1,234.56');
    expect(markdown).toContain('Onboarding interviews');
    expect(markdown).toContain('## Operating guide');
    expect(markdown).toContain('## Description policies');
    // The guide names every way an agent recruits, invitations included.
    expect(markdown).toContain('POST /opportunities/{id}/invitations');
    expect(markdown).toContain('integer--approval_rate');
    expect(markdown).toContain('http://cohort.test/dashboard/finance');
  });

  it('serves the markdown alone for Accept: text/markdown', async () => {
    const org = await createTestOrganization(server, { name: 'Markdown Lab' });
    const response = await client(server, org.apiKey).get('/v2/organization', {
      accept: 'text/markdown',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(response.text.startsWith('# Markdown Lab')).toBe(true);
  });
});
