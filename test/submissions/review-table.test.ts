import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPage } from '../../src/platform/http/pagination.ts';
import {
  listSubmissionsForReview,
  type ReviewSort,
  reviewTableKeys,
} from '../../src/submissions/index.ts';
import { reviewTableQuery } from '../../src/submissions/review-table.ts';
import { type Clock, startDashboardServer } from '../dashboard/support.ts';
import { createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  type Study,
  signUp,
} from '../support/participant-side.ts';

/**
 * The dashboard's submissions table (docs/decisions/0183-review-at-a-glance.md): every order walked
 * a small page at a time gives each submission once, in the order the table promises, through the
 * indexes of migration 0034.
 */
describe.each(engines())('the review table’s orders on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let study: Study;
  /** Seconds each participant took, in the order they applied; null: still at work. */
  const TAKEN = [300, 60, 900, 60, 1800.5, 120, null, 45];
  const submissions: { id: string; taken: number | null; submittedAt: number | null }[] = [];

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, clock } = await startDashboardServer(engine));
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    study = await launchStudy(server, organization, { numParticipants: TAKEN.length });
    for (const taken of TAKEN) {
      const participant = await signUp(server);
      const { submission_id: id } = await apply(participant, study.id);
      await participant.api.post(`/v2/participant/submissions/${id}/start`, {});
      let submittedAt: number | null = null;
      if (taken !== null) {
        clock.advance(taken * 1000);
        const handedIn = await participant.api.post(
          `/v2/participant/submissions/${id}/tasks/1/submit`,
          {},
        );
        expect(handedIn.body.status).toBe('awaiting_review');
        submittedAt = clock.now;
      }
      submissions.push({ id: id!, taken, submittedAt });
      clock.advance(1000);
    }
  }, 120_000);
  afterAll(() => server?.close());

  /** Every page of an order, two rows at a time, as the table's "Next page" walks it. */
  async function walk(sort: ReviewSort, order: 'asc' | 'desc', status?: string) {
    const seen: { id: string; seconds: number | null }[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const rows = await listSubmissionsForReview(server.database.db, {
        opportunityId: study.id,
        status,
        sort,
        order,
        cursor,
        limit: 2,
      });
      const page = toPage(
        rows,
        2,
        (row) => reviewTableKeys(sort, row),
        (row) => row,
      );
      seen.push(...page.data.map((row) => ({ id: row.id, seconds: row.seconds_taken })));
      if (!page.pagination.next_cursor) return seen;
      cursor = page.pagination.next_cursor;
    }
    throw new Error('the walk did not end');
  }

  const byThenId = <T extends { id: string }>(value: (s: T) => number, order: 'asc' | 'desc') => {
    const sign = order === 'asc' ? 1 : -1;
    return (a: T, b: T) => sign * (value(a) - value(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  };

  it('lists every application newest first by default, and oldest first when asked', async () => {
    const ids = submissions.map((s) => s.id);
    expect((await walk('applied', 'desc')).map((s) => s.id)).toEqual([...ids].reverse());
    expect((await walk('applied', 'asc')).map((s) => s.id)).toEqual(ids);
  });

  it('orders work handed in by when it was, each once, the work still under way left out', async () => {
    const handedIn = submissions.filter((s) => s.submittedAt !== null);
    for (const order of ['asc', 'desc'] as const) {
      const expected = [...handedIn].sort(byThenId((s) => s.submittedAt!, order));
      expect((await walk('submitted', order)).map((s) => s.id)).toEqual(expected.map((s) => s.id));
    }
  });

  // Exact equality: two pieces of work of sixty seconds each must be the same number, or the
  // table orders them by rounding noise instead of by id (migration 0036).
  it('orders work by the time it took, ties by id, with the seconds it took', async () => {
    const handedIn = submissions.filter((s) => s.taken !== null);
    for (const order of ['asc', 'desc'] as const) {
      const expected = [...handedIn].sort(byThenId((s) => s.taken!, order));
      const walked = await walk('time_taken', order);
      expect(walked.map((s) => s.id)).toEqual(expected.map((s) => s.id));
      for (const [index, row] of walked.entries()) {
        expect(row.seconds).toBe(expected[index]!.taken!);
      }
    }
  });

  it('filters by status along the same orders', async () => {
    expect(await walk('time_taken', 'asc', 'in_progress')).toEqual([]);
    expect((await walk('applied', 'desc', 'in_progress')).map((s) => s.id)).toEqual([
      submissions[6]!.id,
    ]);
  });

  it('reads each order from its index, not by sorting the study’s rows', async () => {
    const db = server.database.db;
    const plans: Record<string, string> = {};
    for (const sort of ['submitted', 'time_taken'] as const) {
      const compiled = reviewTableQuery(db, {
        opportunityId: study.id,
        sort,
        order: 'asc',
        limit: 25,
      }).compile();
      const explain =
        engine === 'sqlite'
          ? await sql
              .raw(`explain query plan ${inline(compiled.sql, compiled.parameters)}`)
              .execute(db)
          : await db.transaction().execute(async (trx) => {
              // The shared test database's statistics may call the study's rows one, and then a
              // sort looks as cheap as the index: forbidding both asks whether an index gives the
              // order, which is what this test is about.
              await sql`set local enable_seqscan = off`.execute(trx);
              await sql`set local enable_sort = off`.execute(trx);
              return sql.raw(`explain ${inline(compiled.sql, compiled.parameters)}`).execute(trx);
            });
      plans[sort] = JSON.stringify(explain.rows);
    }
    expect(plans.submitted).toContain('submissions_opportunity_submitted');
    expect(plans.time_taken).toContain('submissions_opportunity_time_taken');
    expect(plans.submitted).not.toMatch(/TEMP B-TREE|Sort Key/i);
    expect(plans.time_taken).not.toMatch(/TEMP B-TREE|Sort Key/i);
  });
});

/** A statement with its parameters written in, for EXPLAIN (test values only: ids and numbers). */
function inline(text: string, parameters: readonly unknown[]): string {
  let index = 0;
  return text.replace(/\?|\$\d+/g, (mark) => {
    const value = mark === '?' ? parameters[index++] : parameters[Number(mark.slice(1)) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
