import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { labCalendar, sessionInvite } from './calendar.ts';

const session = {
  id: 'ses_1',
  title: 'Reaction times',
  starts_at: '2026-10-25T09:00:00.000Z',
  ends_at: '2026-10-25T10:00:00.000Z',
  status: 'scheduled' as const,
  location: 'Lab 2, Hauptstraße 1, 10115 Berlin',
};

describe('iCalendar files, read back with node-ical', () => {
  it('a confirmation is one VEVENT with the address, the times and a stable UID', () => {
    const parsed = ical.sync.parseICS(sessionInvite(session, 'cohort.test', 'confirmation'));
    const events = Object.values(parsed).filter((item) => item?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const event = events[0] as VEvent;
    expect(event.uid).toBe('ses_1@cohort.test');
    expect(event.location).toBe(session.location);
    expect(new Date(event.start).toISOString()).toBe(session.starts_at);
    expect(new Date(event.end!).toISOString()).toBe(session.ends_at);
    expect(event.status).toBe('CONFIRMED');
  });

  it('a cancellation has the same UID and STATUS:CANCELLED', () => {
    const parsed = ical.sync.parseICS(sessionInvite(session, 'cohort.test', 'cancellation'));
    const event = Object.values(parsed).find((item) => item?.type === 'VEVENT') as VEvent;
    expect(event.uid).toBe('ses_1@cohort.test');
    expect(event.status).toBe('CANCELLED');
  });

  it('a lab calendar lists every session', () => {
    const text = labCalendar({ name: 'Lab 2' }, [session, { ...session, id: 'ses_2' }], 'h');
    const uids = Object.values(ical.sync.parseICS(text))
      .filter((item) => item?.type === 'VEVENT')
      .map((item) => (item as VEvent).uid);
    expect(uids.sort()).toEqual(['ses_1@h', 'ses_2@h']);
  });
});
