import { expect } from 'vitest';
import { wallClockOf } from '../../src/hours/wall-clock.ts';
import { csrfOf, joinPanel, ParticipantClient, verifyByMail } from '../participate/support.ts';
import type { TestServer } from '../support/harness.ts';
import type { Browserless } from './support.ts';

/**
 * Labs, sessions and enrolled participants made through the pages, as people make them: the
 * dashboard's lab and session forms, the participant app's sign-up, application and session
 * picker.
 */

const DAY_MS = 86_400_000;

export async function submitForm(
  who: Browserless,
  from: string,
  action: string,
  fields: Record<string, string> = {},
) {
  const page = await who.get(from);
  return who.post(action, { _csrf: csrfOf(page.text), ...fields });
}

export async function addLab(browser: Browserless, fields: Record<string, string> = {}) {
  const made = await submitForm(browser, '/dashboard/labs', '/dashboard/labs', {
    name: 'Room 101',
    address: 'Hauptstraße 1, 10115 Berlin',
    time_zone: 'Europe/Berlin',
    capacity: '12',
    ...fields,
  });
  expect(made.status, made.text).toBe(303);
  return made.location!.split('/').pop()!;
}

/** The ids of the sessions a study's Sessions page lists, by their roster links. */
export async function sessionIdsOf(browser: Browserless, studyId: string): Promise<string[]> {
  const page = await browser.get(`/dashboard/studies/${studyId}/sessions`);
  return [...page.text.matchAll(/href="\/dashboard\/sessions\/([\w]+)\/roster"/g)].map(
    (m) => m[1]!,
  );
}

/** A wall-clock reading `days` days on from the server's clock, at `time`, in `zone`. */
export function wallClockIn(server: TestServer, days: number, time: string, zone: string) {
  const day = wallClockOf(server.context.clock() + days * DAY_MS, zone).slice(0, 10);
  return `${day}T${time}`;
}

/** The wall clock of `zone` (UTC unless named) `minutes` on from the server's clock. */
export function minutesFromNow(server: TestServer, minutes: number, zone = 'UTC') {
  return wallClockOf(server.context.clock() + minutes * 60_000, zone);
}

/** Adds a session through the study's form; answers its id and the page it led to. */
export async function addSession(
  browser: Browserless,
  studyId: string,
  fields: Record<string, string>,
) {
  const before = new Set(await sessionIdsOf(browser, studyId));
  const path = `/dashboard/studies/${studyId}/sessions`;
  const made = await submitForm(browser, path, path, {
    duration_minutes: '60',
    capacity: '3',
    reserve: '0',
    enrollment_closes_minutes_before: '120',
    reminder_hours_before: '24',
    time_zone: 'UTC',
    ...fields,
  });
  expect(made.status, made.text).toBe(303);
  const page = await browser.get(made.location!);
  const ids = [...page.text.matchAll(/href="\/dashboard\/sessions\/([\w]+)\/roster"/g)];
  const id = ids.map((m) => m[1]!).find((each) => !before.has(each));
  expect(id).toBeTruthy();
  return id!;
}

/** Adds a session and answers the page it led to, with the notice. */
export async function addSessionShowing(
  browser: Browserless,
  studyId: string,
  fields: Record<string, string>,
) {
  const path = `/dashboard/studies/${studyId}/sessions`;
  const made = await submitForm(browser, path, path, {
    duration_minutes: '60',
    reserve: '0',
    time_zone: 'UTC',
    ...fields,
  });
  expect(made.status, made.text).toBe(303);
  return browser.get(made.location!);
}

/** A participant of the panel, signed up and verified through the participant app. */
export async function verifiedParticipant(server: TestServer, name = 'Ana Lima') {
  const participant = new ParticipantClient(server.url);
  const form = await joinPanel(participant, { name });
  await verifyByMail(participant, server, form.email);
  return { participant, form };
}

/**
 * Applies to a scheduled study without a screener from its page: the app sends the participant
 * on to the session picker. Answers the picker's path and the submission's id.
 */
export async function applyToScheduled(participant: ParticipantClient, studyId: string) {
  const page = await participant.get(`/participate/studies/${studyId}`);
  const applied = await participant.post(`/participate/studies/${studyId}/apply`, {
    _csrf: csrfOf(page.text),
  });
  expect(applied.status).toBe(303);
  const picker = applied.location!;
  expect(picker).toMatch(/^\/participate\/submissions\/\w+\/session$/);
  return { picker, submissionId: picker.split('/')[3]! };
}

export async function enrolledParticipant(
  server: TestServer,
  studyId: string,
  sessionId: string,
  name?: string,
) {
  const { participant, form } = await verifiedParticipant(server, name);
  const { picker, submissionId } = await applyToScheduled(participant, studyId);
  const enrolled = await participant.submit(picker, picker, { session_id: sessionId });
  expect(enrolled.status).toBe(303);
  expect(enrolled.location).toBe(`/participate/submissions/${submissionId}`);
  return { participant, form, submissionId };
}
