import { describe, expect, it } from 'vitest';
import { reputationColumn } from '../filters/catalog.ts';
import {
  filterCatalog,
  filterDefinition,
  hasFilterLabel,
  searchFilterOptions,
} from '../filters/index.ts';
import { attributeField, attributesFromForm, profileFields } from './profile-form.ts';

const catalog = () =>
  filterCatalog().map((entry) => ({ entry, source: filterDefinition(entry.slug)?.source }));

describe('the profile form from the filter catalog', () => {
  it('has a field for every filter a participant can hold, and none for reference filters', () => {
    const fields = profileFields(catalog());
    const slugs = fields.map((field) => field.slug);
    expect(slugs).toContain('multi_select--seniority');
    expect(slugs).toContain('integer--age');
    expect(fields.filter((field) => field.kind === 'place').map((f) => f.slug)).toEqual([
      'multi_select--country',
      'multi_select--state',
      'multi_select--city',
    ]);
    expect(slugs.some((slug) => slug.startsWith('reference--'))).toBe(false);
    // The record of decisions is kept by the service, not answered (docs/decisions/0168-reputation.md).
    // So is the count of no-shows at lab sessions (docs/decisions/0179-no-shows.md), read from the same row.
    expect(slugs).not.toContain('integer--approval_rate');
    expect(slugs).not.toContain('integer--no_shows');
    const holdable = filterCatalog().filter(
      (entry) => entry.type !== 'reference' && reputationColumn(entry.slug) === undefined,
    );
    expect(fields).toHaveLength(holdable.length);
  });

  it('grows with the catalog: a new fixed filter is a new field', () => {
    const added = {
      entry: {
        slug: 'multi_select--pets',
        name: 'Pets',
        type: 'multi_select' as const,
        category: 'household' as const,
        operators: ['$in'],
      },
      source: { kind: 'fixed' },
    };
    const fields = profileFields([...catalog(), added]);
    expect(fields.at(-1)).toEqual({
      kind: 'attribute',
      slug: 'multi_select--pets',
      name: 'Pets',
      category: 'household',
    });
  });

  it('has every question and every fixed option named for participants', () => {
    const unnamed: string[] = [];
    for (const field of profileFields(catalog())) {
      if (field.kind === 'birth_date') continue;
      if (!hasFilterLabel(field.slug)) unnamed.push(field.slug);
      if (field.kind !== 'attribute') continue;
      for (const option of searchFilterOptions(field.slug, { page: 1, perPage: 1000 })?.data ??
        []) {
        if (!hasFilterLabel(field.slug, option.id)) unnamed.push(`${field.slug}.${option.id}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('reads checked options back, without blanks or repeats', () => {
    const fields = profileFields(catalog());
    expect(
      attributesFromForm(fields, {
        [attributeField('multi_select--seniority')]: 'senior\n\nsenior',
        [attributeField('multi_select--gender')]: '',
      }),
    ).toEqual({ 'multi_select--seniority': ['senior'] });
  });
});
