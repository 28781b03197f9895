import { availableParallelism } from 'node:os';
import { CompiledQuery, sql } from 'kysely';
import { isoNow } from '../platform/db/clock.ts';
import type { Database, Db, Engine } from '../platform/db/database.ts';
import { ConflictError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { canonicalEmail } from './canonical-email.ts';
import { deferPanelIndexes, restoreDeferredIndexes } from './deferred-indexes.ts';
import { withDirtyMarksInBulk } from './seed-dirty-marks.ts';
import {
  type PanelCatalog,
  SEEDED_EMAIL_DOMAIN,
  type SeededParticipant,
  seededParticipant,
} from './simulated-panel.ts';

/**
 * `cohort panel seed` (docs/decisions/0171-panel-seed.md): simulated participants written in bulk,
 * a transaction per batch, each batch's participants and their audience index rows
 * (participant_attributes, docs/decisions/0102-attribute-index-kept-by-the-store.md) in
 * multi-row statements whose texts are prepared once (on PostgreSQL one statement per table and
 * batch, its columns as arrays). The store's insertParticipants does the same a row at a time
 * through Kysely's builder, with a token per person: about 8,000 a second. A seed at least as big
 * as the panel already there sets the plain indexes aside and builds them once at the end
 * (docs/decisions/0173-panel-seed-with-indexes-built-after.md).
 */

/** Participants per transaction: big enough to amortize the commit, small enough to hold. */
const PER_TRANSACTION = 10_000;
/** Rows per statement: 21 parameters a participant, 3 an index row, under SQLite's 32,766. */
const PARTICIPANTS_PER_INSERT = 500;
const ATTRIBUTES_PER_INSERT = 5_000;

const PARTICIPANT_COLUMNS = [
  'id',
  'name',
  'email',
  'email_canonical',
  'linkedin_url',
  'language',
  'timezone',
  'birth_date',
  'country_id',
  'state_id',
  'city_id',
  'attributes',
  'linked_accounts',
  'background',
  'token_hash',
  'status',
  'email_verified_at',
  'audience_key',
  'new_studies',
  'approved_submissions',
  'decided_submissions',
  'approval_rate',
  'created_at',
  'updated_at',
] as const;
const ATTRIBUTE_COLUMNS = ['participant_key', 'slug', 'option_id'] as const;

const SEEDED = `%@${SEEDED_EMAIL_DOMAIN}`;

/** Participants the seeder did not make (preview test participants aside): real people. */
export async function realParticipantCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_test', '=', 0)
    .where('email', 'not like', SEEDED)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function seededParticipantCount(db: Db, seed: number): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('email', 'like', `%.s${seed}@${SEEDED_EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface PanelSeedOptions {
  participants: number;
  seed: number;
  /** Seed even though the database holds real participants. */
  force?: boolean;
  /** Told after each committed batch, with how many of this run are written. */
  progress?: (written: number) => void;
}

export interface PanelSeeded {
  created: number;
  seed: number;
  /** The seed's participant numbers this run wrote: `first` to `first + created - 1`. */
  first: number;
  /** Real participants the database held (seeded with --force when more than 0). */
  real: number;
  /** Indexes set aside during the load and built after it (0 when kept row by row). */
  deferredIndexes: number;
}

/**
 * Writes `participants` simulated people of `seed`, numbered on from those of the same seed
 * already here (so seeding twice extends the panel instead of failing on taken emails). Refused,
 * unless `force`, when the database holds a real participant: simulated people would be counted
 * in their audiences and invited to their studies.
 */
export async function seedPanel(
  database: Database,
  catalog: PanelCatalog,
  options: PanelSeedOptions,
): Promise<PanelSeeded> {
  const { db, engine } = database;
  const real = await realParticipantCount(db);
  if (real > 0 && !options.force) {
    throw new ConflictError(
      `this database holds ${real} real participant${real === 1 ? '' : 's'} (not made by \`cohort panel seed\`): seed an empty one (another DATA_DIR or DATABASE_URL), or pass --force to mix simulated people in`,
    );
  }
  const first = await seededParticipantCount(db, options.seed);
  // A killed seed's indexes first, so a panel is never left without them by two runs in a row.
  await restoreDeferredIndexes(db);
  const deferredIndexes =
    options.participants >= (await participantCount(db)) ? await deferPanelIndexes(db, engine) : 0;
  const relax = engine === 'sqlite' ? await relaxSqlite(db) : undefined;
  try {
    for (let at = 0; at < options.participants; at += PER_TRANSACTION) {
      const count = Math.min(PER_TRANSACTION, options.participants - at);
      const people = new Array<SeededParticipant>(count);
      for (let i = 0; i < count; i++) {
        people[i] = seededParticipant(catalog, options.seed, first + at + i);
      }
      await db.transaction().execute(async (trx) => {
        // A commit that does not wait for the disk: a crash loses the last batches, never
        // consistency (the seed numbers on when run again).
        if (engine === 'postgres') await sql`set local synchronous_commit = off`.execute(trx);
        await withDirtyMarksInBulk(trx, engine, async () => {
          const keys = await insertSeeded(trx, engine, people);
          return { low: Math.min(...keys), high: Math.max(...keys), result: undefined };
        });
      });
      options.progress?.(at + count);
    }
    // Each index built once from the loaded rows, sorted, inside the relaxed settings (the page
    // cache holds the sort).
    await restoreDeferredIndexes(db);
  } finally {
    await relax?.();
  }
  if (engine === 'postgres' && options.participants > 0) {
    // Fresh statistics, so the planner's first audience counts know the panel's size, and the
    // visibility map, so counts read the covering indexes alone (index-only scans).
    await sql`vacuum (analyze) participants, participant_attributes`.execute(db);
  }
  return { created: options.participants, seed: options.seed, first, real, deferredIndexes };
}

