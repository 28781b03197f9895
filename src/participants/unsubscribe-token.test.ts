import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { participantOfUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

describe('unsubscribe tokens', () => {
  it('name their participant, and only under the secret that signed them', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^par_[\w-]{1,40}$/),
        fc.string({ minLength: 8 }),
        (id, secret) => {
          const token = unsubscribeToken(secret, id);
          expect(participantOfUnsubscribeToken(secret, token)).toBe(id);
          expect(participantOfUnsubscribeToken(`${secret}x`, token)).toBeUndefined();
        },
      ),
    );
  });

  it('refuse a token changed to name someone else, or cut short', () => {
    const token = unsubscribeToken('secret-one', 'par_ana');
    const [, signature] = token.split('.');
    expect(participantOfUnsubscribeToken('secret-one', `par_bob.${signature}`)).toBeUndefined();
    expect(participantOfUnsubscribeToken('secret-one', token.slice(0, -2))).toBeUndefined();
    expect(participantOfUnsubscribeToken('secret-one', 'par_ana')).toBeUndefined();
    expect(participantOfUnsubscribeToken('secret-one', '.abc')).toBeUndefined();
  });
});
