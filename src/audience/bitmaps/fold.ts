import { sql } from 'kysely';
import type { Database, Db, Engine } from '../../platform/db/database.ts';
import {
  andNotInto,
  decodeChunk,
  emptyWords,
  encodeChunk,
  encodeOffsets,
  hasBit,
  listOffsets,
  offsetOf,
  sameBytes,
  setBit,
  type Words,
} from './container.ts';
import {
  clearDirty,
  dirtyChunks,
  moveChunkVersion,
  readChunk,
  readDirtyInChunk,
  readPeopleFacets,
  writeChunk,
} from './store.ts';

/** Past this many dirty participants in a chunk, the chunk's people are read as one range. */
const READ_WHOLE_CHUNK_FROM = 2_000;
/** An arbitrary constant that names the fold's lock on PostgreSQL. */
const FOLD_LOCK = 190_190;

/**
 * Folds the dirty participants of up to `limit` chunks into the stored bitmaps
 * (docs/decisions/0190-audience-bitmaps.md); how many were folded, and whether more wait.
 */
export async function foldDirty(
  database: Database,
  limit: number,
): Promise<{ folded: number; more: boolean }> {
  const chunks = await dirtyChunks(database.db, limit + 1);
  let folded = 0;
  for (const chunk of chunks.slice(0, limit)) {
    folded += await foldChunk(database.db, database.engine, chunk);
  }
  return { folded, more: chunks.length > limit };
}

/**
 * Writes what one chunk's dirty participants hold now into its bitmaps: each of their bits cleared
 * from every facet of the chunk (what they held before is not known), then set in the facets they
 * have now. Their facets are read before the transaction; a write since then moved the version of
 * their dirty row, which then stays (clearDirty) and masks whatever was written for them here.
 * In a transaction of the caller's when `db` is one.
 */
export async function foldChunk(db: Db, engine: Engine, chunk: number): Promise<number> {
  const dirty = await readDirtyInChunk(db, chunk);
  if (dirty.size === 0) return 0;
  const now = await readPeopleFacets(
    db,
    dirty.size >= READ_WHOLE_CHUNK_FROM ? { chunk } : { keys: [...dirty.keys()] },
  );
  const mask = emptyWords();
  for (const key of dirty.keys()) setBit(mask, offsetOf(key));

  const write = async (trx: Db) => {
    // One fold at a time, should two workers ever run the job at once: the second reads the
    // chunk as the first left it.
    if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${FOLD_LOCK})`.execute(trx);
    const members = new Map<string, Members>();
    const before = new Map<string, Uint8Array>();
    for (const row of await readChunk(trx, chunk)) {
      before.set(row.facet, row.bits);
      const offsets = listOffsets(row.bits);
      if (offsets) {
        members.set(row.facet, { offsets: offsets.filter((offset) => !hasBit(mask, offset)) });
      } else {
        const words = decodeChunk(row.bits);
        andNotInto(words, mask);
        members.set(row.facet, { words });
      }
    }
    for (const [facet, keys] of now) {
      let held = members.get(facet);
      if (!held) {
        held = { offsets: [] };
        members.set(facet, held);
      }
      for (const key of keys) {
        // A whole chunk was read: only its dirty participants are written.
        if (!dirty.has(key)) continue;
        if (held.words) setBit(held.words, offsetOf(key));
        else held.offsets.push(offsetOf(key));
      }
    }
    const put: { facet: string; bits: Uint8Array }[] = [];
    const drop: string[] = [];
    for (const [facet, held] of members) {
      const bits = held.words
        ? encodeChunk(held.words)
        : encodeOffsets([...new Set(held.offsets)].sort((a, b) => a - b));
      const was = before.get(facet);
      if (bits.byteLength === 0) {
        if (was) drop.push(facet);
      } else if (!was || !sameBytes(was, bits)) put.push({ facet, bits });
    }
    await writeChunk(trx, chunk, { put, drop });
    if (put.length > 0 || drop.length > 0) await moveChunkVersion(trx, chunk);
    await clearDirty(trx, engine, dirty);
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return dirty.size;
}

type Members = { words: Words; offsets?: never } | { offsets: number[]; words?: never };

/**
 * Folds every participant waiting, chunk by chunk, until none waits: what `cohort panel seed`
 * runs after loading, so a `serve` started next counts on current bitmaps at once, rather than
 * folding a whole panel in its own process while it answers requests.
 */
export async function foldAll(database: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const { folded, more } = await foldDirty(database, 16);
    total += folded;
    if (folded === 0 && !more) break;
  }
  if (database.engine === 'postgres' && total > 0) {
    // The marks just deleted stay in the table as dead rows until a vacuum: every count reads
    // the marks first, and read through a million dead ones it took some 40 ms at a million
    // (`npm run bench panel`), until autovacuum came by.
    await sql`vacuum (analyze) audience_dirty, audience_bitmaps, audience_chunks`.execute(
      database.db,
    );
  }
  return total;
}
