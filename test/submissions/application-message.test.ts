import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitWith } from '../../src/platform/db/early-release.ts';
import {
  createTestOrganization,
  engines,
  openTemplatePostgres,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, PASSING_ANSWERS, signUp } from '../support/participant-side.ts';

/**
 * An application's transaction on PostgreSQL is one message, its commit in it
 * (docs/decisions/0200-applications-in-one-message.md), sent on the pool's pipeline
 * (docs/decisions/0201-whole-transactions-pipelined.md): the admission's counters are read before
 * it, with the opportunity, and the shared-network flags are the database's work, so nothing in the
 * transaction waits for an answer before its last statement. A server whose pool has one
 * connection shows it: pg_prepared_statements holds, for each statement a message prepared, that
 * whole message.
 */
describe.runIf(engines().includes('postgres'))('an application’s message on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(
      'postgres',
      {},
      {
        database: await openTemplatePostgres('cohort_message_', 1),
      },
    );
  }, 60_000);
  afterAll(() => server?.close());

  /**
   * The message that prepared the statement whose text contains `part`, on the pool's one
   * connection or, for a whole transaction's, on the pipeline's (asked by a whole transaction).
   */
  async function messagePreparing(part: string, on: 'pool' | 'pipeline'): Promise<string> {
    const { db } = server.database;
    const read = sql<{ statement: string }>`select statement from pg_prepared_statements`;
    const rows =
      on === 'pool'
        ? (await read.execute(db)).rows
        : await db.transaction().execute((trx) => commitWith(trx, read.compile(trx)));
    const found = rows.filter((row) => row.statement.includes(part));
    expect(found.length, part).toBeGreaterThan(0);
    return found[0]!.statement;
  }

  it('sends the transaction from BEGIN to COMMIT in one message, the submission and its flags in it', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await launchStudy(server, organization, { numParticipants: 5 });
    const participant = await signUp(server);
    const applied = await participant.api.post(
      `/v2/participant/opportunities/${study.id}/applications`,
      { answers: PASSING_ANSWERS },
      { 'user-agent': 'OneMessageBrowser/1.0' },
    );
    expect(applied.status).toBe(200);
    expect(applied.body.status).toBe('screen_passed');

    // The counters' checked upsert is an application's alone: the message that prepared it is the
    // first application's transaction, whole.
    const message = await messagePreparing(
      'on conflict ("opportunity_id", "counter_key", "shard")',
      'pipeline',
    );
    const order = [
      /^rollback;\s*begin;/i,
      /set local synchronous_commit = off;/i,
      /pg_advisory_xact_lock/i,
      /update "submissions" set "quality_flags"/i,
      /insert into "submissions"/i,
      /insert into "opportunity_counters"/i,
      /;\s*commit\s*$/i,
    ];
    let from = 0;
    for (const part of order) {
      const at = message.slice(from).search(part);
      expect(at, `${part} after position ${from} in:\n${message}`).toBeGreaterThanOrEqual(0);
      from += at;
    }
    // The admission read its counters before the transaction, not in it.
    expect(message).not.toMatch(
      /select "counter_key", "shard", "value" from "opportunity_counters"/i,
    );
    const ahead = await messagePreparing(
      'from "opportunity_counters" where "opportunity_id" = any(',
      'pool',
    );
    expect(ahead).not.toMatch(/^begin;/i);
  });
});