async function participantCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * For the seed's duration only, on this connection: synchronous = off (a commit does not wait for
 * the disk; the database stays consistent if the process dies, and an operating system crash can
 * lose the last batches, which the seed simply writes again), a 256 MiB page cache, so the
 * indexes' pages stay in memory as they grow, no foreign key checks (each index row's
 * participant is written in the same batch, just before it: a probe per row checked what the
 * seed makes true by construction), and SQLite's sorter helped by a thread a core (temporary
 * storage in files, where it may use them) when it builds the set-aside indexes (a million
 * people's sample index, ten million rows, built in 15 s instead of 23 on two cores:
 * docs/decisions/0188-panel-seed-in-order.md, "Later"). All are restored afterwards.
 */
async function relaxSqlite(db: Db): Promise<() => Promise<void>> {
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const cacheSize = Number(rows[0]?.cache_size ?? -2000);
  const { rows: threadRows } = await sql<{ threads: number }>`pragma threads`.execute(db);
  const threads = Number(threadRows[0]?.threads ?? 0);
  await sql`pragma synchronous = off`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  await sql.raw('pragma cache_size = -262144').execute(db);
  // SQLite caps the helpers at its compile-time limit (8 in node:sqlite's build) on its own. Its
  // sorter takes none while temporary storage is in memory, which database.ts asks for the
  // savepoint journals of the write connection (decision 0196): files again, for the seed alone.
  await sql.raw(`pragma threads = ${availableParallelism()}`).execute(db);
  const { rows: storeRows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
  const tempStore = Number(storeRows[0]?.temp_store ?? 0);
  await sql`pragma temp_store = file`.execute(db);
  return async () => {
    await sql.raw(`pragma temp_store = ${tempStore}`).execute(db);
    await sql.raw(`pragma threads = ${threads}`).execute(db);
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
    // database.ts's settings for every connection.
    await sql`pragma foreign_keys = on`.execute(db);
    await sql`pragma synchronous = normal`.execute(db);
  };
}

async function insertSeeded(
  trx: Db,
  engine: Engine,
  people: readonly SeededParticipant[],
): Promise<number[]> {
  const keys = await audienceKeys(trx, engine, people.length);
  const now = isoNow();
  /** Every participant's values, column after column, row after row. */
  const participantValues: (string | number | null)[] = [];
  const attributeRows: (string | number)[] = [];
  for (let i = 0; i < people.length; i++) {
    const person = people[i]!;
    const id = newId('participant');
    const key = keys[i]!;
    participantValues.push(
      id,
      person.name,
      person.email,
      canonicalEmail(person.email),
      person.linkedin_url,
      person.language,
      person.timezone,
      person.birth_date,
      person.country_id,
      person.state_id,
      person.city_id,
      person.attributes,
      person.linked_accounts,
      person.background,
      // Not a SHA-256 of any token: no bearer token signs in as a simulated person.
      `seeded:${id}`,
      'active',
      now,
      key,
      person.new_studies,
      person.approved_submissions,
      person.decided_submissions,
      person.approval_rate,
      now,
      now,
    );
    const pairs = person.attributePairs;
    for (let j = 0; j < pairs.length; j += 2) attributeRows.push(key, pairs[j]!, pairs[j + 1]!);
  }
  if (engine === 'postgres') {
    await insertColumns(trx, 'participants', PARTICIPANT_COLUMNS, participantValues);
    await insertColumns(trx, 'participant_attributes', ATTRIBUTE_COLUMNS, attributeRows);
    return keys;
  }
  const participantWidth = PARTICIPANT_COLUMNS.length;
  for (let at = 0; at < people.length; at += PARTICIPANTS_PER_INSERT) {
    const end = Math.min(at + PARTICIPANTS_PER_INSERT, people.length);
    await trx.executeQuery(
      CompiledQuery.raw(
        insertText(engine, 'participants', PARTICIPANT_COLUMNS, end - at),
        participantValues.slice(at * participantWidth, end * participantWidth),
      ),
    );
  }
  const width = ATTRIBUTE_COLUMNS.length;
  for (let at = 0; at < attributeRows.length; at += ATTRIBUTES_PER_INSERT * width) {
    const values = attributeRows.slice(at, at + ATTRIBUTES_PER_INSERT * width);
    await trx.executeQuery(
      CompiledQuery.raw(
        insertText(engine, 'participant_attributes', ATTRIBUTE_COLUMNS, values.length / width),
        values,
      ),
    );
  }
  return keys;
}

/** The columns PostgreSQL stores as integers; every other seeded column is text. */
const INTEGER_COLUMNS = new Set([
  'audience_key',
  'participant_key',
  'approved_submissions',
  'decided_submissions',
  'approval_rate',
]);

/**
 * A whole batch of rows in one PostgreSQL statement, each column sent as one array and turned back
 * into rows by `unnest`: one parse and bind per table and batch instead of a parameter per value
 * (the nearest to COPY the driver offers).
 */
async function insertColumns(
  trx: Db,
  table: string,
  columns: readonly string[],
  rowMajor: readonly (string | number | null)[],
): Promise<void> {
  const width = columns.length;
  const rows = rowMajor.length / width;
  if (rows === 0) return;
  const arrays = columns.map((_, column) => {
    const values = new Array<string | number | null>(rows);
    for (let row = 0; row < rows; row++) values[row] = rowMajor[row * width + column]!;
    return values;
  });
  const casts = columns.map(
    (column, i) => `$${i + 1}::${INTEGER_COLUMNS.has(column) ? 'integer' : 'text'}[]`,
  );
  await trx.executeQuery(
    CompiledQuery.raw(
      `insert into ${table} (${columns.join(', ')}) select * from unnest(${casts.join(', ')})`,
      arrays,
    ),
  );
}

/**
 * The batch's audience keys, given by the seeder so no trigger or RETURNING numbers each row:
 * on SQLite on from the highest (the transaction holds the write lock since its BEGIN IMMEDIATE);
 * on PostgreSQL taken from the identity column's sequence, as concurrent inserts take theirs.
 */
async function audienceKeys(trx: Db, engine: Engine, count: number): Promise<number[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ top: number | null }>`
      select max(audience_key) as top from participants
    `.execute(trx);
    const top = Number(rows[0]?.top ?? 0);
    return Array.from({ length: count }, (_, i) => top + 1 + i);
  }
  const { rows } = await sql<{ key: string }>`
    select nextval(pg_get_serial_sequence('participants', 'audience_key')) as key
    from generate_series(1, ${count})
  `.execute(trx);
  return rows.map((row) => Number(row.key));
}

const texts = new Map<string, string>();

/** `insert into table (columns) values (...), ...` for `rows` rows, in the engine's placeholders. */
function insertText(
  engine: Engine,
  table: string,
  columns: readonly string[],
  rows: number,
): string {
  const name = `${engine} ${table} ${rows}`;
  let text = texts.get(name);
  if (text === undefined) {
    const tuples: string[] = [];
    let parameter = 0;
    for (let row = 0; row < rows; row++) {
      const marks = columns.map(() => (engine === 'sqlite' ? '?' : `$${++parameter}`));
      tuples.push(`(${marks.join(', ')})`);
    }
    text = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`;
    texts.set(name, text);
  }
  return text;
}
