import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, migrateToLatest, openPostgres } from '../../src/platform/db/database.ts';

// No vitest here: the benchmarks use this module too.

/** One statement on its own connection: CREATE and DROP DATABASE cannot run in a pool's transaction. */
export async function adminQuery(url: URL, statement: string) {
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database named `<prefix><random>` on the server of `base`; returns its URL. */
export async function createScratchDatabase(base: URL, prefix: string) {
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** A migrated database of its own on the server of `base`; destroy() drops it as well. */
export async function openScratchPostgres(
  base: URL,
  prefix: string,
  poolSize: number,
): Promise<Database> {
  const { name, url } = await createScratchDatabase(base, prefix);
  const database = openPostgres(url, poolSize);
  await migrateToLatest(database.db);
  return {
    ...database,
    async destroy() {
      await database.destroy();
      await dropDatabase(base, name);
    },
  };
}

/**
 * Without `force`: terminating a backend that the closed pool's last client is still leaving
 * reaches that client as an error event nobody listens to, which kills the process. A backend
 * still on its way out only delays the drop.
 */
async function dropDatabase(url: URL, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await adminQuery(url, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
