import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounters } from '../../src/admission/counters.ts';
import { holdsPlace } from '../../src/admission/index.ts';
import { isTimed } from '../../src/admission/place-clock.ts';
import { groupIdsOfParticipant } from '../../src/participant-groups/index.ts';
import { findParticipant, type ParticipantRow } from '../../src/participants/index.ts';
import { ConflictError, NotFoundError } from '../../src/platform/errors.ts';
import { quotaCellKey } from '../../src/screening/index.ts';
import { applyToOpportunity } from '../../src/submissions/apply.ts';
import { autoApproveDueSubmissions } from '../../src/submissions/auto-approve.ts';
import { approveSubmission } from '../../src/submissions/review.ts';
import { timeOutDueSubmissions } from '../../src/submissions/time-out.ts';
import { returnSubmission, startSubmission, submitTask } from '../../src/submissions/work.ts';
import {
  client,
  createTestOrganization,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce, PASSING_ANSWERS, signUp } from '../support/participant-side.ts';
import { studyBody } from './place-world.ts';

/**
 * The property, through the real use cases on a real (embedded) database: over random
 * histories of applications, starts, hand-ins, approvals, returns and the passing of time (which
 * runs the time-out and auto-approval rounds), the places held never exceed the places wanted,
 * no maximum quota cell holds more than its cap, and every quota cell's count equals the
 * submissions holding a place in it. The clocks agree with the statuses throughout.
 */

const ENGINEER_ANSWERS = [
  { key: 'role', answer: ['Engineer'] },
  { key: 'tools', answer: ['Figma'] },
];
const POOL = 8;
const MINUTE = 60_000;

type Step =
  | { kind: 'apply'; who: number; designer: boolean }
  | { kind: 'start' | 'submit' | 'approve' | 'return'; who: number }
  | { kind: 'wait'; minutes: number };

const who = fc.nat(POOL - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('apply' as const), who, designer: fc.boolean() }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'start' as const,
        'submit' as const,
        'approve' as const,
        'return' as const,
      ),
      who,
    }),
  },
  // From a few minutes (inside a time limit) to two days (past every limit and the review clock).
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      minutes: fc.integer({ min: 1, max: 2880 }),
    }),
  },
);

/** Refusals are part of a random history; anything else is a failure. */
async function refusalsAllowed(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
  }
}

describe('places and quota cells over random histories (embedded database, through the use cases)', () => {
  let server: TestServer;
  let organization: TestOrganization;
  const pool: ParticipantRow[] = [];
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer('sqlite', { rateLimitPerKey: 1_000_000 });
    organization = await createTestOrganization(server, { balanceCents: 100_000_000 });
    for (let i = 0; i < POOL; i++) {
      const person = await signUp(server);
      pool.push((await findParticipant(server.database.db, person.id))!);
    }
  });
  afterAll(() => server.close());

  it('never holds more places than wanted, and every quota cell counts exactly its holders', async () => {
    const api = client(server, organization.apiKey);
    const project = await api.post('/v2/projects', { name: 'Histories' });
    const { db } = server.database;
    const cell = quotaCellKey('role', 'Designer');

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          places: fc.integer({ min: 1, max: 3 }),
          cap: fc.integer({ min: 1, max: 2 }),
          maxMinutes: fc.integer({ min: 10, max: 120 }),
        }),
        fc.array(step, { minLength: 1, maxLength: 30 }),
        async (setup, steps) => {
          const created = await api.post(
            '/v2/opportunities',
            studyBody(project.body.id, {
              num_participants: setup.places,
              max_minutes_per_submission: setup.maxMinutes,
              auto_approve_after_days: 1,
              quotas: [
                {
                  screening_question: 'role',
                  targets: [{ value: 'Designer', count: setup.cap, type: 'maximum' }],
                },
              ],
            }),
          );
          const opportunityId = created.body.id as string;
          await api.post(`/v2/opportunities/${opportunityId}/launch`, {});
          let now = new Date();
          const submissionOf = new Map<number, string>();

          for (const s of steps) {
            if (s.kind === 'wait') {
              now = new Date(now.getTime() + s.minutes * MINUTE);
              await timeOutDueSubmissions(db, { now, limit: 100 });
              await autoApproveDueSubmissions(db, { now, limit: 100 });
            } else if (s.kind === 'apply') {
              await refusalsAllowed(async () => {
                const result = await applyToOpportunity(db, {
                  groupsOf: groupIdsOfParticipant,
                  participant: pool[s.who]!,
                  opportunityId,
                  answers: s.designer ? PASSING_ANSWERS : ENGINEER_ANSWERS,
                  now,
                });
                if ('submission_id' in result) submissionOf.set(s.who, result.submission_id);
              });
            } else {
              const submissionId = submissionOf.get(s.who);
              if (!submissionId) continue;
              const participantId = pool[s.who]!.id;
              const input = { participantId, submissionId, now };
              await refusalsAllowed(() => {
                switch (s.kind) {
                  case 'start':
                    return startSubmission(db, input);
                  case 'submit':
                    return submitTask(db, { ...input, sequence: 1, notes: null });
                  case 'approve':
                    return approveSubmission(db, {
                      organizationId: organization.id,
                      submissionId,
                      now,
                    });
                  case 'return':
                    return returnSubmission(db, input);
                }
              });
            }

            const rows = await db
              .selectFrom('submissions')
              .selectAll()
              .where('opportunity_id', '=', opportunityId)
              .execute();
            const counters = await readCounters(db, opportunityId);
            const holding = rows.filter((row) => holdsPlace(row.status));
            const inCell = holding.filter((row) => JSON.parse(row.quota_cells).includes(cell));
            expect(holding.length).toBeLessThanOrEqual(setup.places);
            expect(inCell.length).toBeLessThanOrEqual(setup.cap);
            expect(counters[cell] ?? 0).toBe(inCell.length);
            for (const status of new Set(rows.map((row) => row.status))) {
              expect(counters[`status:${status}`]).toBe(
                rows.filter((row) => row.status === status).length,
              );
            }
            for (const row of rows) {
              expect(row.deadline_at !== null, `${row.status} deadline`).toBe(isTimed(row.status));
              expect(row.auto_approve_at !== null, `${row.status} review clock`).toBe(
                row.status === 'awaiting_review',
              );
              expect(row.abandoned_reason !== null).toBe(row.status === 'abandoned');
            }
            // After time has passed, nothing due is left running.
            if (s.kind === 'wait') {
              for (const row of rows) {
                if (row.deadline_at) expect(row.deadline_at > now.toISOString()).toBe(true);
                if (row.auto_approve_at) expect(row.auto_approve_at > now.toISOString()).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
