import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dropDatabase } from '../../fixtures/scratch-postgres.ts';
import { PostgresCommitSignals } from '../../src/platform/db/commit-signals.ts';
import { openPostgres } from '../../src/platform/db/database.ts';
import { createTemplatePostgres, engines } from '../support/harness.ts';

/**
 * A process hears of its own commits at once and skips the NOTIFY it sent for them; other
 * processes' NOTIFYs still wake it (docs/decisions/0127-workers-woken-by-commits.md).
 */
describe.runIf(engines().includes('postgres'))('commit signals on postgres', () => {
  const heard = (signals: PostgresCommitSignals) => {
    const calls: string[] = [];
    const stop = [
      signals.on('jobs', () => calls.push('jobs')),
      signals.on('events', () => calls.push('events')),
    ];
    return {
      calls,
      stop: () => {
        for (const unsubscribe of stop) unsubscribe();
      },
    };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  };

  it('announces its own commits at once and ignores their echo, but not another sender', async () => {
    // A database of its own: NOTIFY channels are per database, and other test files running at
    // the same time write events to the run's shared one.
    const { name, url, base } = await createTemplatePostgres('cohort_signals_');
    const signals = new PostgresCommitSignals(url);
    const other = openPostgres(url, 1);
    const { calls, stop } = heard(signals);
    try {
      // Let the LISTEN connection settle: another process's NOTIFY is heard.
      await until(() => {
        void sql`select pg_notify('cohort_jobs', 'another-process')`.execute(other.db);
        return calls.length > 0;
      });
      expect(calls).toContain('jobs');
      calls.length = 0;
      await new Promise((r) => setTimeout(r, 200));
      calls.length = 0;

      signals.committedHere(new Set(['events']));
      expect(calls).toEqual(['events']);

      // Its own echo is skipped; a NOTIFY sent after it by another process is heard, so the echo
      // had time to arrive.
      await sql`select pg_notify('cohort_events', ${signals.sender})`.execute(other.db);
      await sql`select pg_notify('cohort_jobs', 'another-process')`.execute(other.db);
      await until(() => calls.length > 1);
      expect(calls).toEqual(['events', 'jobs']);
    } finally {
      stop();
      signals.close();
      await other.destroy();
      await dropDatabase(base, name);
    }
  });

  it('a commit through the pool that inserts a job wakes this process before its NOTIFY returns', async () => {
    const { name, url, base } = await createTemplatePostgres('cohort_signals_');
    const database = openPostgres(url, 2);
    const signals = database.signals as PostgresCommitSignals;
    const { calls, stop } = heard(signals);
    try {
      await database.db.transaction().execute(async (trx) => {
        // A temporary table of the same name: the pool notes inserts by their text.
        await sql`create temp table if not exists jobs (id text)`.execute(trx);
        await sql`insert into jobs (id) values ('probe')`.execute(trx);
        expect(calls).toEqual([]);
      });
      // Heard in the commit's own continuation: no round trip to the LISTEN connection.
      expect(calls).toEqual(['jobs']);
    } finally {
      stop();
      await database.destroy();
      await dropDatabase(base, name);
    }
  });
});
