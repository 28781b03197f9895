import { PostgresAdapter, sql } from 'kysely';
import type { AudiencePredicate } from '../../filters/index.ts';
import type { Db, Engine } from '../../platform/db/database.ts';
import { readerFor } from '../../platform/db/sqlite-reader.ts';
import { membersOf, takersOf } from '../count-query.ts';
import { CHUNK_KEYS } from './container.ts';
import { visitFacets } from './facets.ts';

/** Keys per `in (...)` list: well under SQLite's 32,766 parameters. */
const KEYS_PER_LIST = 500;

export interface StoredChunk {
  facet: string;
  chunk: number;
  bits: Uint8Array;
}

/** The dirty participants (audience key to version), or undefined when more than `limit`. */
export async function readDirty(db: Db, limit: number): Promise<Map<number, number> | undefined> {
  const rows = await db
    .selectFrom('audience_dirty')
    .select(['audience_key', 'version'])
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) return undefined;
  return new Map(rows.map((row) => [Number(row.audience_key), Number(row.version)]));
}

/** The dirty participants of one chunk. */
export async function readDirtyInChunk(db: Db, chunk: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('audience_dirty')
    .select(['audience_key', 'version'])
    .where('audience_key', '>=', chunk * CHUNK_KEYS)
    .where('audience_key', '<', (chunk + 1) * CHUNK_KEYS)
    .execute();
  return new Map(rows.map((row) => [Number(row.audience_key), Number(row.version)]));
}

/** Chunks holding dirty participants, lowest first. */
export async function dirtyChunks(db: Db, limit: number): Promise<number[]> {
  const { rows } = await sql<{ chunk: number | string }>`
    select distinct audience_key / ${sql.lit(CHUNK_KEYS)} as chunk
    from audience_dirty order by chunk limit ${limit}
  `.execute(db);
  return rows.map((row) => Number(row.chunk));
}

/**
 * Every stored chunk of these facets. One statement text whatever their number (a JSON array on
 * SQLite, an array on PostgreSQL), so one prepared statement serves every count; on SQLite outside
 * a transaction it runs on the read-only connection, without holding the writer, and its rows are
 * not remembered (they are large, and seldom asked for again).
 */
export async function readFacetChunks(
  db: Db,
  facets: readonly string[],
  chunks?: readonly number[],
): Promise<StoredChunk[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const inChunks = chunks
    ? postgres
      ? sql` and chunk = any(${chunks}::int[])`
      : sql` and chunk in (select value from json_each(${JSON.stringify(chunks)}))`
    : sql``;
  const query = postgres
    ? sql<StoredChunk>`select facet, chunk, encode(bits, 'base64') as bits from audience_bitmaps where facet = any(${facets}::text[])${inChunks}`
    : sql<StoredChunk>`select facet, chunk, bits from audience_bitmaps where facet in (select value from json_each(${JSON.stringify(facets)}))${inChunks}`;
  const reader = db.isTransaction ? undefined : readerFor(db);
  const compiled = query.compile(db);
  const rows =
    reader?.allFresh<StoredChunk>(compiled.sql, compiled.parameters) ??
    (await db.executeQuery(compiled)).rows;
  return rows.map((row) => ({
    facet: row.facet,
    chunk: Number(row.chunk),
    // PostgreSQL's bytea as base64, a third longer than the bytes where the driver's hex is twice
    // as long; Node decodes either natively.
    bits: typeof row.bits === 'string' ? Buffer.from(row.bits, 'base64') : row.bits,
  }));
}

/** Each chunk's version (on SQLite remembered by the read-only connection until a write). */
export async function readChunkVersions(db: Db): Promise<Map<number, number>> {
  const compiled = db.selectFrom('audience_chunks').select(['chunk', 'version']).compile();
  const reader = db.isTransaction ? undefined : readerFor(db);
  const rows = reader
    ? reader.all<{ chunk: number; version: number }>(compiled.sql, compiled.parameters)
    : (await db.executeQuery(compiled)).rows;
  return new Map(rows.map((row) => [Number(row.chunk), Number(row.version)]));
}

/** Moves a chunk's version, in the transaction of the fold that wrote it. */
export async function moveChunkVersion(trx: Db, chunk: number): Promise<void> {
  await trx
    .insertInto('audience_chunks')
    .values({ chunk, version: 1 })
    .onConflict((oc) =>
      oc.column('chunk').doUpdateSet({ version: sql`audience_chunks.version + 1` }),
    )
    .execute();
}

/** Every stored facet of one chunk. */
export async function readChunk(db: Db, chunk: number): Promise<StoredChunk[]> {
  const rows = await db
    .selectFrom('audience_bitmaps')
    .select(['facet', 'chunk', 'bits'])
    .where('chunk', '=', chunk)
    .execute();
  return rows.map((row) => ({ facet: row.facet, chunk: Number(row.chunk), bits: row.bits }));
}

/** Keys read at a time when a whole chunk's people are read. */
const SLICE = 4_096;

/** Which participants' facets to read: some, by key, or every one of a chunk. */
export type PeopleSelection = { keys: readonly number[] } | { chunk: number };

/**
 * The members each facet has among the selected participants as they are now: facet to audience
 * keys. Someone not eligible, or no longer there, has none.
 */
