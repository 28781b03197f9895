const LIMIT = 2000;

/**
 * JSON columns parsed once per distinct text: a launched opportunity's screener, quotas and tasks
 * never change, so reads of it reuse the parsed (and mapped) value. Keyed by the text itself, so a
 * changed column can never be served stale. Values are shared: callers must not mutate them.
 */
export function cachedJson<T>(
  cache: Map<string, T>,
  text: string,
  map: (parsed: unknown) => T = (parsed) => parsed as T,
): T {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const value = map(JSON.parse(text));
  if (cache.size >= LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(text, value);
  return value;
}
