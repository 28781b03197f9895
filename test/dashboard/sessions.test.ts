import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, type Study } from '../support/participant-side.ts';
import {
  addLab,
  addSession,
  addSessionShowing,
  enrolledParticipant,
  minutesFromNow,
  submitForm,
  wallClockIn,
} from './session-support.ts';
import {
  Browserless,
  type Clock,
  createDashboardUser,
  csrfOf,
  startDashboardServer,
} from './support.ts';

/**
 * A study's sessions, a lab's week and a session's roster in the dashboard, each through the
 * sessions use cases: adding and cancelling sessions, a clash in one lab, a lab in use, and
 * attendance saved at once.
 */
describe.each(engines())('sessions in the dashboard on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let organization: TestOrganization;
  let browser: Browserless;
  let study: Study;
  let labId: string;

  beforeAll(async () => {
    loadGeography();
    ({ server, clock } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, {
      name: 'Northwind Research',
      balanceCents: 5_000_000,
    });
    const owner = await createDashboardUser(server, organization.id, 'owner');
    browser = new Browserless(server.url);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
    study = await launchStudy(server, organization, {
      title: 'Reaction times in the lab',
      numParticipants: 8,
      questions: [],
    });
    labId = await addLab(browser, { name: 'Room 101', capacity: '4' });
  }, 120_000);
  afterAll(() => server?.close());

  const sessionsPath = () => `/dashboard/studies/${study.id}/sessions`;

  it('refuses a session with each problem beside its field, keeping what was typed', async () => {
    const empty = await browser.get(sessionsPath());
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No sessions: this study is online and unscheduled.');
    expect(empty.text).toMatch(/aria-current="page">Sessions</);

    const refused = await submitForm(browser, sessionsPath(), sessionsPath(), {
      lab_id: labId,
      starts_at: '',
      duration_minutes: 'an hour',
      capacity: '3',
      reserve: '1',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="session-starts_at-problems">is required/);
    expect(refused.text).toMatch(/id="session-duration_minutes-problems">/);
    expect(refused.text).toContain('value="an hour"');
    expect(refused.text).toContain(`<option value="${labId}" selected>`);

    // A lab's seats: a session needing more than the room holds is refused beside its seats.
    const tooBig = await submitForm(browser, sessionsPath(), sessionsPath(), {
      lab_id: labId,
      starts_at: wallClockIn(server, 3, '09:00', 'Europe/Berlin'),
      duration_minutes: '60',
      capacity: '5',
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.text).toMatch(/id="session-capacity-problems">the session needs 5 seats/);
  });

  it('adds a session on the lab’s clock, lists it with its seats, and refuses a clash', async () => {
    const startsAt = wallClockIn(server, 3, '09:00', 'Europe/Berlin');
    const page = await addSessionShowing(browser, study.id, {
      lab_id: labId,
      starts_at: startsAt,
      capacity: '3',
      reserve: '1',
    });
    const sessionId = /href="\/dashboard\/sessions\/(\w+)\/roster"/.exec(page.text)![1]!;
    expect(page.text).toContain('The session is added: 3 seats and 1 reserve.');
    expect(page.text).toContain(
      `${startsAt.replace('T', ' ')}</time> <span class="muted">Europe/Berlin`,
    );
    expect(page.text).toContain('0 of 3 + 1 reserve');

    // Overlapping it in the same 4-seat room, a second session would need 5 seats.
    const clash = await submitForm(browser, sessionsPath(), sessionsPath(), {
      lab_id: labId,
      starts_at: wallClockIn(server, 3, '09:30', 'Europe/Berlin'),
      duration_minutes: '60',
      capacity: '1',
    });
    expect(clash.status).toBe(409);
    expect(clash.text).toContain(`session ${sessionId}`);
    expect(clash.text).toContain('value="1"');

    // The lab is in use: deleting it is refused on its page, naming the session.
    const refused = await submitForm(
      browser,
      `/dashboard/labs/${labId}`,
      `/dashboard/labs/${labId}/delete`,
    );
    expect(refused.status).toBe(303);
    const labPage = await browser.get(refused.location!);
    expect(labPage.text).toContain('Sessions are still to take place in this lab');
    expect(labPage.text).toContain(sessionId);
  });

  it('shows the lab’s week with every study’s sessions, and the weeks either side', async () => {
    const startsAt = wallClockIn(server, 10, '14:00', 'Europe/Berlin');
    const other = await launchStudy(server, organization, {
      title: 'Memory span',
      numParticipants: 4,
      questions: [],
    });
    await addSession(browser, other.id, { lab_id: labId, starts_at: startsAt, capacity: '2' });
    const week = await browser.get(`/dashboard/labs/${labId}/week?week=${startsAt.slice(0, 10)}`);
    expect(week.status).toBe(200);
    expect(week.text).toContain('Memory span</a>');
    expect(week.text).toContain('14:00–15:00');
    expect(week.text).toContain('0 enrolled of 2 · 2 left');
    const next = /href="([^"]+)" rel="next"/.exec(week.text)![1]!.replaceAll('&amp;', '&');
    const previous = /href="([^"]+)" rel="prev"/.exec(week.text)![1]!.replaceAll('&amp;', '&');
    expect((await browser.get(next)).text).not.toContain('Memory span</a>');
    expect((await browser.get(previous)).text).not.toContain('14:00–15:00');
    // A week that names no real date shows this one.
    expect((await browser.get(`/dashboard/labs/${labId}/week?week=2026-02-30`)).status).toBe(200);
  });

  it('saves attendance from the roster at once, and names a bad row beside it', async () => {
    const own = await launchStudy(server, organization, {
      title: 'Attendance study',
      numParticipants: 4,
      questions: [],
    });
    // Enrollment open until the start, two hours on; the roster opens once it has started.
    const sessionId = await addSession(browser, own.id, {
      starts_at: minutesFromNow(server, 120),
      enrollment_closes_minutes_before: '0',
      capacity: '3',
    });
    const ana = await enrolledParticipant(server, own.id, sessionId, 'Ana Lima');
    const ben = await enrolledParticipant(server, own.id, sessionId, 'Ben Okafor');
    const roster = `/dashboard/sessions/${sessionId}/roster`;

    const before = await browser.get(roster);
    expect(before.status).toBe(200);
    expect(before.text).toContain('Ana Lima');
    expect(before.text).toContain(ben.submissionId);
    expect(before.text).toContain('Attendance is recorded here once the session has started');
    expect(before.text).not.toContain('name="status.');

    clock.advance(150 * 60_000);
    const open = await browser.get(roster);
    expect(open.text).toContain(`name="status.${ana.submissionId}"`);

    const bad = await browser.post(roster, {
      _csrf: csrfOf(open.text),
      [`status.${ana.submissionId}`]: 'participated',
      [`status.${ben.submissionId}`]: 'maybe',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(
      new RegExp(`id="attendance-${ben.submissionId}-problems">entries\\[1\\]\\.status: must be`),
    );
    // The ticked row is kept as ticked; nothing was saved.
    expect(bad.text).toMatch(
      new RegExp(`id="attendance-${ana.submissionId}-participated"[^>]*checked`),
    );

    const saved = await browser.post(roster, {
      _csrf: csrfOf(open.text),
      [`status.${ana.submissionId}`]: 'participated',
      [`status.${ben.submissionId}`]: 'no_show',
    });
    expect(saved.status).toBe(303);
    const after = await browser.get(roster);
    expect(after.text).toContain('Attendance is saved for 2 participants.');
    expect(after.text).toContain('Participated <span class="muted">(recorded)');
    expect(after.text).toContain('No show <span class="muted">(recorded)');
    expect(after.text).toContain('Everyone’s attendance is recorded.');

    // A second tablet's form, drawn before the save: the use case refuses it beside the row.
    const stale = await browser.post(roster, {
      _csrf: csrfOf(open.text),
      [`status.${ben.submissionId}`]: 'excused',
    });
    expect(stale.status).toBe(400);
    expect(stale.text).toContain('The attendance is invalid');
    expect(stale.text).toMatch(
      /<p class="problem">entries\[0\]: attendance of \w+ is already recorded as no_show<\/p>/,
    );
  });

  it('keeps another organization out, and a viewer to looking', async () => {
    const sessionId = await addSession(browser, study.id, {
      starts_at: wallClockIn(server, 6, '10:00', 'UTC'),
      capacity: '1',
    });
    const other = await createTestOrganization(server, { name: 'Elsewhere' });
    const stranger = new Browserless(server.url);
    const theirs = await createDashboardUser(server, other.id, 'owner');
    await stranger.signIn(theirs.email, theirs.password);
    expect((await stranger.get(`/dashboard/sessions/${sessionId}/roster`)).status).toBe(404);
    expect((await stranger.get(sessionsPath())).status).toBe(404);
    expect((await stranger.get(`/dashboard/labs/${labId}/week`)).status).toBe(404);
    const ownPage = await stranger.get('/dashboard/labs');
    const refused = await stranger.post(`${sessionsPath()}/${sessionId}/cancel`, {
      _csrf: csrfOf(ownPage.text),
    });
    expect(refused.status).toBe(404);

    const viewer = await createDashboardUser(server, organization.id, 'viewer');
    const looking = new Browserless(server.url);
    await looking.signIn(viewer.email, viewer.password);
    const page = await looking.get(sessionsPath());
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Add the session');
    expect(page.text).not.toContain('/cancel"');
    const added = await looking.post(sessionsPath(), {
      _csrf: csrfOf(page.text),
      starts_at: wallClockIn(server, 7, '10:00', 'UTC'),
      duration_minutes: '60',
      capacity: '1',
    });
    expect(added.status).toBe(403);
  });

  it('cancels a session after confirmation, telling those enrolled', async () => {
    const own = await launchStudy(server, organization, {
      title: 'Cancelled study',
      numParticipants: 4,
      questions: [],
    });
    const sessionId = await addSession(browser, own.id, {
      starts_at: wallClockIn(server, 4, '10:00', 'UTC'),
      capacity: '2',
    });
    await enrolledParticipant(server, own.id, sessionId);
    const page = await browser.get(`/dashboard/studies/${own.id}/sessions`);
    expect(page.text).toMatch(/data-confirm="Cancel the session of [^"]+ Everyone enrolled \(1\)/);
    const cancelled = await browser.post(
      `/dashboard/studies/${own.id}/sessions/${sessionId}/cancel`,
      { _csrf: csrfOf(page.text) },
    );
    expect(cancelled.status).toBe(303);
    const after = await browser.get(`/dashboard/studies/${own.id}/sessions`);
    expect(after.text).toContain(
      'The session is cancelled; 1 enrolled participant is told by mail.',
    );
    expect(after.text).toContain('badge-neutral">cancelled');
    // Once cancelled, again is refused with the reason.
    const again = await browser.post(`/dashboard/studies/${own.id}/sessions/${sessionId}/cancel`, {
      _csrf: csrfOf(after.text),
    });
    expect(again.status).toBe(303);
    expect((await browser.get(again.location!)).text).toContain('is already cancelled');
  });
});
