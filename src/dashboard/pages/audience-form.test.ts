import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterCatalog } from '../../filters/index.ts';
import {
  filtersAsForm as asFormOf,
  chosenFilters as chosenOf,
  withAudienceEdit as editOf,
  fieldsOf,
  filterMatches,
  offeredFilters,
} from './audience-form.ts';
import { newStudyBody } from './new-study-form.ts';

const catalog = filterCatalog();
const audienceFilters = () => offeredFilters(catalog);
const chosenFilters = (form: Record<string, string>) => chosenOf(form, audienceFilters());
const withAudienceEdit = (form: Record<string, string>) => editOf(form, audienceFilters());
/** Option names are the geography's; states and cities are not generated here. */
const filtersAsForm = (filters: Record<string, unknown>[]) => asFormOf(filters, () => undefined);
const offered = audienceFilters().filter((filter) => filter.kind !== 'places');

/** A filter of the catalog as the API takes it: a range's bounds, or a list's ids in or out. */
const filterOf = (filter: (typeof offered)[number]) =>
  filter.kind === 'range'
    ? fc
        .record(
          { $gte: fc.integer({ min: 0, max: 200 }), $lte: fc.integer({ min: 0, max: 200 }) },
          {
            requiredKeys: [],
          },
        )
        .filter((bounds) => Object.keys(bounds).length > 0)
        .map((bounds) => ({ [filter.key]: bounds }))
    : fc
        .record({
          ids: fc.uniqueArray(fc.constantFrom('DE', 'senior', '3', 'a_b', 'x1', 'none'), {
            minLength: 1,
            maxLength: 4,
          }),
          out: fc.boolean(),
        })
        .map(({ ids, out }) => ({ [filter.key]: { [out ? '$nin' : '$in']: ids } }));

describe('the audience step', () => {
  it('reads a draft’s filters back into the form, which gives the same filters again', () => {
    fc.assert(
      fc.property(
        fc
          .subarray(offered, { minLength: 0, maxLength: 6 })
          .chain((chosen) => fc.tuple(...chosen.map(filterOf))),
        (filters) => {
          const form = filtersAsForm(filters);
          expect(newStudyBody(form, catalog).body.filters).toEqual(filters);
          // Each filter read back is shown on the step, none other.
          expect(chosenFilters(form).map((filter) => filter.key)).toEqual(
            filters.map((filter) => Object.keys(filter)[0]),
          );
        },
      ),
    );
  });

  it('adds a filter with no value yet, and removes one with its values, the others untouched', () => {
    fc.assert(
      fc.property(fc.constantFrom(...audienceFilters()), (filter) => {
        const added = withAudienceEdit({ add: filter.key, 'filter.integer--age.min': '30' });
        expect(chosenFilters(added).map((chosen) => chosen.key)).toContain(filter.key);
        expect(added.add).toBeUndefined();
        const filled = Object.fromEntries(fieldsOf(filter).map((name) => [name, '7']));
        const removed = withAudienceEdit({ ...added, ...filled, remove: filter.key });
        expect(chosenFilters(removed).map((chosen) => chosen.key)).not.toContain(filter.key);
        for (const name of fieldsOf(filter)) expect(removed[name]).toBeUndefined();
        if (filter.key !== 'integer--age') expect(removed['filter.integer--age.min']).toBe('30');
      }),
    );
  });

  it('finds filters by name or kind, ignoring case and accents, and nothing for nothing', () => {
    const found = (search: string) =>
      audienceFilters()
        .filter((filter) => filterMatches(filter, search))
        .map((filter) => filter.name);
    expect(found('INCOME')).toEqual(['Household income (USD)']);
    expect(found('locátion')).toEqual(expect.arrayContaining(['Country', 'Cities']));
    expect(found('  ')).toEqual([]);
  });
});
