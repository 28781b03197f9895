import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFixture } from '../../fixtures/submission.ts';
import { approvalRate } from '../../src/participants/decision-counts.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { tryChangeSubmissionStatus } from '../../src/submissions/status-change.ts';
import type { SubmissionRow } from '../../src/submissions/submissions.table.ts';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

/**
 * A participant's record of decisions (docs/decisions/0168-reputation.md) is kept in the
 * transaction of each decision: approving and rejecting over HTTP, several at once on one person's
 * submissions in different studies, and random sequences of status changes through the one write
 * path, after which the stored counts are what a recount of the submissions finds.
 */

async function storedCounts(db: Db, participantId: string) {
  const row = await db
    .selectFrom('participants')
    .select(['approved_submissions', 'decided_submissions', 'approval_rate'])
    .where('id', '=', participantId)
    .executeTakeFirstOrThrow();
  return {
    approved: Number(row.approved_submissions),
    decided: Number(row.decided_submissions),
    rate: row.approval_rate === null ? null : Number(row.approval_rate),
  };
}

async function recount(db: Db, participantId: string) {
  const rows = await db
    .selectFrom('submissions')
    .select('status')
    .where('participant_id', '=', participantId)
    .execute();
  const approved = rows.filter((row) => row.status === 'approved').length;
  const decided = rows.filter((row) => ['approved', 'rejected'].includes(row.status)).length;
  return { approved, decided, rate: approvalRate({ approved, decided }) };
}

describe.each(engines())('the record of decisions on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;

  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
    organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
  }, 120_000);
  afterAll(() => server?.close());

  /** The participant's work on a new study, handed in and awaiting review. */
  async function handedIn(participant: TestParticipant): Promise<string> {
    const study = await launchStudy(server, organization);
    const { submission_id: id } = await apply(participant, study.id);
    await participant.api.post(`/v2/participant/submissions/${id}/start`);
    const done = await participant.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {
      notes: 'done',
    });
    expect(done.body.status).toBe('awaiting_review');
    return id!;
  }

  it('counts each approval and rejection exactly, several at once on one person across studies', async () => {
    const customer = client(server, organization.apiKey);
    const participant = await signUp(server);
    expect(await storedCounts(server.database.db, participant.id)).toEqual({
      approved: 0,
      decided: 0,
      rate: null,
    });
    const first = await handedIn(participant);
    expect((await customer.post(`/v2/submissions/${first}/reject`, {})).status).toBe(200);
    expect(await storedCounts(server.database.db, participant.id)).toEqual({
      approved: 0,
      decided: 1,
      rate: 0,
    });

    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push(await handedIn(participant));
    // Five approvals and one rejection, all at once: each adds its own, none overwrites another.
    const answers = await Promise.all(
      ids.map((id, n) =>
        customer.post(`/v2/submissions/${id}/${n === 0 ? 'reject' : 'approve'}`, {}),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    expect(await storedCounts(server.database.db, participant.id)).toEqual({
      approved: 5,
      decided: 7,
      rate: 71,
    });
    expect(await storedCounts(server.database.db, participant.id)).toEqual(
      await recount(server.database.db, participant.id),
    );

    // A decision refused (already decided) changes nothing.
    expect((await customer.post(`/v2/submissions/${ids[1]}/approve`, {})).status).toBe(409);
    expect((await storedCounts(server.database.db, participant.id)).decided).toBe(7);
  }, 120_000);

  it('keeps the stored counts equal to a recount after random decision sequences', async () => {
    const { db } = server.database;
    const STATUSES = ['approved', 'rejected', 'awaiting_review', 'in_progress'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.tuple(fc.nat({ max: 3 }), fc.constantFrom(...STATUSES)), {
            minLength: 1,
            maxLength: 4,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (rounds) => {
          // Four submissions of one participant, each in a study of its own, awaiting review.
          const fixtures = [];
          for (let n = 0; n < 4; n++) fixtures.push(await submissionFixture(db, organization.id));
          const participantId = fixtures[0]!.participant_id;
          const submissions: SubmissionRow[] = [];
          for (const fixture of fixtures) {
            await db
              .updateTable('submissions')
              .set({ participant_id: participantId })
              .where('id', '=', fixture.id)
              .execute();
            let current: SubmissionRow = { ...fixture, participant_id: participantId };
            for (const to of ['in_progress', 'awaiting_review']) {
              current = (await db
                .transaction()
                .execute((trx) => tryChangeSubmissionStatus(trx, current, to)))!;
            }
            submissions.push(current);
          }
          // Each round's changes run at once, in transactions of their own.
          for (const round of rounds) {
            await Promise.all(
              round.map(async ([index, to]) => {
                const submission = submissions[index]!;
                const changed = await db
                  .transaction()
                  .execute((trx) => tryChangeSubmissionStatus(trx, submission, to));
                // The loser of a race on one submission changes nothing: the winner is kept.
                if (changed) submissions[index] = changed;
              }),
            );
          }
          expect(await storedCounts(db, participantId)).toEqual(await recount(db, participantId));
        },
      ),
      { numRuns: engine === 'postgres' ? 15 : 25 },
    );
  }, 240_000);
});
