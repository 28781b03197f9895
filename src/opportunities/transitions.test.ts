import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  internalStatusesFor,
  isLaunched,
  OPPORTUNITY_STATUSES,
  type OpportunityStatus,
  publicOpportunityStatus,
} from './opportunity-status.ts';
import {
  placesStatus,
  planDelete,
  planEdit,
  planExpire,
  planLaunch,
  planPause,
  planResume,
  planStop,
} from './transitions.ts';

type Table = Partial<Record<OpportunityStatus, OpportunityStatus>>;

function check(name: string, plan: (status: OpportunityStatus) => { ok: boolean }, allowed: Table) {
  describe(name, () => {
    it.each(OPPORTUNITY_STATUSES.map((s) => [s, allowed[s] ?? null] as const))(
      'from %s -> %s',
      (from, to) => {
        const result = plan(from) as { ok: boolean; to?: string; code?: string; message?: string };
        if (to === null) {
          expect(result.ok).toBe(false);
          expect(result.code).toBe('CONFLICT');
          expect(result.message).toMatch(/\w/);
        } else {
          expect(result).toEqual({ ok: true, to });
        }
      },
    );
  });
}

check('planLaunch', (status) => planLaunch({ status }), { draft: 'active' });
check('planPause', (status) => planPause({ status }), { active: 'paused' });
check('planResume', (status) => planResume({ status }), { paused: 'active' });
check(
  'planStop with nothing awaiting review',
  (s) => planStop({ status: s, awaitingReviewCount: 0 }),
  {
    active: 'stopped',
    paused: 'stopped',
  },
);
check(
  'planStop with work awaiting review',
  (s) => planStop({ status: s, awaitingReviewCount: 2 }),
  {},
);
check('planExpire', (status) => planExpire({ status }), { active: 'expired', paused: 'expired' });
check('planEdit', (status) => planEdit({ status }), { draft: 'draft' });
check('planDelete', (status) => planDelete({ status }), {
  draft: 'draft',
  preparing: 'preparing',
  cancelled: 'cancelled',
  failed: 'failed',
});

describe('stop refusals', () => {
  it('names the blocking reviews, and sends drafts to delete', () => {
    const blocked = planStop({ status: 'active', awaitingReviewCount: 3 });
    expect(blocked.ok === false && blocked.message).toMatch(/3 submissions await review/);
    const draft = planStop({ status: 'draft', awaitingReviewCount: 0 });
    expect(draft.ok === false && draft.message).toMatch(/delete/);
  });
});

describe('planResume with places', () => {
  it('lands on fulfilled or completed when places filled while paused', () => {
    expect(planResume({ status: 'paused', numParticipants: 3, taken: 1, approved: 0 })).toEqual({
      ok: true,
      to: 'active',
    });
    expect(planResume({ status: 'paused', numParticipants: 3, taken: 3, approved: 1 })).toEqual({
      ok: true,
      to: 'fulfilled',
    });
    expect(planResume({ status: 'paused', numParticipants: 3, taken: 3, approved: 3 })).toEqual({
      ok: true,
      to: 'completed',
    });
  });
});

describe('publicOpportunityStatus', () => {
  it.each([
    ['draft', 'draft'],
    ['preparing', 'draft'],
    ['cancelled', 'draft'],
    ['expired', 'draft'],
    ['failed', 'draft'],
    ['active', 'active'],
    ['paused', 'paused'],
    ['fulfilled', 'fulfilled'],
    ['stopped', 'stopped'],
    ['completed', 'completed'],
  ] as const)('%s reports as %s', (internal, shown) => {
    expect(publicOpportunityStatus(internal)).toBe(shown);
  });

  it('lists every internal status under exactly one filter value', () => {
    expect(internalStatusesFor('draft').sort()).toEqual([
      'cancelled',
      'draft',
      'expired',
      'failed',
      'preparing',
    ]);
    expect(internalStatusesFor('active')).toEqual(['active']);
  });

  it('treats expired as launched even though it reads as draft', () => {
    expect(isLaunched('expired')).toBe(true);
    expect(isLaunched('draft')).toBe(false);
  });
});

describe('placesStatus', () => {
  it.each([
    // n, taken, approved, current -> next
    [3, 2, 0, 'active', 'active'],
    [3, 3, 0, 'active', 'fulfilled'],
    [3, 3, 2, 'fulfilled', 'fulfilled'],
    [3, 2, 2, 'fulfilled', 'active'],
    [3, 3, 3, 'fulfilled', 'completed'],
    [3, 3, 3, 'active', 'completed'],
    [3, 3, 0, 'paused', 'paused'],
    [3, 3, 3, 'paused', 'completed'],
    [3, 3, 3, 'stopped', 'stopped'],
    [3, 3, 3, 'draft', 'draft'],
    [3, 0, 0, 'completed', 'completed'],
  ] as const)('n=%i taken=%i approved=%i %s -> %s', (n, taken, approved, current, next) => {
    expect(placesStatus({ numParticipants: n, taken, approved, currentStatus: current })).toBe(
      next,
    );
  });

  it('is fulfilled exactly when every place is taken, for a recruiting study', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.nat(60),
        fc.nat(60),
        fc.constantFrom('active', 'fulfilled'),
        (n, taken, approvedRaw, current) => {
          const approved = Math.min(approvedRaw, taken);
          const next = placesStatus({
            numParticipants: n,
            taken,
            approved,
            currentStatus: current as OpportunityStatus,
          });
          if (approved >= n) expect(next).toBe('completed');
          else expect(next).toBe(taken >= n ? 'fulfilled' : 'active');
        },
      ),
    );
  });
});
