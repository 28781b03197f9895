import { assertNoIssues, ValidationError } from '../platform/errors.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { catalogEntryToWire } from './catalog-view.ts';
import { filterCatalog, findFilter, searchFilterOptions } from './geography-filters.ts';
import { locationQueryIssues } from './location-query.ts';
import {
  FilterCatalog,
  FilterOptionPage,
  FilterOptionsParams,
  FilterOptionsQuery,
} from './schemas.ts';

export function filterRoutes(app: App, { config }: AppContext) {
  // The catalog is the same for every organization and never changes while the process runs.
  const catalog = {
    data: filterCatalog().map((entry) => catalogEntryToWire(entry, config.publicUrl)),
  };

  app.get(
    '/filters',
    {
      schema: {
        tags: ['Filters'],
        summary: 'The audience filter catalog (same for every organization)',
        response: { 200: FilterCatalog, ...errorResponses() },
      },
    },
    async () => catalog,
  );

  app.get(
    '/filters/:filter_slug/options',
    {
      schema: {
        tags: ['Filters'],
        summary: "One page of a filter's options matching a search",
        description:
          'States need country_id; cities need country_id and may be narrowed by state_id. ' +
          'A filter without options_url answers an empty list; an unknown slug is a 400.',
        params: FilterOptionsParams,
        querystring: FilterOptionsQuery,
        response: { 200: FilterOptionPage, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const slug = request.params.filter_slug;
      const { search, country_id, state_id } = request.query;
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 50;
      if (!findFilter(slug)) {
        throw new ValidationError(`Unknown filter_slug "${slug}"`, [
          { message: `filter_slug: "${slug}" is not in the catalog; GET /v2/filters lists them` },
        ]);
      }
      assertNoIssues(locationQueryIssues(slug, request.query));
      const found = searchFilterOptions(slug, {
        search,
        page,
        perPage,
        countryId: country_id?.trim() || undefined,
        stateId: state_id?.trim() || undefined,
      });
      return {
        data: found?.data ?? [],
        meta: { total: found?.total ?? 0, page, per_page: perPage },
      };
    },
  );
}
