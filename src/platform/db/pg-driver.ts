import { createRequire } from 'node:module';
import type PgModule from 'pg';

const require = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;

/**
 * The PostgreSQL driver, loaded on first use: a process on the embedded database never holds it
 * (pg and its eight helper packages were ~10 MB of a SQLite server's resident memory; docs/
 * decisions.md, "A lean process and the read path").
 */
export function pg(): typeof PgModule {
  if (!pgModule) {
    pgModule = require('pg') as typeof PgModule;
    // pg returns int8 as strings; every bigint column here is cents or milliseconds, well inside 2^53.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
  }
  return pgModule;
}
