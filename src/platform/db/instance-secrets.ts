import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

const secretByName = prepared((db, p: { name: string }) =>
  db.selectFrom('instance_secrets').select('secret').where('name', '=', p.name),
);

/** The installation's secret of this name (instance-secrets.table.ts); missing means unmigrated. */
export async function instanceSecret(db: Db, name: string): Promise<string> {
  const [row] = await secretByName(db, { name });
  if (!row) throw new Error(`instance secret ${name} is missing: run the migrations`);
  return row.secret;
}
