import { type Kysely, PostgresAdapter, sql } from 'kysely';

// The projects list is alphabetical as a person reads it
// (docs/decisions/0119-projects-sorted-by-a-stored-key.md): projects.sort_key holds the name
// without case or accents, compared as bytes on both engines (PostgreSQL's "C" collation; SQLite's
// default is already binary), and the keyset index is (organization_id, sort_key, id). The old
// (organization_id, name, id) index served only that list and goes.

/** Frozen copy of src/projects/sort-key.ts as of this migration. */
function sortKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('projects')
    .addColumn('sort_key', postgres ? sql`text collate "C"` : 'text', (c) =>
      c.notNull().defaultTo(''),
    )
    .execute();
  const { rows } = await sql<{ id: string; name: string }>`select id, name from projects`.execute(
    db,
  );
  for (const row of rows) {
    await sql`update projects set sort_key = ${sortKey(row.name)} where id = ${row.id}`.execute(db);
  }
  await db.schema
    .createIndex('projects_organization_sort_key')
    .on('projects')
    .columns(['organization_id', 'sort_key', 'id'])
    .execute();
  await db.schema.dropIndex('projects_organization_name').execute();
}
