import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The audience index (docs/decisions/0100-audience-size-counted-by-the-database.md): what lets the
// database count the participants matching a set of filters through indexes, without reading a
// profile.
//
// - participants.audience_key: a compact integer per participant, unique. The counting query
//   builds sets of participants (those holding an option, those who took part in a study) and
//   probes them once per candidate; sets of small integers cost half what sets of `par_...` ids
//   do. PostgreSQL numbers existing and new rows from an identity column. SQLite numbers existing
//   rows by rowid and new ones with a trigger (max + 1, which VACUUM's renumbering of rowids
//   cannot collide with), so every insert is numbered, whoever writes it.
// - participants_audience: status, is_test and the place and birth date columns the filters
//   test, ending with the key, so a count reads this index alone (a covering index).
// - participant_attributes: one row per (participant, filter slug, option id) of the attributes
//   JSON, with an index by (slug, option_id) for the sets. src/participants/store.ts rewrites a
//   participant's rows in the transaction of every write of the profile; existing profiles are
//   copied here. A migration is a snapshot: the JSON is read as it is stored today rather than
//   through the store.

const BATCH = 500;
/** Rows per insert statement: three parameters each, well under SQLite's 32,766. */
const ROWS_PER_INSERT = 2000;

interface AttributeRow {
  participant_key: number;
  slug: string;
  option_id: string;
}

/** The (slug, option id) pairs of one attributes JSON, each once. */
function attributePairs(attributesJson: string): [string, string][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(attributesJson);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const pairs = new Map<string, [string, string]>();
  for (const [slug, ids] of Object.entries(parsed)) {
    if (!Array.isArray(ids)) continue;
    for (const id of ids) {
      if (typeof id === 'string') pairs.set(JSON.stringify([slug, id]), [slug, id]);
    }
  }
  return [...pairs.values()];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await db.schema
      .alterTable('participants')
      .addColumn('audience_key', 'integer', (c) => c.generatedByDefaultAsIdentity())
      .execute();
  } else {
    await db.schema.alterTable('participants').addColumn('audience_key', 'integer').execute();
    await sql`update participants set audience_key = rowid`.execute(db);
    await sql`
      create trigger participants_audience_key after insert on participants
      for each row when new.audience_key is null
      begin
        update participants
        set audience_key = (select coalesce(max(audience_key), 0) + 1 from participants)
        where rowid = new.rowid;
      end
    `.execute(db);
  }
  await db.schema
    .createIndex('participants_audience_key')
    .on('participants')
    .column('audience_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('participants_audience')
    .on('participants')
    .columns([
      'status',
      'is_test',
      'country_id',
      'state_id',
      'city_id',
      'birth_date',
      'audience_key',
    ])
    .execute();

  await db.schema
    .createTable('participant_attributes')
    .addColumn('participant_key', 'integer', (c) =>
      c.notNull().references('participants.audience_key'),
    )
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('option_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('participant_attributes_pk', ['participant_key', 'slug', 'option_id'])
    .execute();
  await db.schema
    .createIndex('participant_attributes_option')
    .on('participant_attributes')
    .columns(['slug', 'option_id', 'participant_key'])
    .execute();

  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; audience_key: number; attributes: string }>`
      select id, audience_key, attributes from participants where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    const attributeRows: AttributeRow[] = rows.flatMap((row) =>
      attributePairs(row.attributes).map(([slug, option_id]) => ({
        participant_key: Number(row.audience_key),
        slug,
        option_id,
      })),
    );
    for (let at = 0; at < attributeRows.length; at += ROWS_PER_INSERT) {
      await (db as Kysely<{ participant_attributes: AttributeRow }>)
        .insertInto('participant_attributes')
        .values(attributeRows.slice(at, at + ROWS_PER_INSERT))
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
