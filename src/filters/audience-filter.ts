/**
 * One element of an opportunity's `filters` (docs/api/audience-filters.md): `{<slug>: {<operator>:
 * <operand>}}`. Validation checks the raw JSON; matching and selectivity read it through
 * `filterClauses`, which skips whatever is not of that shape (they are only given validated
 * filters).
 */
export type AudienceFilter = Record<string, Record<string, unknown>>;

export interface FilterClause {
  slug: string;
  operators: Record<string, unknown>;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function filterClauses(filters: unknown): FilterClause[] {
  if (!Array.isArray(filters)) return [];
  const clauses: FilterClause[] = [];
  for (const element of filters) {
    if (!isPlainObject(element)) continue;
    const keys = Object.keys(element);
    if (keys.length !== 1) continue;
    const slug = keys[0]!;
    const operators = element[slug];
    if (isPlainObject(operators)) clauses.push({ slug, operators });
  }
  return clauses;
}

/** The strings of an operand that should be an array of ids; others are dropped. */
export function idList(operand: unknown): string[] {
  return Array.isArray(operand) ? operand.filter((id): id is string => typeof id === 'string') : [];
}
