import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openSecret, openSecretForAttempt, sealSecret } from './secret-at-rest.ts';

describe('openSecretForAttempt', () => {
  const settings = loadConfig({});

  it('opens what openSecret opens, and a secret rotated on the same subscription afresh', () => {
    const first = sealSecret(settings, 'wh_1', 'whsec_first');
    expect(openSecretForAttempt(settings, 'wh_1', first)).toBe('whsec_first');
    expect(openSecretForAttempt(settings, 'wh_1', first)).toBe(openSecret(settings, 'wh_1', first));
    const rotated = sealSecret(settings, 'wh_1', 'whsec_rotated');
    expect(openSecretForAttempt(settings, 'wh_1', rotated)).toBe('whsec_rotated');
  });

  it('still refuses a sealed value copied onto another subscription', () => {
    const sealed = sealSecret(settings, 'wh_a', 'whsec_a');
    expect(openSecretForAttempt(settings, 'wh_a', sealed)).toBe('whsec_a');
    expect(() => openSecretForAttempt(settings, 'wh_b', sealed)).toThrow();
  });
});
