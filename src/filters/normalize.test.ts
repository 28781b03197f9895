import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeText('São Paulo')).toBe('sao paulo');
    expect(normalizeText('MÜNCHEN')).toBe('munchen');
    expect(normalizeText('Saint-Étienne')).toBe('saint etienne');
    expect(normalizeText('  Łódź ')).toBe('lodz');
    expect(normalizeText('Straße')).toBe('strasse');
    expect(normalizeText('US-CA')).toBe('us ca');
  });

  it('is idempotent and never leaves upper case or double spaces', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = normalizeText(text);
        expect(normalizeText(once)).toBe(once);
        expect(once).not.toMatch(/ {2}|^ | $/);
        expect(once).toBe(once.toLowerCase());
      }),
    );
  });
});