export async function readPeopleFacets(
  db: Db,
  selection: PeopleSelection,
): Promise<Map<string, number[]>> {
  const people = db
    .selectFrom('participants')
    .select([
      'audience_key',
      'status',
      'is_test',
      'country_id',
      'state_id',
      'city_id',
      'birth_date',
      'approval_rate',
      'approved_submissions',
      'no_shows',
    ]);
  const options = db
    .selectFrom('participant_attributes')
    .select(['participant_key', 'slug', 'option_id']);
  type PersonRow = Awaited<ReturnType<typeof people.execute>>[number];
  type OptionRow = Awaited<ReturnType<typeof options.execute>>[number];
  const members = new Map<string, number[]>();
  /** Adds some people's facets, so their rows can be let go of before the next are read. */
  const add = (personRows: readonly PersonRow[], optionRows: readonly OptionRow[]) => {
    const attributes = new Map<number, [string, string][]>();
    for (const row of optionRows) {
      const key = Number(row.participant_key);
      const list = attributes.get(key);
      if (list) list.push([row.slug, row.option_id]);
      else attributes.set(key, [[row.slug, row.option_id]]);
    }
    for (const row of personRows) {
      const key = Number(row.audience_key);
      visitFacets(row, attributes.get(key) ?? [], (facet) => {
        const keys = members.get(facet);
        if (keys) keys.push(key);
        else members.set(facet, [key]);
      });
    }
  };
  if ('chunk' in selection) {
    // A slice of the chunk at a time, the event loop let through between them: the embedded
    // database reads synchronously, and a whole chunk's people took about a second, during which
    // a `serve` folding in the background answered nothing else. Each slice's rows are let go of
    // before the next is read: a chunk's 650,000 option rows held at once were most of the
    // memory `serve` took on while folding a seeded panel
    // (docs/decisions/0189-serve-memory-bounded.md).
    for (let low = selection.chunk * CHUNK_KEYS, end = low + CHUNK_KEYS; low < end; low += SLICE) {
      const [somePeople, someOptions] = await Promise.all([
        people
          .where('audience_key', '>=', low)
          .where('audience_key', '<', low + SLICE)
          .execute(),
        options
          .where('participant_key', '>=', low)
          .where('participant_key', '<', low + SLICE)
          .execute(),
      ]);
      add(somePeople, someOptions);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return members;
  }
  for (const list of keyLists(selection.keys)) {
    const [somePeople, someOptions] = await Promise.all([
      people.where('audience_key', 'in', list).execute(),
      options.where('participant_key', 'in', list).execute(),
    ]);
    add(somePeople, someOptions);
  }
  return members;
}

/** The audience keys a participation or group predicate holds (not negated). */
export async function readMembers(
  db: Db,
  predicate: Extract<AudiencePredicate, { kind: 'took_part' | 'member_of' }>,
): Promise<number[]> {
  const keys =
    predicate.kind === 'took_part'
      ? predicate.opportunityIds.length === 0
        ? undefined
        : takersOf(db, predicate.opportunityIds)
      : predicate.groupIds.length === 0
        ? undefined
        : membersOf(db, predicate.groupIds);
  if (!keys) return [];
  const rows = await keys.distinct().execute();
  return rows.map((row) => Number(row.audience_key));
}

/** Writes a chunk's changed facets, and deletes those it no longer holds. */
export async function writeChunk(
  trx: Db,
  chunk: number,
  changes: { put: { facet: string; bits: Uint8Array }[]; drop: string[] },
): Promise<void> {
  for (let at = 0; at < changes.put.length; at += 300) {
    const rows = changes.put.slice(at, at + 300).map(({ facet, bits }) => ({
      facet,
      chunk,
      bits: Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength),
    }));
    await trx
      .insertInto('audience_bitmaps')
      .values(rows)
      .onConflict((oc) => oc.columns(['facet', 'chunk']).doUpdateSet({ bits: sql`excluded.bits` }))
      .execute();
  }
  for (let at = 0; at < changes.drop.length; at += KEYS_PER_LIST) {
    await trx
      .deleteFrom('audience_bitmaps')
      .where('chunk', '=', chunk)
      .where('facet', 'in', changes.drop.slice(at, at + KEYS_PER_LIST))
      .execute();
  }
}

/**
 * Forgets the dirty rows folded, each only if no write moved its version since it was read. On
 * PostgreSQL a row a writer holds locked is skipped rather than waited for (its writer is about
 * to move its version anyway), so a fold never waits on, or deadlocks with, a batch of writes.
 */
export async function clearDirty(
  trx: Db,
  engine: Engine,
  folded: ReadonlyMap<number, number>,
): Promise<void> {
  const byVersion = new Map<number, number[]>();
  for (const [key, version] of folded) {
    const keys = byVersion.get(version);
    if (keys) keys.push(key);
    else byVersion.set(version, [key]);
  }
  for (const [version, keys] of byVersion) {
    if (engine === 'postgres') {
      await sql`
        delete from audience_dirty where audience_key in (
          select audience_key from audience_dirty
          where audience_key = any(${keys}::bigint[]) and version = ${version}
          for update skip locked)
      `.execute(trx);
      continue;
    }
    for (const list of keyLists(keys)) {
      await trx
        .deleteFrom('audience_dirty')
        .where('version', '=', version)
        .where('audience_key', 'in', list)
        .execute();
    }
  }
}

function keyLists(keys: readonly number[]): number[][] {
  const lists: number[][] = [];
  for (let at = 0; at < keys.length; at += KEYS_PER_LIST) {
    lists.push(keys.slice(at, at + KEYS_PER_LIST));
  }
  return lists;
}
