import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { createDraft, newCustomer } from '../opportunities/fixtures.ts';
import { createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import { apply, launchStudy, signUp } from '../support/participant-side.ts';
import {
  actionForms,
  Browserless,
  createDashboardUser,
  csrfOf,
  startDashboardServer,
} from './support.ts';

describe.each(engines())('dashboard pages on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
  });
  afterAll(() => server.close());

  async function ownerOf(organizationId: string) {
    const person = await createDashboardUser(server, organizationId, 'owner');
    const browser = new Browserless(server.url);
    await browser.signIn(person.email, person.password);
    return browser;
  }

  /** Follows redirects to the page a person lands on, with its flash message. */
  async function landing(
    browser: Browserless,
    response: { status: number; location: string | null },
  ) {
    expect(response.status).toBe(303);
    let page = await browser.get(response.location!);
    for (let hops = 0; page.status === 303 && hops < 3; hops++) {
      page = await browser.get(page.location!);
    }
    return page;
  }

  it('escapes what customers and participants wrote', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, {
      title: '<script>alert("title")</script>',
      description: '<img src=x onerror=alert(1)>',
    });
    const browser = await ownerOf(customer.organization.id);
    const builder = await browser.get(`/dashboard/studies/${draft.id}/builder`);
    expect(builder.status).toBe(200);
    expect(builder.text).not.toContain('<script>alert');
    expect(builder.text).not.toContain('<img src=x');
    expect(builder.text).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');

    const launched = await launchStudy(server, customer.organization, { review: 'manual_review' });
    const person = await signUp(server, { name: '<b onmouseover=alert(2)>Eve</b>' });
    await apply(person, launched.id);
    const recruitment = await browser.get(`/dashboard/studies/${launched.id}/recruitment`);
    expect(recruitment.text).toContain('&lt;b onmouseover=alert(2)&gt;Eve&lt;/b&gt;');
    expect(recruitment.text).not.toContain('<b onmouseover');
  });

  it('hides participant names when the organization hides identity', async () => {
    const organization = await createTestOrganization(server, {
      balanceCents: 1_000_000,
      hideIdentity: true,
    });
    const launched = await launchStudy(server, organization);
    const person = await signUp(server, { name: 'Visible Name' });
    const submission = (await apply(person, launched.id)).submission_id!;
    const browser = await ownerOf(organization.id);
    for (const path of [
      `/dashboard/studies/${launched.id}/submissions`,
      `/dashboard/studies/${launched.id}/submissions/${submission}`,
    ]) {
      const page = await browser.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain(person.id);
      expect(page.text).not.toContain('Visible Name');
      expect(page.text).not.toContain('linkedin.com');
    }
  });

  it('explains a launch the balance cannot cover, and launches once credit is added', async () => {
    const customer = await newCustomer(server, { balanceCents: 0 });
    const draft = await createDraft(customer);
    const browser = await ownerOf(customer.organization.id);
    const builder = await browser.get(`/dashboard/studies/${draft.id}/builder`);
    expect(builder.text).toContain('short by');
    const refused = await browser.post(`/dashboard/studies/${draft.id}/launch`, {
      _csrf: csrfOf(builder.text),
    });
    const back = await landing(browser, refused);
    expect(refused.location).toBe(`/dashboard/studies/${draft.id}/builder`);
    expect(back.text).toContain('flash-error');
    expect(back.text).toContain('does not cover the launch');
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).body.status).toBe('draft');

    const finance = await browser.get('/dashboard/finance');
    await browser.post('/dashboard/finance/credit', {
      _csrf: csrfOf(finance.text),
      amount: String(draft.pricing.total_cost_cents / 100),
    });
    const launched = await browser.post(`/dashboard/studies/${draft.id}/launch`, {
      _csrf: csrfOf(finance.text),
    });
    expect(launched.location).toBe(`/dashboard/studies/${draft.id}/submissions`);
    const read = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(read.body.status).toBe('active');
    expect(read.body.links.dashboard.submissions).toBe(`${server.url}${launched.location}`);
    // The builder link of a launched study opens its submissions; launching again is a 409 flash.
    expect((await browser.get(`/dashboard/studies/${draft.id}/builder`)).location).toBe(
      launched.location,
    );
    const again = await browser.post(`/dashboard/studies/${draft.id}/launch`, {
      _csrf: csrfOf(finance.text),
    });
    expect((await landing(browser, again)).text).toContain('already launched');
  });

  it('shows a builder read-only for a study that reads as draft but can no longer change', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    await server.database.db
      .updateTable('opportunities')
      .set({ status: 'expired' })
      .where('id', '=', draft.id)
      .execute();
    const browser = await ownerOf(customer.organization.id);
    const builder = await browser.get(`/dashboard/studies/${draft.id}/builder`);
    expect(builder.status).toBe(200);
    expect(builder.text).toContain('can no longer be edited or launched');
    expect(actionForms(builder.text)).toEqual([]);
    expect((await browser.get(`/dashboard/studies/${draft.id}/submissions`)).location).toBe(
      `/dashboard/studies/${draft.id}/builder`,
    );
  });

  it('keeps what was typed when an edit is refused, and saves a valid one through PATCH rules', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    const browser = await ownerOf(customer.organization.id);
    const builder = await browser.get(`/dashboard/studies/${draft.id}/builder`);
    const form = {
      _csrf: csrfOf(builder.text),
      title: '   ',
      internal_title: 'Typed internal title',
      description: draft.description,
      expected_days_to_complete: '400',
    };
    const refused = await browser.post(`/dashboard/studies/${draft.id}/builder`, form);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The changes were not saved');
    // The problem beside its field, on the draft's brief step, what was typed kept.
    expect(refused.text).toMatch(/id="expected_days_to_complete-problems">[^<]+</);
    expect(refused.text).toContain('value="400"');
    expect(refused.text).toContain('value="Typed internal title"');
    const unchanged = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(unchanged.body.internal_title).toBeNull();

    const saved = await browser.post(`/dashboard/studies/${draft.id}/builder`, {
      ...form,
      title: 'Renamed study',
      expected_days_to_complete: '21',
    });
    expect((await landing(browser, saved)).text).toContain('Saved.');
    const read = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(read.body).toMatchObject({
      title: 'Renamed study',
      internal_title: 'Typed internal title',
    });
  });

  it('stops a study from settings, and explains a stop blocked by work awaiting review', async () => {
    const customer = await newCustomer(server);
    const launched = await launchStudy(server, customer.organization);
    const person = await signUp(server);
    const submission = (await apply(person, launched.id)).submission_id!;
    await person.api.post(`/v2/participant/submissions/${submission}/start`);
    await person.api.post(`/v2/participant/submissions/${submission}/tasks/1/submit`, {
      notes: 'x',
    });
    const browser = await ownerOf(customer.organization.id);
    const settings = await browser.get(`/dashboard/studies/${launched.id}/settings`);
    expect(actionForms(settings.text)).toEqual([`/dashboard/studies/${launched.id}/stop`]);
    const blocked = await browser.post(`/dashboard/studies/${launched.id}/stop`, {
      _csrf: csrfOf(settings.text),
      reason: 'Enough data',
    });
    expect((await landing(browser, blocked)).text).toContain('awaits review');

    const approve = await browser.post(`/dashboard/submissions/${submission}/approve`, {
      _csrf: csrfOf(settings.text),
      _back: `/dashboard/studies/${launched.id}/submissions`,
    });
    expect(approve.location).toBe(`/dashboard/studies/${launched.id}/submissions`);
    const stopped = await browser.post(`/dashboard/studies/${launched.id}/stop`, {
      _csrf: csrfOf(settings.text),
      reason: 'Enough data',
    });
    const after = await landing(browser, stopped);
    expect(after.text).toContain('Stopped');
    expect(after.text).toContain('Enough data');
    expect(actionForms(after.text)).toEqual([]);
    expect((await customer.api.get(`/v2/opportunities/${launched.id}`)).body.status).toBe(
      'stopped',
    );
  });

  it('answers a decision on a submission that is not awaiting it with the reason, not an error page', async () => {
    const customer = await newCustomer(server);
    const launched = await launchStudy(server, customer.organization);
    const submission = (await apply(await signUp(server), launched.id)).submission_id!;
    const browser = await ownerOf(customer.organization.id);
    const page = await browser.get(`/dashboard/studies/${launched.id}/submissions`);
    const back = `/dashboard/studies/${launched.id}/submissions`;
    const refused = await browser.post(`/dashboard/submissions/${submission}/reject`, {
      _csrf: csrfOf(page.text),
      _back: back,
      rejection_category: 'LOW_EFFORT',
    });
    expect(refused.location).toBe(back);
    expect((await browser.get(back)).text).toContain('flash-error');
    const unknownCategory = await browser.post(`/dashboard/submissions/${submission}/reject`, {
      _csrf: csrfOf(page.text),
      _back: 'https://evil.example/',
      rejection_category: 'NOT_A_CATEGORY',
    });
    expect(unknownCategory.location).toBe('/dashboard');
    expect((await browser.get('/dashboard')).text).toContain('Choose a rejection category');
  });
});
