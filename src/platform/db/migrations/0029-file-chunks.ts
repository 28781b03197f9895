import { type Kysely, PostgresAdapter, sql } from 'kysely';

// docs/decisions/0169-uploads-every-process-can-read.md. Uploaded files in the database every
// process shares: one row per 256 KiB chunk of a file, keyed by the file's key
// (`<submission>/<sequence>/<file>`) and the chunk's place in it. Used on PostgreSQL (the embedded
// default keeps files on disk); made on both engines so the schema is one.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('file_chunks')
    // Bytewise order ("C"): a submission's files, a key prefix, are one range of the primary key.
    .addColumn('file_key', postgres ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_key', 'seq'])
    .execute();
  if (postgres) {
    // Uploads are mostly compressed already (images, PDFs, archives): stored out of line
    // without a second compression attempt on every chunk.
    await sql`alter table file_chunks alter column bytes set storage external`.execute(db);
  }
}
