import { type Kysely, sql } from 'kysely';

// docs/decisions/0163-study-translations.md. An opportunity is written in one language (every
// existing one in English) and may carry translations of what participants read, kept as JSON
// text like its screener and tasks: read and written whole, never queried into.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('opportunities')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(sql`'en'`))
    .execute();
  await db.schema
    .alterTable('opportunities')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
}
