import { type Compilable, sql } from 'kysely';
import type { AudiencePlan } from '../filters/index.ts';
import type { Db } from '../platform/db/database.ts';
import { readerFor } from '../platform/db/sqlite-reader.ts';
import { audienceConditions } from './count-query.ts';
import type { SampleCount } from './sample-estimate.ts';
import { SAMPLE_RANK } from './sample-rank.ts';

/**
 * The rank of the size-th active participant in rank order (a walk of `size` entries of
 * participants_sample), or undefined when the panel holds no more.
 */
export async function sampleThreshold(db: Db, size: number): Promise<number | undefined> {
  const [row] = await rowsOf(
    db,
    db
      .selectFrom('participants')
      .select(sql<number | string>`${SAMPLE_RANK}`.as('rank'))
      .where('status', '=', 'active')
      .where('is_test', '=', 0)
      .orderBy(SAMPLE_RANK)
      .limit(1)
      .offset(size - 1),
  );
  return row === undefined ? undefined : Number(row.rank);
}

/**
 * The rows of a read, on the embedded database's read-only connection when not in a transaction
 * (src/platform/db/sqlite-reader.ts): it sees what is committed, and remembers each result until
 * the database changes, so the builder asking the same count again costs nothing.
 */
async function rowsOf<Row>(db: Db, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  const reader = readerFor(db);
  if (reader) return reader.all<Row>(compiled.sql, compiled.parameters);
  return (await db.executeQuery(compiled)).rows;
}

/**
 * How many sampled participants an audience plan admits: the active participants of rank up to
 * the threshold (all of them when the panel is no bigger than the sample), each option filter a
 * set of the option's sampled holders only.
 */
export async function countOnSample(
  db: Db,
  plan: AudiencePlan,
  size: number,
): Promise<SampleCount> {
  const threshold = await sampleThreshold(db, size);
  const conditions = audienceConditions(plan, { rankAtMost: threshold });
  if (conditions === 'nobody') return { size, threshold, hits: 0 };
  let query = db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'active')
    .where('is_test', '=', 0);
  if (threshold !== undefined) query = query.where(sql<boolean>`${SAMPLE_RANK} <= ${threshold}`);
  for (const condition of conditions) query = query.where(condition);
  const [row] = await rowsOf(db, query);
  return { size, threshold, hits: Number(row?.count ?? 0) };
}
