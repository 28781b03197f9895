import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf } from '../platform/time/time-zone.ts';
import { localHourAt, nextDigestAt } from './digest-time.ts';

const at = (iso: string) => Date.parse(iso);

describe('the digest hour', () => {
  it('is 09:00 local on either side of a daylight-saving change', () => {
    // Berlin: CET (UTC+1) until 2025-03-30 02:00, CEST (UTC+2) after.
    expect(new Date(localHourAt('2025-03-29', 9, 'Europe/Berlin')).toISOString()).toBe(
      '2025-03-29T08:00:00.000Z',
    );
    expect(new Date(localHourAt('2025-03-30', 9, 'Europe/Berlin')).toISOString()).toBe(
      '2025-03-30T07:00:00.000Z',
    );
    // Los Angeles: PST (UTC-8) until 2025-03-09 02:00, PDT (UTC-7) after.
    expect(new Date(localHourAt('2025-03-08', 9, 'America/Los_Angeles')).toISOString()).toBe(
      '2025-03-08T17:00:00.000Z',
    );
    expect(new Date(localHourAt('2025-03-09', 9, 'America/Los_Angeles')).toISOString()).toBe(
      '2025-03-09T16:00:00.000Z',
    );
    // And back in autumn.
    expect(new Date(localHourAt('2025-10-26', 9, 'Europe/Berlin')).toISOString()).toBe(
      '2025-10-26T08:00:00.000Z',
    );
  });

  it('is today’s 09:00 before it, tomorrow’s from it on', () => {
    const berlin = 'Europe/Berlin';
    expect(nextDigestAt(at('2025-03-29T07:59:59Z'), berlin)).toBe(at('2025-03-29T08:00:00Z'));
    expect(nextDigestAt(at('2025-03-29T08:00:00Z'), berlin)).toBe(at('2025-03-30T07:00:00Z'));
    expect(nextDigestAt(at('2025-03-29T23:30:00Z'), berlin)).toBe(at('2025-03-30T07:00:00Z'));
  });

  it('always falls within a day after the invitation, at 09:00 on the local clock', () => {
    const zones = ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland'];
    fc.assert(
      fc.property(
        fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2027-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const due = nextDigestAt(instant, zone);
          expect(due).toBeGreaterThan(instant);
          expect(due - instant).toBeLessThanOrEqual(25 * 3600_000);
          const clock = new Intl.DateTimeFormat('en-GB', {
            timeZone: zone,
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }).format(due);
          expect(clock).toBe('09:00');
          expect(localDateOf(due, zone) >= localDateOf(instant, zone)).toBe(true);
        },
      ),
    );
  });
});
