import { type SelectQueryBuilder, type StringReference, sql } from 'kysely';
import { decodeCursor } from '../http/pagination.ts';

/**
 * One page of a list ordered by a single unique, indexed key (a time-ordered id, a start time):
 * rows past the cursor's key, in order, one more than the page holds so the caller knows whether
 * another page follows (src/platform/http/pagination.ts). Every page is an index seek, page 1,000 as
 * cheap as page 1.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  key: StringReference<DB, TB>,
  direction: 'asc' | 'desc',
  page: { cursor?: string; limit: number },
): SelectQueryBuilder<DB, TB, O> {
  let paged = query;
  if (page.cursor) {
    const [after] = decodeCursor(page.cursor, 1);
    // As SQL: the key's value type is not known to a helper generic over every table.
    const past = sql.raw(direction === 'desc' ? '<' : '>');
    paged = paged.where(sql<boolean>`${sql.ref(key)} ${past} ${String(after)}`);
  }
  return paged.orderBy(key, direction).limit(page.limit + 1);
}
