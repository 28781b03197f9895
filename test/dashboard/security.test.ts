import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { findOrganization } from '../../src/organizations/store.ts';
import { createDraft, newCustomer } from '../opportunities/fixtures.ts';
import { client, engines, type TestServer } from '../support/harness.ts';
import { apply, launchStudy, signUp } from '../support/participant-side.ts';
import {
  actionForms,
  Browserless,
  type Clock,
  createDashboardUser,
  csrfOf,
  loginLinkFor,
  startDashboardServer,
} from './support.ts';

describe.each(engines())('dashboard sign-in and access on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  beforeAll(async () => {
    loadGeography();
    // A database of its own: this file moves its clock 12 hours on and then signs in, and sign-in
    // sweeps the sessions expired by its clock, which on a shared PostgreSQL database are every
    // other file's live ones.
    ({ server, clock } = await startDashboardServer(engine, {}, { ownDatabase: true }));
  });
  afterAll(() => server.close());

  const browser = () => new Browserless(server.url);

  /** An organization with a draft, a launched study, and a person of each role signed in. */
  async function organizationWithStudies() {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    const launched = await launchStudy(server, customer.organization);
    const signedIn = async (role: 'owner' | 'member' | 'viewer') => {
      const person = await createDashboardUser(server, customer.organization.id, role);
      const b = browser();
      const response = await b.signIn(person.email, person.password);
      expect(response.status).toBe(303);
      return b;
    };
    return { customer, draft, launched, signedIn };
  }

  it('sends a page opened without a session to sign-in and back after it', async () => {
    const { customer, draft, launched } = await organizationWithStudies();
    const pages = [
      '/dashboard',
      '/dashboard/projects',
      `/dashboard/projects/${customer.projectId}`,
      '/dashboard/studies',
      `/dashboard/studies/${draft.id}/builder`,
      `/dashboard/studies/${launched.id}/submissions`,
      `/dashboard/studies/${launched.id}/recruitment`,
      `/dashboard/studies/${launched.id}/tasks`,
      `/dashboard/studies/${launched.id}/settings`,
      '/dashboard/finance',
      '/dashboard/feasibility/fea_anything',
    ];
    for (const path of pages) {
      const response = await browser().get(path);
      expect(response.status, path).toBe(303);
      expect(response.location, path).toBe(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    }
    const b = browser();
    const target = `/dashboard/studies/${launched.id}/recruitment`;
    const first = await b.get(target);
    const signInPage = await b.get(first.location!);
    expect(signInPage.status).toBe(200);
    expect(signInPage.text).toContain(`name="next" value="${target}"`);
    const person = await createDashboardUser(server, customer.organization.id, 'member');
    const signedIn = await b.post('/dashboard/sign-in', {
      _csrf: csrfOf(signInPage.text),
      email: person.email.toUpperCase(),
      password: person.password,
      next: target,
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(target);
    expect((await b.get(target)).status).toBe(200);
  });

  it('sets an HTTP-only, SameSite=Lax session cookie; refuses a wrong password with no cookie', async () => {
    const customer = await newCustomer(server);
    const person = await createDashboardUser(server, customer.organization.id, 'owner');
    const wrong = await browser().signIn(person.email, 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That email and password do not match.');
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('cohort_session='))).toBe(false);
    const unknown = await browser().signIn('nobody@example.com', person.password);
    expect(unknown.status).toBe(401);

    const right = await browser().signIn(person.email, person.password);
    expect(right.status).toBe(303);
    const cookie = right.headers.getSetCookie().find((c) => c.startsWith('cohort_session='))!;
    // Attributes in any order: @fastify/cookie writes them in its own.
    expect(cookie.split('; ').slice(1).sort()).toEqual(
      ['HttpOnly', 'Max-Age=43200', 'Path=/dashboard', 'SameSite=Lax'].sort(),
    );
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const { server: tls } = await startDashboardServer(engine, {
      publicUrl: 'https://cohort.example.com',
    });
    try {
      const organization = await newCustomer(tls);
      const person = await createDashboardUser(tls, organization.organization.id, 'owner');
      const right = await new Browserless(tls.url).signIn(person.email, person.password);
      const cookie = right.headers.getSetCookie().find((c) => c.startsWith('cohort_session='))!;
      expect(cookie).toContain('; Secure');
    } finally {
      await tls.close();
    }
  });

  it('refuses an address after 10 failed sign-ins for 15 minutes, even with the right password', async () => {
    const customer = await newCustomer(server);
    const person = await createDashboardUser(server, customer.organization.id, 'member');
    for (let i = 0; i < 10; i++) {
      expect((await browser().signIn(person.email, `wrong password ${i}`)).status).toBe(401);
    }
    const refused = await browser().signIn(person.email.toUpperCase(), person.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(refused.text).toContain('Too many failed attempts');
    const other = await createDashboardUser(server, customer.organization.id, 'member');
    expect((await browser().signIn(other.email, other.password)).status).toBe(303);
    clock.advance(15 * 60 * 1000);
    expect((await browser().signIn(person.email, person.password)).status).toBe(303);
  });

  it('refuses a sign-in form posted without its token (login CSRF)', async () => {
    const customer = await newCustomer(server);
    const person = await createDashboardUser(server, customer.organization.id, 'owner');
    const b = browser();
    const refused = await b.post('/dashboard/sign-in', {
      email: person.email,
      password: person.password,
    });
    expect(refused.status).toBe(403);
    await b.get('/dashboard/sign-in');
    const forged = await b.post('/dashboard/sign-in', {
      _csrf: 'x'.repeat(43),
      email: person.email,
      password: person.password,
    });
    expect(forged.status).toBe(403);
    expect(b.cookies.has('cohort_session')).toBe(false);
  });

  it('never redirects outside the dashboard after sign-in', async () => {
    const customer = await newCustomer(server);
    const person = await createDashboardUser(server, customer.organization.id, 'owner');
    for (const next of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      '/v2/projects',
    ]) {
      const response = await browser().signIn(person.email, person.password, next);
      expect(response.status, next).toBe(303);
      expect(response.location, next).toBe('/dashboard');
    }
  });

  it('shows another organization’s pages as 404, and refuses its actions as 404', async () => {
    const mine = await organizationWithStudies();
    const theirs = await organizationWithStudies();
    const participant = await signUp(server);
    const theirSubmission = (await apply(participant, theirs.launched.id)).submission_id!;
    const b = await mine.signedIn('owner');
    for (const path of [
      `/dashboard/projects/${theirs.customer.projectId}`,
      `/dashboard/studies/${theirs.draft.id}`,
      `/dashboard/studies/${theirs.draft.id}/builder`,
      `/dashboard/studies/${theirs.launched.id}/submissions`,
      `/dashboard/studies/${theirs.launched.id}/submissions/${theirSubmission}`,
      `/dashboard/studies/${theirs.launched.id}/recruitment`,
      `/dashboard/studies/${theirs.launched.id}/tasks`,
      `/dashboard/studies/${theirs.launched.id}/settings`,
      '/dashboard/feasibility/fea_unknown',
    ]) {
      const response = await b.get(path);
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain('Not found');
      expect(response.text, path).not.toContain(theirs.draft.title);
    }
    const csrf = csrfOf((await b.get('/dashboard')).text);
    for (const path of [
      `/dashboard/studies/${theirs.launched.id}/pause`,
      `/dashboard/studies/${theirs.draft.id}/launch`,
      `/dashboard/studies/${theirs.draft.id}/delete`,
      `/dashboard/submissions/${theirSubmission}/decline`,
    ]) {
      expect((await b.post(path, { _csrf: csrf })).status, path).toBe(404);
    }
    const read = await theirs.customer.api.get(`/v2/opportunities/${theirs.launched.id}`);
    expect(read.body.status).toBe('active');
    expect((await theirs.customer.api.get(`/v2/opportunities/${theirs.draft.id}`)).status).toBe(
      200,
    );
  });

  it('refuses a form with a missing, wrong or other session’s CSRF token with 403, changing nothing', async () => {
    const { customer, launched, signedIn } = await organizationWithStudies();
    const b = await signedIn('member');
    const other = await signedIn('member');
    const otherToken = csrfOf((await other.get('/dashboard')).text);
    const path = `/dashboard/studies/${launched.id}/pause`;
    const forms: Record<string, string>[] = [
      {},
      { _csrf: '' },
      { _csrf: 'wrong' },
      { _csrf: otherToken },
    ];
    for (const form of forms) {
      const response = await b.post(path, { ...form, _back: '/dashboard/studies' });
      expect(response.status).toBe(403);
      expect(response.text).toContain('security token');
    }
    const read = await customer.api.get(`/v2/opportunities/${launched.id}`);
    expect(read.body.status).toBe('active');
    const token = csrfOf((await b.get('/dashboard/studies')).text);
    const paused = await b.post(path, { _csrf: token, _back: '/dashboard/studies' });
    expect(paused.status).toBe(303);
    expect(paused.location).toBe('/dashboard/studies');
    expect((await customer.api.get(`/v2/opportunities/${launched.id}`)).body.status).toBe('paused');
  });

  it('lets a viewer look but not act: no forms, and every action refused with 403', async () => {
    const { customer, draft, launched, signedIn } = await organizationWithStudies();
    const participant = await signUp(server);
    const submission = (await apply(participant, launched.id)).submission_id!;
    const viewer = await signedIn('viewer');
    for (const path of [
      '/dashboard',
      '/dashboard/projects',
      `/dashboard/projects/${customer.projectId}`,
      '/dashboard/studies',
      `/dashboard/studies/${draft.id}/builder`,
      `/dashboard/studies/${launched.id}/submissions`,
      `/dashboard/studies/${launched.id}/submissions/${submission}`,
      `/dashboard/studies/${launched.id}/recruitment`,
      `/dashboard/studies/${launched.id}/tasks`,
      `/dashboard/studies/${launched.id}/settings`,
      '/dashboard/finance',
    ]) {
      const page = await viewer.get(path);
      expect(page.status, path).toBe(200);
      expect(actionForms(page.text), path).toEqual([]);
    }
    const csrf = csrfOf((await viewer.get('/dashboard')).text);
    for (const path of [
      `/dashboard/studies/${launched.id}/pause`,
      `/dashboard/studies/${launched.id}/stop`,
      `/dashboard/studies/${draft.id}/launch`,
      `/dashboard/studies/${draft.id}/builder`,
      `/dashboard/studies/${draft.id}/delete`,
      `/dashboard/submissions/${submission}/decline`,
      '/dashboard/projects',
      '/dashboard/finance/credit',
    ]) {
      const response = await viewer.post(path, { _csrf: csrf, title: 'Changed', amount: '5' });
      expect(response.status, path).toBe(403);
      expect(response.text, path).toContain('Insufficient access');
    }
    expect((await customer.api.get(`/v2/opportunities/${launched.id}`)).body.status).toBe('active');
    const stillDraft = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(stillDraft.body).toMatchObject({ status: 'draft', title: draft.title });
  });

  it('lets only an owner add credit, through the ledger', async () => {
    const { customer, signedIn } = await organizationWithStudies();
    const before = (await findOrganization(server.database.db, customer.organization.id))!;
    const member = await signedIn('member');
    const memberPage = await member.get('/dashboard/finance');
    expect(actionForms(memberPage.text)).toEqual([]);
    expect(
      (
        await member.post('/dashboard/finance/credit', {
          _csrf: csrfOf(memberPage.text),
          amount: '10',
        })
      ).status,
    ).toBe(403);
    const owner = await signedIn('owner');
    const ownerPage = await owner.get('/dashboard/finance');
    expect(actionForms(ownerPage.text)).toEqual(['/dashboard/finance/credit']);
    const bad = await owner.post('/dashboard/finance/credit', {
      _csrf: csrfOf(ownerPage.text),
      amount: '-5',
    });
    expect(bad.status).toBe(303);
    expect((await owner.get(bad.location!)).text).toContain('The amount is not valid');
    const added = await owner.post('/dashboard/finance/credit', {
      _csrf: csrfOf(ownerPage.text),
      amount: '1,250.50',
      memo: 'Wire 42',
    });
    expect(added.status).toBe(303);
    const after = (await findOrganization(server.database.db, customer.organization.id))!;
    expect(after.balance_cents - before.balance_cents).toBe(125_050);
    const ledger = await owner.get('/dashboard/finance');
    expect(ledger.text).toContain('Added $1,250.50');
    expect(ledger.text).toContain('Wire 42');
  });

  it('signs in once with a login link, which then stops working', async () => {
    const { customer } = await organizationWithStudies();
    const url = await loginLinkFor(server, { organizationId: customer.organization.id });
    const b = browser();
    const used = await b.get(url);
    expect(used.status).toBe(303);
    expect(used.location).toBe('/dashboard');
    const home = await b.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Operator');
    const again = await browser().get(url);
    expect(again.status).toBe(410);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('cohort_session='))).toBe(false);
    expect((await browser().get('/dashboard/login/cl_never-issued-token')).status).toBe(410);
  });

  it('expires a login link after 15 minutes, and a session after 12 hours (server clock)', async () => {
    const { customer } = await organizationWithStudies();
    const early = await loginLinkFor(server, { organizationId: customer.organization.id });
    const late = await loginLinkFor(server, { organizationId: customer.organization.id });
    clock.advance(15 * 60 * 1000 - 1000);
    const b = browser();
    expect((await b.get(early)).status).toBe(303);
    clock.advance(1000);
    expect((await browser().get(late)).status).toBe(410);

    expect((await b.get('/dashboard')).status).toBe(200);
    clock.advance(12 * 60 * 60 * 1000);
    const expired = await b.get('/dashboard');
    expect(expired.status).toBe(303);
    expect(expired.location).toBe('/dashboard/sign-in?next=%2Fdashboard');
  });

  it('signs a user link in as that user with their role', async () => {
    const customer = await newCustomer(server);
    const viewer = await createDashboardUser(server, customer.organization.id, 'viewer');
    const url = await loginLinkFor(server, {
      organizationId: customer.organization.id,
      userId: viewer.id,
      role: 'viewer',
      label: viewer.email,
    });
    const b = browser();
    await b.get(url);
    const home = await b.get('/dashboard');
    expect(home.text).toContain(viewer.email);
    expect(home.text).toContain('>viewer</span>');
  });

  it('signs out: the session no longer opens pages', async () => {
    const { signedIn } = await organizationWithStudies();
    const b = await signedIn('member');
    const home = await b.get('/dashboard');
    const cookie = b.cookies.get('cohort_session')!;
    const out = await b.post('/dashboard/sign-out', { _csrf: csrfOf(home.text) });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/dashboard/sign-in');
    const replay = new Browserless(server.url);
    replay.cookies.set('cohort_session', cookie);
    expect((await replay.get('/dashboard')).status).toBe(303);
  });

  it('serves pages with a strict content security policy and its own assets', async () => {
    const { signedIn } = await organizationWithStudies();
    const b = await signedIn('owner');
    const home = await b.get('/dashboard');
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('cache-control')).toBe('no-store');
    const css = /href="(\/dashboard\/assets\/dashboard\.[0-9a-f]{12}\.css)"/.exec(home.text)![1]!;
    const asset = await fetch(`${server.url}${css}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(home.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"']+\.(css|js)/);
  });

  it('answers the API as before: dashboard sessions are not API credentials', async () => {
    const { signedIn } = await organizationWithStudies();
    const b = await signedIn('owner');
    const response = await fetch(`${server.url}/v2/projects`, {
      headers: { cookie: `cohort_session=${b.cookies.get('cohort_session')}` },
    });
    expect(response.status).toBe(401);
    expect((await client(server).get('/v2/projects')).status).toBe(401);
  });
});
