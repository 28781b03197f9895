import { describe, expect, it } from 'vitest';
import { pageLocale } from './page-locale.ts';

const base = { cookie: undefined, participantLanguage: undefined, pseudoAllowed: false };

describe('pageLocale', () => {
  it('reads Accept-Language by quality, matching a region to its language', () => {
    expect(pageLocale({ ...base, acceptLanguage: 'de-AT,de;q=0.9,en;q=0.8' })).toBe('de');
    expect(pageLocale({ ...base, acceptLanguage: 'ja;q=0.9, fr-CA;q=0.95' })).toBe('fr');
    expect(pageLocale({ ...base, acceptLanguage: 'es-419' })).toBe('es');
  });

  it('falls back to English for languages not shipped, a wildcard, or no header', () => {
    expect(pageLocale({ ...base, acceptLanguage: 'ja, zh-CN;q=0.5' })).toBe('en');
    expect(pageLocale({ ...base, acceptLanguage: '*' })).toBe('en');
    expect(pageLocale({ ...base, acceptLanguage: undefined })).toBe('en');
    expect(pageLocale({ ...base, acceptLanguage: 'de;q=0' })).toBe('en');
  });

  it('prefers the signed-in participant, then the remembered choice, over the browser', () => {
    expect(pageLocale({ ...base, acceptLanguage: 'de', cookie: 'fr' })).toBe('fr');
    expect(
      pageLocale({ ...base, acceptLanguage: 'de', cookie: 'fr', participantLanguage: 'es' }),
    ).toBe('es');
    expect(pageLocale({ ...base, acceptLanguage: 'de', cookie: 'xx' })).toBe('de');
  });

  it('answers in the pseudo-locale only where it is allowed', () => {
    const asked = { ...base, acceptLanguage: 'en-XA, de', participantLanguage: 'fr' as const };
    expect(pageLocale(asked)).toBe('fr');
    expect(pageLocale({ ...asked, pseudoAllowed: true })).toBe('en-XA');
  });
});
