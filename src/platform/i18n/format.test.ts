import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format.ts';

describe('formatting in the reader’s language and time zone', () => {
  it('writes money as each language does', () => {
    expect(formatMoney('en', 1250, 'usd')).toBe('$12.50');
    expect(formatMoney('de', 1250, 'EUR')).toBe('12,50\u00a0€');
    expect(formatMoney('fr', 123456, 'EUR')).toBe('1\u202f234,56\u00a0€');
    expect(formatMoney('es', 1250, 'EUR')).toBe('12,50\u00a0€');
    expect(formatMoney('en-XA', 1250, 'USD')).toBe('$12.50');
  });

  it('writes numbers as each language does', () => {
    expect(formatNumber('en', 12345.5)).toBe('12,345.5');
    expect(formatNumber('de', 12345.5)).toBe('12.345,5');
  });

  it('shows a moment in the reader’s time zone, across a daylight-saving change', () => {
    // 00:30 UTC on 2026-03-29 is 01:30 in Berlin (winter time); 01:30 UTC is 03:30 (summer time).
    expect(formatDateTime('de', '2026-03-29T00:30:00.000Z', 'Europe/Berlin')).toBe(
      '29.03.2026, 01:30',
    );
    expect(formatDateTime('de', '2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe(
      '29.03.2026, 03:30',
    );
    expect(formatDate('en', '2026-03-29T01:30:00.000Z', 'America/Los_Angeles')).toBe(
      'Mar 28, 2026',
    );
  });

  it('falls back to UTC for a zone the runtime does not know, and leaves a non-date as it is', () => {
    expect(formatDateTime('en', '2026-01-01T12:00:00.000Z', 'Mars/Olympus')).toBe(
      'Jan 1, 2026, 12:00 PM',
    );
    expect(formatDateTime('en', 'soon', 'UTC')).toBe('soon');
  });
});
