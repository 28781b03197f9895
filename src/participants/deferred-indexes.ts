import { sql } from 'kysely';
import type { Db, Engine } from '../platform/db/database.ts';

/**
 * The secondary indexes of the panel's tables, set aside while `cohort panel seed` loads a panel
 * bigger than the one there and built once afterwards from sorted rows
 * (docs/decisions/0173-panel-seed-with-indexes-built-after.md). Kept row by row they were about
 * nine tenths of the seed's time (docs/decisions/0171-panel-seed.md).
 *
 * Only indexes that enforce nothing are set aside: unique ones (ids, emails, token hashes, audience
 * keys) and primary keys stay, so no duplicate can slip in while they are gone. Each definition is
 * written to `deferred_indexes` in the transaction that drops it, so a seed killed half way leaves
 * the definitions behind, and the next seed (or `restoreDeferredIndexes`) builds them again.
 */
export const PANEL_TABLES = ['participants', 'participant_attributes'] as const;

interface IndexDefinition {
  name: string;
  definition: string;
}

/** The panel tables' indexes that enforce nothing, with the statement that makes each. */
async function plainIndexes(db: Db, engine: Engine): Promise<IndexDefinition[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<IndexDefinition>`
      select name, sql as definition from sqlite_master
      where type = 'index' and tbl_name in (${sql.join(PANEL_TABLES)})
        and sql is not null and upper(sql) not like 'CREATE UNIQUE%'
      order by name
    `.execute(db);
    return rows;
  }
  const { rows } = await sql<IndexDefinition>`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relname in (${sql.join(PANEL_TABLES)}) and t.relnamespace = current_schema()::regnamespace
      and not x.indisunique and not x.indisprimary
    order by i.relname
  `.execute(db);
  return rows;
}

/**
 * On PostgreSQL, the foreign keys of the panel's index rows (participant_attributes to
 * participants): checked row by row, a probe of participants' key per attribute row, ten a seeded
 * person; added back, one join validates them all (docs/decisions/0188-panel-seed-in-order.md).
 * SQLite's seed turns foreign key checks off on its connection instead (seed-store.ts).
 */
async function foreignKeys(db: Db): Promise<IndexDefinition[]> {
  const { rows } = await sql<IndexDefinition>`
    select c.conname as name,
      format('alter table %I add constraint %I %s', t.relname, c.conname, pg_get_constraintdef(c.oid))
        as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relname = 'participant_attributes'
      and t.relnamespace = current_schema()::regnamespace
    order by c.conname
  `.execute(db);
  return rows;
}

/** Drops the plain indexes of the panel tables, keeping each definition; answers how many. */
export async function deferPanelIndexes(db: Db, engine: Engine): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const indexes = await plainIndexes(trx, engine);
    for (const { name, definition } of indexes) {
      await trx.insertInto('deferred_indexes').values({ name, definition }).execute();
      await sql`drop index ${sql.id(name)}`.execute(trx);
    }
    const keys = engine === 'postgres' ? await foreignKeys(trx) : [];
    for (const { name, definition } of keys) {
      await trx.insertInto('deferred_indexes').values({ name, definition }).execute();
      await sql`alter table participant_attributes drop constraint ${sql.id(name)}`.execute(trx);
    }
    return indexes.length + keys.length;
  });
}

/**
 * Builds every index set aside by `deferPanelIndexes` (this run's or a killed run's), one
 * transaction each, so an index built is never built twice.
 */
export async function restoreDeferredIndexes(db: Db): Promise<number> {
  const deferred = await db
    .selectFrom('deferred_indexes')
    .select(['name', 'definition'])
    .orderBy('name')
    .execute();
  for (const { name, definition } of deferred) {
    await db.transaction().execute(async (trx) => {
      await sql.raw(definition).execute(trx);
      await trx.deleteFrom('deferred_indexes').where('name', '=', name).execute();
    });
  }
  return deferred.length;
}
