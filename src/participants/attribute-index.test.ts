import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributePairs } from './attribute-index.ts';

describe('attributePairs', () => {
  it('lists each slug and option once', () => {
    expect(
      attributePairs(
        JSON.stringify({
          'multi_select--language': ['en', 'de', 'en'],
          'multi_select--seniority': ['senior'],
          'multi_select--gender': [],
        }),
      ),
    ).toEqual([
      { slug: 'multi_select--language', option_id: 'en' },
      { slug: 'multi_select--language', option_id: 'de' },
      { slug: 'multi_select--seniority', option_id: 'senior' },
    ]);
  });

  it('stands for no rows where matching would find no options', () => {
    expect(attributePairs('{}')).toEqual([]);
    expect(attributePairs('not json')).toEqual([]);
    expect(attributePairs('[["a"]]')).toEqual([]);
    expect(attributePairs('null')).toEqual([]);
    expect(attributePairs('{"multi_select--gender": "female", "x": [1, null]}')).toEqual([]);
  });

  it('holds exactly the options of the JSON, whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.array(fc.constantFrom('a', 'b', 'c', 'd'))),
        (attributes) => {
          const pairs = attributePairs(JSON.stringify(attributes));
          const expected = new Set(
            Object.entries(attributes).flatMap(([slug, ids]) =>
              ids.map((id) => JSON.stringify([slug, id])),
            ),
          );
          const got = pairs.map((pair) => JSON.stringify([pair.slug, pair.option_id]));
          expect(new Set(got)).toEqual(expected);
          expect(got.length).toBe(expected.size);
        },
      ),
    );
  });
});
