import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize.ts';
import { OptionIndex } from './option-index.ts';

const WORDS = [
  'san',
  'sao',
  'paulo',
  'são',
  'francisco',
  'münchen',
  'new',
  'york',
  'lyon',
  'st',
  'Ñandú',
];
const text = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '));
const options = fc
  .uniqueArray(fc.record({ name: text, aliases: fc.array(text, { maxLength: 2 }) }), {
    maxLength: 30,
  })
  .map((list) => list.map((option, at) => ({ id: `id${at}`, ...option })));
const query = fc.oneof(text, fc.constantFrom('', 's', 'SA', 'Sao P', 'york', 'id1', 'zzz'));

/** The index's contract: some id, name or alias, or a later word of one, starts with the query. */
const matches = (option: { id: string; name: string; aliases: readonly string[] }, q: string) => {
  const wanted = normalizeText(q);
  return [option.id, option.name, ...option.aliases].some((textValue) => {
    const words = normalizeText(textValue).split(' ');
    return words.some((_, at) => words.slice(at).join(' ').startsWith(wanted));
  });
};

describe('OptionIndex', () => {
  it('finds exactly the options matching the normalized query, each once', () => {
    fc.assert(
      fc.property(options, query, (list, q) => {
        const index = new OptionIndex(list);
        const found = index.search(q);
        expect(new Set(found).size).toBe(found.length);
        const expected = list.flatMap((option, rank) => (matches(option, q) ? [rank] : []));
        expect([...found].sort((a, b) => a - b)).toEqual(expected);
      }),
    );
  });

  it('lists exact matches first, then name prefixes, then the rest, in rank order within each', () => {
    const index = new OptionIndex([
      { id: 'a', name: 'Greater San Jose', aliases: [] },
      { id: 'b', name: 'Sanford', aliases: [] },
      { id: 'c', name: 'Elsewhere', aliases: ['San'] },
      { id: 'd', name: 'San Jose', aliases: [] },
      { id: 'e', name: 'Elsewhere too', aliases: ['Sankt Anything'] },
    ]);
    const ids = index.search('san').map((rank) => index.option(rank).id);
    expect(ids).toEqual(['c', 'b', 'd', 'e', 'a']);
  });

  it('narrows by rank with accept, and an empty query lists everything in rank order', () => {
    const index = new OptionIndex([
      { id: 'a', name: 'Alpha', aliases: [] },
      { id: 'b', name: 'Beta', aliases: [] },
      { id: 'c', name: 'Alpha Centauri', aliases: [] },
    ]);
    expect(index.search('')).toEqual([0, 1, 2]);
    expect(index.search('alpha', (rank) => rank !== 0)).toEqual([2]);
    expect(index.search('alpha')).toEqual([0, 2]);
  });

  it('finds options by exact id, name or alias, never by a later word alone', () => {
    const index = new OptionIndex([{ id: 'x1', name: 'São Paulo', aliases: ['Sampa'] }]);
    expect(index.exact('sao paulo').map((option) => option.id)).toEqual(['x1']);
    expect(index.exact('SAMPA').map((option) => option.id)).toEqual(['x1']);
    expect(index.exact('X1').map((option) => option.id)).toEqual(['x1']);
    expect(index.exact('paulo')).toEqual([]);
  });

  it('answers the same whichever of get, exact and search is asked first (the keys are built on first need)', () => {
    fc.assert(
      fc.property(options, query, fc.constantFrom('get', 'exact', 'search'), (list, q, first) => {
        const fresh = new OptionIndex(list);
        const warmed = new OptionIndex(list);
        if (first === 'get') warmed.get('id0');
        else if (first === 'exact') warmed.exact(q);
        else warmed.search(q);
        expect(warmed.search(q)).toEqual(fresh.search(q));
        expect(warmed.exact(q)).toEqual(new OptionIndex(list).exact(q));
        for (const option of list) expect(warmed.get(option.id)).toBe(option);
      }),
    );
  });
});
