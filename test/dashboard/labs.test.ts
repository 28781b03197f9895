import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { Browserless, createDashboardUser, csrfOf, startDashboardServer } from './support.ts';

/** Labs in the dashboard: the list, a new lab, editing, the calendar link, deleting. */
describe.each(engines())('labs in the dashboard on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let browser: Browserless;

  beforeAll(async () => {
    ({ server } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { name: 'Northwind Research' });
    const owner = await createDashboardUser(server, organization.id, 'owner');
    browser = new Browserless(server.url);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  }, 60_000);
  afterAll(() => server?.close());

  const submit = async (who: Browserless, from: string, action: string, fields = {}) => {
    const page = await who.get(from);
    return who.post(action, { _csrf: csrfOf(page.text), ...fields });
  };

  async function newLab(fields: Record<string, string> = {}) {
    const made = await submit(browser, '/dashboard/labs', '/dashboard/labs', {
      name: 'Room 101',
      address: 'Hauptstraße 1, 10115 Berlin',
      time_zone: 'Europe/Berlin',
      capacity: '12',
      ...fields,
    });
    expect(made.status).toBe(303);
    return made.location!.split('/').pop()!;
  }

  it('refuses a lab with problems beside each field, keeping what was typed', async () => {
    const refused = await submit(browser, '/dashboard/labs', '/dashboard/labs', {
      name: 'Room with a typo',
      address: '   ',
      time_zone: 'Europe/Berln',
      capacity: 'ten',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('value="Room with a typo"');
    expect(refused.text).toMatch(/id="lab-capacity-problems">must be a whole number/);
    // The type check of the form comes first; the use case then names the blank address and zone.
    const second = await submit(browser, '/dashboard/labs', '/dashboard/labs', {
      name: 'Room with a typo',
      address: '   ',
      time_zone: 'Mars/Olympus',
      capacity: '10',
    });
    expect(second.status).toBe(400);
    expect(second.text).toMatch(/id="lab-address-problems">must not be blank/);
    expect(second.text).toMatch(
      /id="lab-time-zone-problems">Mars\/Olympus is not an IANA time zone/,
    );
    expect(second.text).toContain('value="10"');
    const labs = await browser.get('/dashboard/labs');
    expect(labs.text).not.toContain('Room with a typo</a>');
  });

  it('adds a lab, lists it, and saves an edit', async () => {
    const id = await newLab({ name: 'Room 102' });
    expect(id).toMatch(/^lab_/);
    const list = await browser.get('/dashboard/labs');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Room 102</a>');
    expect(list.text).toContain('Europe/Berlin');

    const saved = await submit(browser, `/dashboard/labs/${id}`, `/dashboard/labs/${id}`, {
      name: 'Room 102 (new wing)',
      address: 'Hauptstraße 1, 10115 Berlin',
      time_zone: 'Europe/Berlin',
      capacity: '8',
    });
    expect(saved.status).toBe(303);
    const page = await browser.get(`/dashboard/labs/${id}`);
    expect(page.text).toContain('The lab is saved.');
    expect(page.text).toContain('value="Room 102 (new wing)"');
    expect(page.text).toContain('value="8"');

    const refused = await submit(browser, `/dashboard/labs/${id}`, `/dashboard/labs/${id}`, {
      name: '',
      address: 'Hauptstraße 1',
      time_zone: 'Europe/Berlin',
      capacity: '0',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="lab-capacity-problems">/);
  });

  it('makes the secret calendar link, shows it once, replaces it and turns it off', async () => {
    const id = await newLab({ name: 'Room 103' });
    const made = await submit(
      browser,
      `/dashboard/labs/${id}`,
      `/dashboard/labs/${id}/calendar-link`,
    );
    expect(made.status).toBe(201);
    const url = /id="calendar-url" class="code" readonly value="([^"]+)"/.exec(made.text)?.[1];
    expect(url).toMatch(/\/v2\/labs\/calendar\/cal_[\w-]+\.ics$/);
    // Shown once: the lab's page afterwards says a link is in effect, not which.
    const later = await browser.get(`/dashboard/labs/${id}`);
    expect(later.text).toContain('A link is in effect.');
    expect(later.text).not.toContain(url!);

    const replaced = await submit(
      browser,
      `/dashboard/labs/${id}`,
      `/dashboard/labs/${id}/calendar-link`,
    );
    const second = /id="calendar-url" class="code" readonly value="([^"]+)"/.exec(
      replaced.text,
    )?.[1];
    expect(second).toBeTruthy();
    expect(second).not.toBe(url);

    const off = await submit(
      browser,
      `/dashboard/labs/${id}`,
      `/dashboard/labs/${id}/calendar-link/revoke`,
    );
    expect(off.status).toBe(303);
    const page = await browser.get(`/dashboard/labs/${id}`);
    expect(page.text).toContain('The calendar link is off.');
    expect(page.text).toContain('No link is in effect.');
  });

  it('deletes a lab no session uses', async () => {
    const id = await newLab({ name: 'Room 104' });
    const deleted = await submit(browser, `/dashboard/labs/${id}`, `/dashboard/labs/${id}/delete`);
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe('/dashboard/labs');
    expect((await browser.get(`/dashboard/labs/${id}`)).status).toBe(404);
    expect((await browser.get('/dashboard/labs')).text).not.toContain('Room 104</a>');
  });

  it('shows another organization’s lab as not found, and a viewer no forms', async () => {
    const id = await newLab({ name: 'Room 105' });
    const other = await createTestOrganization(server, { name: 'Elsewhere' });
    const stranger = await createDashboardUser(server, other.id, 'owner');
    const theirs = new Browserless(server.url);
    await theirs.signIn(stranger.email, stranger.password);
    expect((await theirs.get(`/dashboard/labs/${id}`)).status).toBe(404);

    const viewer = await createDashboardUser(server, organization.id, 'viewer');
    const looking = new Browserless(server.url);
    await looking.signIn(viewer.email, viewer.password);
    const page = await looking.get(`/dashboard/labs/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(`action="/dashboard/labs/${id}/delete"`);
    const refused = await looking.post(`/dashboard/labs/${id}/delete`, {
      _csrf: csrfOf(page.text),
    });
    expect(refused.status).toBe(403);
  });
});
