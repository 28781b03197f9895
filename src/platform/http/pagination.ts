import { Type } from 'typebox';
import { ValidationError } from '../errors.ts';

export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  cursor: Type.Optional(Type.String({ minLength: 1 })),
});

export const Pagination = Type.Object({
  next_cursor: Type.Union([Type.String(), Type.Null()]),
  has_more: Type.Boolean(),
});

export interface Page<T> {
  data: T[];
  pagination: { next_cursor: string | null; has_more: boolean };
}

/**
 * A cursor is the keyset of the last row of the previous page, base64url JSON: opaque to clients,
 * and a page after it is one index range scan however deep it is.
 */
export function encodeCursor(keys: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): (string | number)[] {
  try {
    const keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(keys) &&
      keys.length === arity &&
      keys.every((key) => typeof key === 'string' || typeof key === 'number')
    ) {
      return keys;
    }
  } catch {
    // falls through to the 400
  }
  throw new ValidationError('cursor is invalid', [
    { message: 'cursor: pass back pagination.next_cursor from the previous page unchanged' },
  ]);
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only says whether there is more.
 */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  keysOf: (row: Row) => readonly (string | number)[],
  toItem: (row: Row) => Item,
): Page<Item> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    data: pageRows.map(toItem),
    pagination: {
      next_cursor: hasMore && last !== undefined ? encodeCursor(keysOf(last)) : null,
      has_more: hasMore,
    },
  };
}
