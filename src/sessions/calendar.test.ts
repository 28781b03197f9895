import fc from 'fast-check';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { calendarSequence, labCalendar, sessionInvite } from './calendar.ts';

const session = {
  id: 'ses_1',
  title: 'Reaction times',
  starts_at: '2026-10-25T09:00:00.000Z',
  ends_at: '2026-10-25T10:00:00.000Z',
  status: 'scheduled' as const,
  location: 'Lab 2, Hauptstraße 1, 10115 Berlin',
  sequence: 0,
};

describe('calendarSequence', () => {
  it('rises with every later change a second or more apart, never falls', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        (first, second) => {
          const created = '2026-01-01T00:00:00.000Z';
          const at = (ms: number) => new Date(Date.parse(created) + ms).toISOString();
          const [earlier, later] = [first, second].sort((a, b) => a - b);
          const a = calendarSequence({ created_at: created, updated_at: at(earlier!) });
          const b = calendarSequence({ created_at: created, updated_at: at(later!) });
          expect(a).toBeLessThanOrEqual(b);
          if (later! - earlier! >= 1000) expect(a).toBeLessThan(b);
        },
      ),
    );
  });
});

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
    expect(Number(event.sequence)).toBe(1);
  });

  it('a moved session is a REQUEST of the same UID with a higher sequence', () => {
    const moved = {
      ...session,
      starts_at: '2026-10-26T09:00:00.000Z',
      ends_at: '2026-10-26T10:00:00.000Z',
      sequence: calendarSequence({
        created_at: '2026-10-01T08:00:00.000Z',
        updated_at: '2026-10-02T08:00:00.000Z',
      }),
    };
    const text = sessionInvite(moved, 'cohort.test', 'confirmation');
    expect(text).toContain('METHOD:REQUEST');
    const event = Object.values(ical.sync.parseICS(text)).find(
      (item) => item?.type === 'VEVENT',
    ) as VEvent;
    expect(event.uid).toBe('ses_1@cohort.test');
    expect(Number(event.sequence)).toBe(86_400);
    expect(new Date(event.start).toISOString()).toBe(moved.starts_at);
  });

  it('a lab calendar lists every session', () => {
    const text = labCalendar({ name: 'Lab 2' }, [session, { ...session, id: 'ses_2' }], 'h');
    const uids = Object.values(ical.sync.parseICS(text))
      .filter((item) => item?.type === 'VEVENT')
      .map((item) => (item as VEvent).uid);
    expect(uids.sort()).toEqual(['ses_1@h', 'ses_2@h']);
  });
});
