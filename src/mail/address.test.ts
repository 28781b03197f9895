import { describe, expect, it } from 'vitest';
import { isMailableAddress } from './address.ts';

describe('isMailableAddress', () => {
  it('takes one plain mailbox', () => {
    for (const address of [
      'ada@example.org',
      'ada.lovelace+cohort@mail.example.co.uk',
      "o'brien@example.org",
      'user@localhost',
      'jürgen@bücher.example',
    ]) {
      expect(isMailableAddress(address), address).toBe(true);
    }
  });

  it('refuses what could be read as several recipients, a name, or no mailbox', () => {
    for (const address of [
      '',
      'ada',
      '@example.org',
      'ada@',
      'ada@@example.org',
      'a@b@example.org',
      'ada@example.org, eve@example.org',
      'ada@example.org,eve@example.org',
      'ada@example.org;eve@example.org',
      'Eve <eve@example.org>',
      '"eve"@example.org',
      'ada(eve@example.org)@example.org',
      'ada @example.org',
      'ada@example.org\r\nBcc: eve@example.org',
      'ada@example..org',
      'ada@.example.org',
      'ada@example.org.',
      `${'a'.repeat(65)}@example.org`,
      `ada@${'a'.repeat(250)}.org`,
    ]) {
      expect(isMailableAddress(address), JSON.stringify(address)).toBe(false);
    }
  });
});
