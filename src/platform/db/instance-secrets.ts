import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

const secretByName = prepared((db, p: { name: string }) =>
  db.selectFrom('instance_secrets').select('secret').where('name', '=', p.name),
);

/**
 * Secrets read so far, per database handle. A secret is made once per installation by its
 * migration and never changes, so every application (which hashes its client's network with one)
 * read it again for nothing: one statement in eighteen of an application on PostgreSQL.
 */
const known = new WeakMap<Db, Map<string, string>>();

/** The installation's secret of this name (instance-secrets.table.ts); missing means unmigrated. */
export async function instanceSecret(db: Db, name: string): Promise<string> {
  let secrets = known.get(db);
  const cached = secrets?.get(name);
  if (cached !== undefined) return cached;
  const [row] = await secretByName(db, { name });
  if (!row) throw new Error(`instance secret ${name} is missing: run the migrations`);
  if (!secrets) {
    secrets = new Map();
    known.set(db, secrets);
  }
  secrets.set(name, row.secret);
  return row.secret;
}
