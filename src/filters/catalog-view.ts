import type { FilterCatalogEntry } from './geography-filters.ts';
import type { FilterCatalogEntryResponse } from './schemas.ts';

/**
 * Catalog entry to wire shape. The domain keeps `options_url` as the API path; on the wire it is
 * an absolute URL under the public URL, so a client can follow it as it stands.
 */
export function catalogEntryToWire(
  entry: FilterCatalogEntry,
  publicUrl: string,
): FilterCatalogEntryResponse {
  const { options_url, ...rest } = entry;
  return options_url ? { ...rest, options_url: `${publicUrl}${options_url}` } : rest;
}
