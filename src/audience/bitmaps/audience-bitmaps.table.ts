/**
 * Audience bitmaps (docs/decisions/0190-audience-bitmaps.md): for each facet (container.ts,
 * facets.ts) and chunk of 65,536 audience keys, the members, as of the last fold of that chunk.
 */
export interface AudienceBitmapsTable {
  facet: string;
  chunk: number;
  bits: Uint8Array;
}

/**
 * Participants whose facets may have changed since their chunk was last folded, written by
 * triggers on participants and participant_attributes (migration 0035): a count reads their
 * facets afresh and masks them out of the stored bitmaps; the fold job writes them in and deletes
 * the row, if its version is still the one it read.
 */
export interface AudienceDirtyTable {
  audience_key: number;
  version: number;
}

/** Each chunk's version, moved by every fold that writes it (src/audience/bitmaps/chunk-cache.ts). */
export interface AudienceChunksTable {
  chunk: number;
  version: number;
}
