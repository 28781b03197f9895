import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allotment } from '../../src/admission/counter-shards.ts';
import { counterShards, readCounters } from '../../src/admission/counters.ts';
import { holdsPlace, PLACES_HELD_KEY } from '../../src/admission/index.ts';
import { stopOpportunity } from '../../src/opportunities/index.ts';
import { pauseOpportunity, resumeOpportunity } from '../../src/opportunities/pause-resume.ts';
import { groupIdsOfParticipant } from '../../src/participant-groups/index.ts';
import { findParticipant, type ParticipantRow } from '../../src/participants/index.ts';
import { ConflictError, NotFoundError } from '../../src/platform/errors.ts';
import { quotaCellKey } from '../../src/screening/index.ts';
import { applyToOpportunity } from '../../src/submissions/apply.ts';
import { approveSubmission, inviteApplicant } from '../../src/submissions/review.ts';
import { timeOutDueSubmissions } from '../../src/submissions/time-out.ts';
import { returnSubmission, startSubmission, submitTask } from '../../src/submissions/work.ts';
import { engines } from '../support/harness.ts';
import { loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { newCustomer, type PlaceWorld, startPlaceWorld, studyBody } from './place-world.ts';

/**
 * Admissions without the opportunity's lock
 * (docs/decisions/0141-admissions-without-the-opportunitys-lock.md), raced: each round runs a
 * random set of applications, starts, hand-ins, approvals, invitations, returns, time-outs, pauses,
 * resumes and stops at once, through the use cases, on both engines. On PostgreSQL these are
 * concurrent transactions: applications lock only the places counter and quota cells, changes take
 * the opportunity and then the same counter. After every round:
 * - nothing failed but by a refusal the contract gives (a deadlock would surface here);
 * - the places held never exceed the places, nor a maximum or exact cell its count;
 * - places_held, every status counter and every quota cell count exactly the rows they count, and
 *   no shard of a capped counter holds more than its allotment (counter-shards.ts);
 * - when no customer invitation overrode it, the places held by applicants outside the minimum
 *   and exact cells never exceed the places those targets leave over (screening/quotas.ts).
 */

const POOL = 10;
const ROLES = ['Designer', 'Engineer', 'Manager', 'Student'] as const;
type Role = (typeof ROLES)[number];

const answersFor = (role: Role) => [
  { key: 'role', answer: [role] },
  { key: 'tools', answer: ['Figma'] },
];

type Op =
  | { kind: 'apply'; who: number; role: Role }
  | { kind: 'start' | 'submit' | 'approve' | 'return' | 'invite'; who: number }
  | { kind: 'timeOut' | 'pause' | 'resume' | 'stop' };

const who = fc.nat(POOL - 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      who,
      role: fc.constantFrom(...ROLES),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'start' as const,
        'submit' as const,
        'approve' as const,
        'return' as const,
        'invite' as const,
      ),
      who,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'timeOut' as const,
        'pause' as const,
        'resume' as const,
        'stop' as const,
      ),
    }),
  },
);

const setupOf = fc
  .integer({ min: 2, max: 5 })
  .chain((places) =>
    fc.record({
      places: fc.constant(places),
      engineers: fc.integer({ min: 1, max: places - 1 }),
      // Maximum targets alone admit with one guarded upsert (admissionCaps); a minimum or an
      // exact target, on counters locked first.
      engineerType: fc.constantFrom('minimum' as const, 'maximum' as const),
      designerType: fc.constantFrom('maximum' as const, 'exact' as const),
    }),
  )
  .chain((setup) =>
    fc.record({
      places: fc.constant(setup.places),
      engineers: fc.constant(setup.engineers),
      engineerType: fc.constant(setup.engineerType),
      designerType: fc.constant(setup.designerType),
      designers: fc.integer({ min: 1, max: setup.places - setup.engineers }),
    }),
  );

/** Refusals are part of a random history; anything else is a failure. */
async function refusalsAllowed(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
    return false;
  }
}

