import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Audience bitmaps (docs/decisions/0190-audience-bitmaps.md).
//
// - audience_bitmaps: for each facet (src/audience/bitmaps/facets.ts) and chunk of 65,536
//   audience keys, its members as a sorted list of 16-bit offsets or a bitmap of 8,192 bytes
//   (src/audience/bitmaps/container.ts). Read by facet for a count, by chunk for a fold.
// - audience_dirty: the participants whose facets may have changed since their chunk was folded,
//   with a version each write moves. Triggers keep it, so every writer of participants and of
//   participant_attributes (the store, erasure, the seed, SQL typed by an operator) marks what it
//   changes without knowing of the bitmaps.
// - audience_chunks: a version per chunk, moved by every fold that writes it, so a process may
//   keep the chunks it read until their version moves.
//
// Every participant already here is marked, so the fold job builds the bitmaps of an existing
// panel in the background; until it has, counts are made as before.

/** The participants columns an audience filter reads (audience-plan.ts). */
const COUNTED = [
  'status',
  'is_test',
  'country_id',
  'state_id',
  'city_id',
  'birth_date',
  'approval_rate',
  'approved_submissions',
  'no_shows',
  'audience_key',
].join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audience_bitmaps')
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('bits', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('audience_bitmaps_pk', ['facet', 'chunk'])
    .execute();
  await db.schema
    .createIndex('audience_bitmaps_chunk')
    .on('audience_bitmaps')
    .column('chunk')
    .execute();
  await db.schema
    .createTable('audience_chunks')
    .addColumn('chunk', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('audience_dirty')
    .addColumn('audience_key', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await sql`
    insert into audience_dirty (audience_key, version)
    select audience_key, 1 from participants where audience_key is not null
  `.execute(db);
}

const mark = (key: string) => `
  insert into audience_dirty (audience_key, version) select ${key}, 1 where ${key} is not null
  on conflict (audience_key) do update set version = audience_dirty.version + 1;`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const triggers: [name: string, event: string, table: string, body: string][] = [
    ['participants_dirty_insert', 'insert', 'participants', mark('new.audience_key')],
    [
      'participants_dirty_update',
      `update of ${COUNTED}`,
      'participants',
      mark('old.audience_key') + mark('new.audience_key'),
    ],
    ['participants_dirty_delete', 'delete', 'participants', mark('old.audience_key')],
    ['attributes_dirty_insert', 'insert', 'participant_attributes', mark('new.participant_key')],
    [
      'attributes_dirty_update',
      'update',
      'participant_attributes',
      mark('old.participant_key') + mark('new.participant_key'),
    ],
    ['attributes_dirty_delete', 'delete', 'participant_attributes', mark('old.participant_key')],
  ];
  for (const [name, event, table, body] of triggers) {
    await sql
      .raw(`create trigger ${name} after ${event} on ${table} for each row begin ${body} end`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, key] of [
    ['participants', 'audience_key'],
    ['participant_attributes', 'participant_key'],
  ] as const) {
    await sql
      .raw(
        `create function ${table}_mark_dirty() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'INSERT' then ${mark(`old.${key}`)} end if;
           if tg_op <> 'DELETE' then ${mark(`new.${key}`)} end if;
           return null;
         end $$`,
      )
      .execute(db);
    const update = table === 'participants' ? `update of ${COUNTED}` : 'update';
    await sql
      .raw(
        `create trigger ${table}_dirty after insert or delete or ${update} on ${table}
         for each row execute function ${table}_mark_dirty()`,
      )
      .execute(db);
  }
}
