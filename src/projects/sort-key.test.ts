import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectSortKey } from './sort-key.ts';

const byKey = (names: string[]) =>
  [...names].sort((a, b) => {
    const [x, y] = [projectSortKey(a), projectSortKey(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** Text from the planes where case, marks and compatibility forms live, special cases included. */
const names = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x20, max: 0x2fff }),
      fc.constantFrom(0x130, 0x210c, 0xfb01, 0xff22, 0x1e9e, 0xdf),
    ),
    { maxLength: 12 },
  )
  .map((points) => String.fromCodePoint(...points));

describe('projectSortKey', () => {
  it('orders names as a person reads them: case and accents do not split the list', () => {
    expect(byKey(['Épsilon', 'delta', 'Beta', 'alpha'])).toEqual([
      'alpha',
      'Beta',
      'delta',
      'Épsilon',
    ]);
    expect(byKey(['Zoë', 'zebra', 'Ångström', 'apple', 'Émile', 'eve'])).toEqual([
      'Ångström',
      'apple',
      'Émile',
      'eve',
      'zebra',
      'Zoë',
    ]);
  });

  it('folds compatibility forms: ligatures and full-width letters read as plain ones', () => {
    expect(projectSortKey('ﬁnance')).toBe('finance');
    expect(projectSortKey('Ｂｅｔａ')).toBe('beta');
  });

  it('is stable once applied, and the same for every Unicode form of a name', () => {
    fc.assert(
      fc.property(names, (name) => {
        const key = projectSortKey(name);
        expect(projectSortKey(key)).toBe(key);
        expect(key).not.toMatch(/\p{M}/u);
        for (const form of ['NFC', 'NFD', 'NFKC', 'NFKD'] as const) {
          expect(projectSortKey(name.normalize(form))).toBe(key);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is the same for a name in any case of letters without special casing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (name) => {
        expect(projectSortKey(name.toUpperCase())).toBe(projectSortKey(name.toLowerCase()));
      }),
    );
    expect(projectSortKey('ÉPSILON')).toBe(projectSortKey('épsilon'));
  });
});
