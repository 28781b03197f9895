import type { AudiencePlan } from '../filters/index.ts';
import type { Db } from '../platform/db/database.ts';
import { readerFor } from '../platform/db/sqlite-reader.ts';

/** Plans remembered per database: the builder's recent questions, a few hundred bytes each. */
const REMEMBERED = 1_000;

const byDatabase = new WeakMap<object, Map<string, { generation: number; count: number }>>();

/**
 * An exact audience count remembered until the embedded database changes
 * (docs/decisions/0190-audience-bitmaps.md): the builder asking again, or fifty people asking the
 * same question, cost one count, as the sample's reads are remembered by the read-only connection
 * (src/platform/db/sqlite-reader.ts). PostgreSQL has no such connection, and counts each time.
 */
export async function rememberedCount(
  db: Db,
  plan: AudiencePlan,
  count: () => Promise<number | undefined>,
): Promise<number | undefined> {
  const reader = db.isTransaction ? undefined : readerFor(db);
  if (!reader) return count();
  const generation = reader.generation();
  const key = JSON.stringify(plan.predicates);
  let remembered = byDatabase.get(db);
  if (!remembered) {
    remembered = new Map();
    byDatabase.set(db, remembered);
  }
  const known = remembered.get(key);
  if (known && known.generation === generation) return known.count;
  const counted = await count();
  if (counted === undefined) return undefined;
  if (remembered.size >= REMEMBERED) remembered.clear();
  remembered.set(key, { generation, count: counted });
  return counted;
}
