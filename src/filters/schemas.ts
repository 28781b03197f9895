import { type Static, Type } from 'typebox';
import { FILTER_CATEGORIES, FILTER_TYPES } from './catalog.ts';

export const FilterCatalogEntry = Type.Object({
  slug: Type.String({ examples: ['multi_select--country'] }),
  name: Type.String(),
  type: Type.String({
    enum: [...FILTER_TYPES],
    description: 'Read off the slug: `<type>--<name>`',
  }),
  category: Type.String({ enum: [...FILTER_CATEGORIES] }),
  operators: Type.Array(Type.String(), { examples: [['$in', '$nin']] }),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  options_url: Type.Optional(
    Type.String({ description: 'Absolute URL of the option list; only on fixed-list filters' }),
  ),
});

export const FilterCatalog = Type.Object({ data: Type.Array(FilterCatalogEntry) });

export const FilterOption = Type.Object({ id: Type.String(), name: Type.String() });

export const FilterOptionsParams = Type.Object({ filter_slug: Type.String() });

export const FilterOptionsQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      description: 'Matches ids, names and alternate names, ignoring case and accents',
    }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  country_id: Type.Optional(
    Type.String({ description: 'ISO 3166-1 alpha-2 code; needed by the state and city lists' }),
  ),
  state_id: Type.Optional(
    Type.String({ description: 'State option id (`US-CA`) or bare code (`CA`); narrows cities' }),
  ),
});

export const FilterOptionPage = Type.Object({
  data: Type.Array(FilterOption),
  meta: Type.Object({
    total: Type.Integer({ description: 'Matches across all pages' }),
    page: Type.Integer(),
    per_page: Type.Integer(),
  }),
});

export type FilterCatalogEntryResponse = Static<typeof FilterCatalogEntry>;
export type FilterOptionsQueryInput = Static<typeof FilterOptionsQuery>;
