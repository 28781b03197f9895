import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounters } from '../../src/admission/counters.ts';
import { PLACE_TAKING_STATUSES } from '../../src/admission/index.ts';
import { participantFields } from '../../src/participants/profile.ts';
import { seededRandom, simulatedProfile } from '../../src/participants/simulated-panel.ts';
import { insertParticipants } from '../../src/participants/store.ts';
import { quotaCellKey } from '../../src/screening/index.ts';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, loadGeographyOnce } from '../support/participant-side.ts';

/**
 * A launch stampede in small (docs/decisions/0136-launch-stampede-benchmark.md; bench/stampede.ts
 * is the large one): 200 people apply at once to 40 places split 24/16 by a quota. Every answer is
 * one the contract allows, and the places and quota cells come out exact, on both engines (on
 * PostgreSQL the opportunity's lock is released at the commit, before the commit's flush).
 */
const PLACES = 40;
const CELLS = { Designer: 24, Engineer: 16 } as const;
const APPLICANTS = 200;

/** Half designers, three in ten engineers (both qualify), one in ten screened out, one in review. */
function answersOf(n: number) {
  const slot = n % 10;
  const role = slot < 5 ? 'Designer' : slot < 8 ? 'Engineer' : slot === 8 ? 'Student' : 'Manager';
  return [
    { key: 'role', answer: [role] },
    { key: 'tools', answer: role === 'Manager' ? ['Sketch'] : ['Figma'] },
  ];
}

describe.each(engines())('a launch stampede on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
  });
  afterAll(() => server.close());

  it('answers everyone by the contract and fills the places and each quota cell exactly', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 10_000_000 });
    const study = await launchStudy(server, organization, {
      numParticipants: PLACES,
      quotas: [
        {
          screening_question: 'role',
          targets: Object.entries(CELLS).map(([value, count]) => ({
            value,
            count,
            type: 'maximum',
          })),
        },
      ],
    });
    const { db } = server.database;
    const random = seededRandom(3);
    const people = await insertParticipants(
      db,
      Array.from({ length: APPLICANTS }, (_, n) => ({
        fields: participantFields(simulatedProfile(random, n, `stampede-${engine}`)),
      })),
    );

    const responses = await Promise.all(
      people.map(({ token }, n) =>
        client(server, token).post(`/v2/participant/opportunities/${study.id}/applications`, {
          answers: answersOf(n),
        }),
      ),
    );

    const outcomes: Record<string, number> = {};
    for (const [n, response] of responses.entries()) {
      const role = answersOf(n)[0]!.answer[0]!;
      if (response.status === 409) {
        // Closed once the last place was taken: the opportunity is no longer recruiting.
        expect(response.body.code).toBe('CONFLICT');
        outcomes.closed = (outcomes.closed ?? 0) + 1;
        continue;
      }
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const { status } = response.body;
      outcomes[status] = (outcomes[status] ?? 0) + 1;
      if (role === 'Student') expect(status).toBe('screened_out');
      if (role === 'Manager') expect(status).toBe('awaiting_decision');
      if (status === 'awaiting_decision') {
        expect(response.body.applicant_id).toMatch(/^sub_/);
      } else {
        expect(['screen_passed', 'screened_out']).toContain(status);
        expect(response.body.submission_id).toMatch(/^sub_/);
      }
    }
    expect(outcomes.screen_passed).toBe(PLACES);

    const rows = await db
      .selectFrom('submissions')
      .select(['participant_id', 'status', 'quota_cells', 'closed_reason', 'quality_flags'])
      .where('opportunity_id', '=', study.id)
      .execute();
    // One submission per answered 200, none for a 409, none twice for one person.
    expect(rows).toHaveLength(APPLICANTS - (outcomes.closed ?? 0));
    expect(new Set(rows.map((row) => row.participant_id)).size).toBe(rows.length);
    const holding = rows.filter((row) =>
      (PLACE_TAKING_STATUSES as readonly string[]).includes(row.status),
    );
    expect(holding).toHaveLength(PLACES);
    const counters = await readCounters(db, study.id);
    expect(counters['status:screen_passed']).toBe(PLACES);
    for (const [value, target] of Object.entries(CELLS)) {
      const key = quotaCellKey('role', value);
      const inCell = holding.filter((row) =>
        (JSON.parse(row.quota_cells) as string[]).includes(key),
      );
      expect(inCell).toHaveLength(target);
      expect(counters[key]).toBe(target);
    }
    // A qualified applicant turned away was turned away by a full cell or the full study.
    for (const row of rows) {
      if (row.status === 'screened_out' && row.closed_reason !== null) {
        expect(row.closed_reason).toMatch(/^quota: /);
      }
    }
    // All came from the test's one client: each application carries the flag, once.
    for (const row of rows) {
      expect(JSON.parse(row.quality_flags)).toEqual(['shared_network']);
    }

    const read = await client(server, organization.apiKey).get(`/v2/opportunities/${study.id}`);
    expect(read.body.status).toBe('fulfilled');
    expect(read.body.places_taken).toBe(PLACES);
    expect(
      Object.fromEntries(
        read.body.quota_progress[0].targets.map((t: { value: string; current: number }) => [
          t.value,
          t.current,
        ]),
      ),
    ).toEqual(CELLS);
  });
});
