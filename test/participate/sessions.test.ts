import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  addLab,
  addSession,
  applyToScheduled,
  enrolledParticipant,
  minutesFromNow,
  verifiedParticipant,
  wallClockIn,
} from '../dashboard/session-support.ts';
import {
  Browserless,
  type Clock,
  createDashboardUser,
  startDashboardServer,
} from '../dashboard/support.ts';
import {
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy } from '../support/participant-side.ts';
import { rawKeys, untranslatedText } from '../support/untranslated.ts';
import { csrfOf } from './support.ts';

/** A page's text as a reader sees it: tags dropped, entities read. */
function visibleText(markup: string): string {
  return markup
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const STUDY = 'Reaction times in the lab';
const LAB = 'Room 101';
const ADDRESS = 'Hauptstraße 1, 10115 Berlin';
/** What the test itself wrote: the study's texts, the lab's, the participant's name. */
const ALLOW = [
  STUDY,
  'Try a new checkout and tell us what you think',
  'Try the prototype',
  'Complete the checkout flow',
  ADDRESS,
  LAB,
  'Ana Lima',
];

/**
 * A scheduled study in the participant app: after passing the screener, the sessions to pick
 * from in both clocks; enrolling, a full session refused in the reader's words, cancelling until
 * enrollment closes and the deadline after, the enrolled session and its calendar file on "My
 * work"; every text through the catalogs (pseudo-locale) and German in German.
 */
describe.each(engines())('a scheduled study’s sessions in the participant app on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let organization: TestOrganization;
  let researcher: Browserless;
  let studyId: string;
  let labId: string;
  let morning: string;
  let startsAt: string;

  beforeAll(async () => {
    loadGeography();
    ({ server, clock } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
    const owner = await createDashboardUser(server, organization.id, 'owner');
    researcher = new Browserless(server.url);
    await researcher.signIn(owner.email, owner.password);
    studyId = (
      await launchStudy(server, organization, { title: STUDY, numParticipants: 6, questions: [] })
    ).id;
    // A lab in New York; the participants live in Berlin.
    labId = await addLab(researcher, {
      name: LAB,
      address: ADDRESS,
      time_zone: 'America/New_York',
      capacity: '6',
    });
    startsAt = wallClockIn(server, 5, '09:00', 'America/New_York');
    morning = await addSession(researcher, studyId, {
      lab_id: labId,
      starts_at: startsAt,
      capacity: '1',
      reserve: '1',
    });
  }, 120_000);
  afterAll(() => server?.close());

  it('lists the sessions with seats in both clocks after the screener, and enrolls', async () => {
    const { participant } = await verifiedParticipant(server);
    const { picker, submissionId } = await applyToScheduled(participant, studyId);
    const page = await participant.get(picker);
    expect(page.status).toBe(200);
    expect(page.text).toContain('This study takes place at set times: choose a session');
    expect(page.text).toContain(ADDRESS);
    expect(page.text).toContain('(Europe/Berlin)');
    expect(page.text).toContain('(America/New_York)');
    expect(page.text).toContain('2 seats left');
    expect(page.text).toContain(`name="session_id" value="${morning}"`);
    // Unenrolled, the study's page says until when the place waits (48 hours), not "hand in".
    const waiting = await participant.get(`/participate/submissions/${submissionId}`);
    expect(waiting.text).toMatch(
      /Choose one before <time datetime="[^"]+">[^<]+<\/time>, or your place goes to someone else\./,
    );
    expect(waiting.text).not.toContain('Hand in before');

    const enrolled = await participant.post(picker, {
      _csrf: csrfOf(page.text),
      session_id: morning,
    });
    expect(enrolled.status).toBe(303);
    const work = await participant.get(enrolled.location!);
    expect(work.text).toContain('You are enrolled. A confirmation with a calendar file');
    expect(work.text).toContain('Your session');
    expect(work.text).toContain(ADDRESS);
    expect(work.text).toContain('Cancel my enrollment');
    expect(work.text).toContain(`href="/participate/submissions/${submissionId}/session.ics"`);

    // "My work" names the session on the study's card: when, and where.
    const list = await participant.get('/participate/submissions');
    const line = /<p class="session-line" data-session>(.*?)<\/p>/s.exec(list.text)?.[1] ?? '';
    expect(line).toMatch(/^Your session: <time datetime="[^"]+">/);
    expect(line).toContain(ADDRESS);
    // …and the calendar file, its link named for the study.
    expect(line).toContain(
      `<a href="/participate/submissions/${submissionId}/session.ics" download="session.ics">Add to calendar<span class="visually-hidden">: ${STUDY}</span></a>`,
    );

    // "Add to calendar": the session's VEVENT, the mails' UID, read back with node-ical.
    const file = await participant.get(`/participate/submissions/${submissionId}/session.ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const event = Object.values(ical.sync.parseICS(file.text)).find(
      (item) => item?.type === 'VEVENT',
    ) as VEvent;
    expect(event.uid).toBe(`${morning}@${new URL(server.url).host}`);
    expect(String(event.location)).toContain(ADDRESS);
    expect(String(event.summary)).toBe(STUDY);

    // Another participant's calendar file is not theirs to read.
    const stranger = (await verifiedParticipant(server)).participant;
    expect(
      (await stranger.get(`/participate/submissions/${submissionId}/session.ics`)).status,
    ).toBe(404);
  });

  it('says a full session in the reader’s words, and the picker no longer offers it', async () => {
    // Capacity 1 and 1 reserve: the first test took one seat; this takes the last.
    await enrolledParticipant(server, studyId, morning);
    const { participant } = await verifiedParticipant(server);
    const { picker } = await applyToScheduled(participant, studyId);
    const page = await participant.get(picker);
    expect(page.text).toContain('No session has a seat left right now.');
    const refused = await participant.post(picker, {
      _csrf: csrfOf(page.text),
      session_id: morning,
    });
    expect(refused.status).toBe(303);
    const after = await participant.get(refused.location!);
    expect(after.text).toContain('That session has just filled up. Please choose another one.');
    expect(after.text).not.toContain('is full');
  });

  it('cancels until enrollment closes, then shows the deadline and refuses with it', async () => {
    const soon = await addSession(researcher, studyId, {
      starts_at: minutesFromNow(server, 240),
      enrollment_closes_minutes_before: '120',
      capacity: '2',
    });
    const { participant, submissionId } = await enrolledParticipant(server, studyId, soon);
    const work = `/participate/submissions/${submissionId}`;
    const open = await participant.get(work);
    expect(open.text).toContain('You can cancel until');
    const cancelled = await participant.post(`${work}/session/cancel`, {
      _csrf: csrfOf(open.text),
    });
    expect(cancelled.status).toBe(303);
    const picker = await participant.get(cancelled.location!);
    expect(picker.text).toContain('Your enrollment is cancelled.');
    // Enrolled again, then past the deadline: no button, the deadline, and a refusal naming it.
    const again = await participant.post(cancelled.location!, {
      _csrf: csrfOf(picker.text),
      session_id: soon,
    });
    expect(again.status).toBe(303);
    clock.advance(150 * 60_000);
    try {
      const late = await participant.get(work);
      expect(late.text).toContain('Cancelling closed on');
      expect(late.text).not.toContain('Cancel my enrollment');
      const refused = await participant.post(`${work}/session/cancel`, {
        _csrf: csrfOf(late.text),
      });
      expect(refused.status).toBe(303);
      expect((await participant.get(refused.location!)).text).toMatch(
        /Cancelling closed on [^<]+\. If you cannot come, write to the researchers\./,
      );
    } finally {
      clock.advance(-150 * 60_000);
    }
  });

  it('says every text of the picker and the enrolled session through the catalogs', async () => {
    const { participant } = await verifiedParticipant(server, 'Ana Lima');
    participant.headers['accept-language'] = 'en-XA';
    await participant.get('/participate/profile');
    const fresh = await addSession(researcher, studyId, {
      lab_id: labId,
      starts_at: wallClockIn(server, 6, '09:00', 'America/New_York'),
      capacity: '2',
    });
    const { picker, submissionId } = await applyToScheduled(participant, studyId);
    const page = await participant.get(picker);
    expect(page.text).toContain('<html lang="en-XA">');
    // The notice the application left, and the picker.
    for (const markup of [page.text]) {
      const text = visibleText(markup);
      expect(untranslatedText(text, ALLOW)).toEqual([]);
      expect(rawKeys(text)).toEqual([]);
    }
    await participant.post(picker, { _csrf: csrfOf(page.text), session_id: fresh });
    const work = await participant.get(`/participate/submissions/${submissionId}`);
    const text = visibleText(work.text);
    expect(untranslatedText(text, ALLOW)).toEqual([]);
    expect(rawKeys(text)).toEqual([]);
  });

  it('speaks German to a German reader', async () => {
    const { participant, form } = await verifiedParticipant(server);
    await server.database.db
      .updateTable('participants')
      .set({ language: 'de' })
      .where('email', '=', form.email.toLowerCase())
      .execute();
    const { picker, submissionId } = await applyToScheduled(participant, studyId);
    const page = await participant.get(picker);
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain('Diese Studie findet zu festen Terminen statt');
    expect(page.text).toContain('Ihre Zeit:');
    expect(page.text).toContain('Zeit im Labor:');
    const sessionId = /name="session_id" value="(\w+)"/.exec(page.text)![1]!;
    await participant.post(picker, { _csrf: csrfOf(page.text), session_id: sessionId });
    const work = await participant.get(`/participate/submissions/${submissionId}`);
    expect(work.text).toContain('Sie sind angemeldet.');
    expect(work.text).toContain('Zum Kalender hinzufügen');
    expect(work.text).toContain('Anmeldung absagen');
  });
});
