import { postgresBinaries, postgresForRun, type RunDatabase } from '../../scripts/postgres.ts';

/**
 * The PostgreSQL database a benchmark runs on: a fresh database on BENCH_DATABASE_URL's server
 * when it is set (dropped afterwards), else a throwaway cluster of this machine's initdb and
 * pg_ctl (durable: PostgreSQL's default settings, so commits cost what they cost), else none, with
 * the reason why, for the benchmark to print.
 */
export async function benchPostgres(
  prefix: string,
  options: { durable?: boolean } = { durable: true },
): Promise<RunDatabase | { missing: string }> {
  const server = process.env.BENCH_DATABASE_URL || undefined;
  if (!server && !postgresBinaries()) {
    return { missing: 'PostgreSQL not run: no BENCH_DATABASE_URL and no initdb/pg_ctl' };
  }
  return postgresForRun({ server, prefix, durable: options.durable });
}