describe.each(engines())('admissions raced with changes on %s', (engine) => {
  let world: PlaceWorld;
  const pool: ParticipantRow[] = [];
  beforeAll(async () => {
    loadGeographyOnce();
    world = await startPlaceWorld(engine);
    for (let i = 0; i < POOL; i++) {
      const person = await signUp(world.server);
      pool.push((await findParticipant(world.server.database.db, person.id))!);
    }
  });
  afterAll(() => world.close());

  it('keeps places, quota cells and counters exact, and never deadlocks', async () => {
    const customer = await newCustomer(world);
    const project = await customer.api.post('/v2/projects', { name: 'Races' });
    const { db } = world.server.database;
    const organizationId = customer.organization.id;
    const designers = quotaCellKey('role', 'Designer');
    const engineers = quotaCellKey('role', 'Engineer');

    await fc.assert(
      fc.asyncProperty(
        setupOf,
        fc.array(fc.array(op, { minLength: 1, maxLength: 14 }), { minLength: 1, maxLength: 4 }),
        async (setup, rounds) => {
          const created = await customer.api.post(
            '/v2/opportunities',
            studyBody(project.body.id, {
              num_participants: setup.places,
              max_minutes_per_submission: 30,
              quotas: [
                {
                  screening_question: 'role',
                  targets: [
                    { value: 'Designer', count: setup.designers, type: setup.designerType },
                    { value: 'Engineer', count: setup.engineers, type: setup.engineerType },
                  ],
                },
              ],
            }),
          );
          expect(created.status, created.text).toBe(200);
          const opportunityId = created.body.id as string;
          const launched = await customer.api.post(`/v2/opportunities/${opportunityId}/launch`, {});
          expect(launched.status, launched.text).toBe(200);
          const submissionOf = new Map<number, string>();
          let invited = false;
          let minutes = 0;

          for (const round of rounds) {
            minutes += 1;
            const now = new Date(world.now().getTime() + minutes * 60_000);
            await Promise.all(
              round.map(async (o) => {
                const byCustomer = { organizationId, opportunityId };
                switch (o.kind) {
                  case 'apply':
                    return refusalsAllowed(async () => {
                      const result = await applyToOpportunity(db, {
                        groupsOf: groupIdsOfParticipant,
                        participant: pool[o.who]!,
                        opportunityId,
                        answers: answersFor(o.role),
                        now,
                      });
                      submissionOf.set(
                        o.who,
                        'submission_id' in result ? result.submission_id : result.applicant_id,
                      );
                    });
                  case 'timeOut':
                    // Past every time limit: each held place not handed in times out.
                    return timeOutDueSubmissions(db, {
                      now: new Date(now.getTime() + 24 * 60 * 60_000),
                      limit: 100,
                    });
                  case 'pause':
                    return refusalsAllowed(() => pauseOpportunity(db, byCustomer));
                  case 'resume':
                    return refusalsAllowed(() => resumeOpportunity(db, byCustomer));
                  case 'stop':
                    return refusalsAllowed(() => stopOpportunity(db, { ...byCustomer, now }));
                }
                const submissionId = submissionOf.get(o.who);
                if (!submissionId) return;
                const input = { participantId: pool[o.who]!.id, submissionId, now };
                switch (o.kind) {
                  case 'start':
                    return refusalsAllowed(() => startSubmission(db, input));
                  case 'submit':
                    return refusalsAllowed(() =>
                      submitTask(db, { ...input, sequence: 1, notes: null }),
                    );
                  case 'approve':
                    return refusalsAllowed(() =>
                      approveSubmission(db, { organizationId, submissionId, now }),
                    );
                  case 'return':
                    return refusalsAllowed(() => returnSubmission(db, input));
                  case 'invite':
                    if (
                      await refusalsAllowed(() =>
                        inviteApplicant(db, {
                          organizationId,
                          submissionId,
                          now,
                          publicUrl: 'http://127.0.0.1',
                        }),
                      )
                    ) {
                      invited = true;
                    }
                    return;
                }
              }),
            );

            const rows = await db
              .selectFrom('submissions')
              .select(['status', 'quota_cells'])
              .where('opportunity_id', '=', opportunityId)
              .execute();
            const counters = await readCounters(db, opportunityId);
            const holding = rows.filter((row) => holdsPlace(row.status));
            const inCell = (key: string) =>
              holding.filter((row) => (JSON.parse(row.quota_cells) as string[]).includes(key))
                .length;
            expect(holding.length).toBeLessThanOrEqual(setup.places);
            expect(counters[PLACES_HELD_KEY]).toBe(holding.length);
            expect(inCell(designers)).toBeLessThanOrEqual(setup.designers);
            if (setup.engineerType === 'maximum') {
              expect(inCell(engineers)).toBeLessThanOrEqual(setup.engineers);
            }
            expect(counters[designers] ?? 0).toBe(inCell(designers));
            expect(counters[engineers] ?? 0).toBe(inCell(engineers));
            // No shard of a capped counter holds more than its allotment (counter-shards.ts):
            // places held always; the cells where the targets are maximum ones only.
            const caps = new Map([[PLACES_HELD_KEY, setup.places]]);
            if (setup.engineerType === 'maximum' && setup.designerType === 'maximum') {
              caps.set(designers, setup.designers).set(engineers, setup.engineers);
            }
            const shards = await db
              .selectFrom('opportunity_counters')
              .select(['counter_key', 'shard', 'value'])
              .where('opportunity_id', '=', opportunityId)
              .where('counter_key', 'in', [...caps.keys()])
              .execute();
            for (const shard of shards) {
              const cap = caps.get(shard.counter_key)!;
              expect(
                Number(shard.value),
                `${shard.counter_key} ${shard.shard}`,
              ).toBeLessThanOrEqual(allotment(cap, counterShards(db), shard.shard));
            }
            for (const status of new Set(rows.map((row) => row.status))) {
              expect(counters[`status:${status}`], status).toBe(
                rows.filter((row) => row.status === status).length,
              );
            }
            if (!invited) {
              // Roles are single-select, so the cells exclude one another (screening/quotas.ts).
              const minimum = setup.engineerType === 'minimum';
              const filling =
                (minimum ? Math.min(inCell(engineers), setup.engineers) : 0) +
                (setup.designerType === 'exact' ? Math.min(inCell(designers), setup.designers) : 0);
              const reserved =
                (minimum ? setup.engineers : 0) +
                (setup.designerType === 'exact' ? setup.designers : 0);
              expect(holding.length - filling).toBeLessThanOrEqual(setup.places - reserved);
            }
            // The places rule: a study with every place held is fulfilled, once the admissions
            // that filled it have finished.
            const status = (
              await db
                .selectFrom('opportunities')
                .select('status')
                .where('id', '=', opportunityId)
                .executeTakeFirstOrThrow()
            ).status;
            if (status === 'active') expect(holding.length).toBeLessThan(setup.places);
            if (status === 'fulfilled') expect(holding.length).toBe(setup.places);
          }
        },
      ),
      { numRuns: engine === 'postgres' ? 40 : 25 },
    );
  });
});
