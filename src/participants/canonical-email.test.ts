import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalEmail,
  DOTS_AND_TAGS_PROVIDERS,
  mailboxTakenMessage,
  sameMailboxRule,
  TAG_PROVIDERS,
} from './canonical-email.ts';

const localChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-'.split(''));
const word = fc.array(localChar, { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
const local = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join('.'));
const tag = word.map((w) => `+${w}`);
const otherDomain = fc.constantFrom('example.org', 'lab.example.edu', 'yahoo.com', 'gmx.de');
const anyDomain = fc.oneof(
  fc.constantFrom(...DOTS_AND_TAGS_PROVIDERS, ...TAG_PROVIDERS),
  otherDomain,
);
const address = fc
  .tuple(local, fc.option(tag, { nil: '' }), anyDomain)
  .map(([l, t, d]) => `${l}${t}@${d}`);

/** Upper-cases some letters and adds spaces around, as people type addresses. */
const retyped = (email: string, mask: boolean[]) =>
  ` ${[...email].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c)).join('')} `;

describe('canonicalEmail', () => {
  it('drops dots and a +tag at Gmail, and reads googlemail.com as gmail.com', () => {
    expect(canonicalEmail('Ana.Lima+panel@Gmail.com')).toBe('analima@gmail.com');
    expect(canonicalEmail('a.n.a.lima@googlemail.com')).toBe('analima@gmail.com');
    expect(canonicalEmail('analima@gmail.com')).toBe('analima@gmail.com');
  });

  it('drops only the +tag at providers that ignore tags', () => {
    expect(canonicalEmail('ana.lima+studies@outlook.com')).toBe('ana.lima@outlook.com');
    expect(canonicalEmail('ana.lima+a+b@icloud.com')).toBe('ana.lima@icloud.com');
    expect(canonicalEmail('ana.lima@fastmail.com')).toBe('ana.lima@fastmail.com');
  });

  it('keeps dots and tags at other domains, whose servers may route them anywhere', () => {
    expect(canonicalEmail(' Ana.Lima+lab@Example.org ')).toBe('ana.lima+lab@example.org');
    expect(canonicalEmail('ana.lima+x@yahoo.com')).toBe('ana.lima+x@yahoo.com');
  });

  it('never empties the local part', () => {
    expect(canonicalEmail('+tag@gmail.com')).toBe('+tag@gmail.com');
    expect(canonicalEmail('...@gmail.com')).toBe('...@gmail.com');
    expect(canonicalEmail('not-an-address')).toBe('not-an-address');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(address, (email) => {
        const once = canonicalEmail(email);
        expect(canonicalEmail(once)).toBe(once);
      }),
    );
  });

  it('ignores case and surrounding spaces everywhere', () => {
    fc.assert(
      fc.property(address, fc.array(fc.boolean(), { minLength: 1 }), (email, mask) => {
        expect(canonicalEmail(retyped(email, mask))).toBe(canonicalEmail(email));
      }),
    );
  });

  it('maps every dotted or tagged Gmail spelling to one mailbox', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.option(tag, { nil: '' }),
        fc.constantFrom(...DOTS_AND_TAGS_PROVIDERS),
        (words, t, domain) => {
          expect(canonicalEmail(`${words.join('.')}${t}@${domain}`)).toBe(
            `${words.join('')}@gmail.com`,
          );
        },
      ),
    );
  });

  it('maps a tagged address to the untagged one at tag providers, and keeps its dots', () => {
    fc.assert(
      fc.property(local, tag, fc.constantFrom(...TAG_PROVIDERS), (l, t, domain) => {
        expect(canonicalEmail(`${l}${t}@${domain}`)).toBe(`${l}@${domain}`);
      }),
    );
  });

  it('changes nothing but case and spaces at other domains', () => {
    fc.assert(
      fc.property(local, fc.option(tag, { nil: '' }), otherDomain, (l, t, domain) => {
        expect(canonicalEmail(`${l}${t}@${domain}`)).toBe(`${l}${t}@${domain}`);
      }),
    );
  });

  it('keeps different mailboxes apart: different untagged, undotted names never meet', () => {
    fc.assert(
      fc.property(word, word, anyDomain, (a, b, domain) => {
        fc.pre(a !== b);
        expect(canonicalEmail(`${a}@${domain}`)).not.toBe(canonicalEmail(`${b}@${domain}`));
      }),
    );
  });
});

describe('the rule a 409 names', () => {
  it('says what makes two addresses the same mailbox at the address’s provider', () => {
    expect(mailboxTakenMessage('ana.lima+x@gmail.com')).toBe(
      'email: an account already exists for this address (addresses that differ only by dots or a +tag are the same mailbox at this provider)',
    );
    expect(sameMailboxRule('ana@outlook.com')).toBe(
      'addresses that differ only by a +tag are the same mailbox at this provider',
    );
    expect(sameMailboxRule('ana@example.org')).toBe(
      'addresses that differ only in upper and lower case are the same mailbox',
    );
  });
});
