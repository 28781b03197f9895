import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * (docs/decisions/0200-applications-in-one-message.md): the admission's counters are read before
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

  /** The message that prepared the statement whose text contains `part` on the one connection. */
  async function messagePreparing(part: string): Promise<string> {
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements`.execute(server.database.db);
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
    );
    const order = [
      /^begin;/i,
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
    );
    expect(ahead).not.toMatch(/^begin;/i);
  });
});
