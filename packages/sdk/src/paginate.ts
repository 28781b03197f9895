import type { Client } from 'openapi-fetch';
import { CohortApiError } from './errors.ts';
import type { components, paths } from './schema.ts';

type Pagination = components['schemas']['Pagination'];

type JsonOf<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The paths whose GET answers the contract's cursor envelope `{data, pagination}`. */
export type PaginatedPath = {
  [P in keyof paths]: paths[P] extends { get: infer Operation }
    ? JsonOf<Operation> extends { data: unknown[]; pagination: Pagination }
      ? P
      : never
    : never;
}[keyof paths];

type Operation<P extends PaginatedPath> = paths[P] extends { get: infer O } ? O : never;

/** One element of a paginated path's `data`: a Project for `/projects`, and so on. */
export type ItemOf<P extends PaginatedPath> =
  JsonOf<Operation<P>> extends { data: (infer Item)[] } ? Item : never;

type Parameters<P extends PaginatedPath> =
  Operation<P> extends { parameters: infer Params } ? Params : never;

/** The path and query parameters of a list, less the cursor, which paginate owns. */
export type PaginateParams<P extends PaginatedPath> = Omit<Parameters<P>, 'query'> & {
  query?: Omit<NonNullable<Parameters<P> extends { query?: infer Q } ? Q : never>, 'cursor'>;
};

export interface PaginateOptions<P extends PaginatedPath> {
  params?: PaginateParams<P>;
  /** Stop after this many items in all. */
  maxItems?: number;
  signal?: AbortSignal;
}

/**
 * Every item of a cursor-paginated list, page after page, for `for await`. Passes each page's
 * `next_cursor` back while `has_more` is true, as the contract says; `params.query.limit` sets the
 * page size (1 to 100). A page that fails throws a CohortApiError.
 */
export async function* paginate<P extends PaginatedPath>(
  client: Client<paths>,
  path: P,
  options: PaginateOptions<P> = {},
): AsyncGenerator<ItemOf<P>, void, undefined> {
  const params = (options.params ?? {}) as { path?: unknown; query?: Record<string, unknown> };
  let cursor: string | undefined;
  let yielded = 0;
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  if (maxItems <= 0) return;
  for (;;) {
    const query = { ...params.query, ...(cursor === undefined ? {} : { cursor }) };
    // The generic path type is proven paginated above; openapi-fetch cannot see through it.
    const get = client.GET as (
      path: string,
      init: object,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, {
      params: { ...params, query },
      signal: options.signal,
    });
    if (error !== undefined || !data) throw new CohortApiError(response.status, error);
    const page = data as { data: ItemOf<P>[]; pagination: Pagination };
    for (const item of page.data) {
      yield item;
      yielded += 1;
      // Checked before the next page is asked for, so no request is wasted.
      if (yielded >= maxItems) return;
    }
    if (!page.pagination.has_more || page.pagination.next_cursor === null) return;
    cursor = page.pagination.next_cursor;
  }
}
