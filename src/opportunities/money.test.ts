import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTakenPlaces, type SubmissionLifecycleStatus } from '../admission/index.ts';
import type { Transition } from '../platform/transition.ts';
import { priceOpportunity } from '../pricing/index.ts';
import {
  planAbandon,
  planApprove,
  planDecline,
  planInvite,
  planReject,
  planStart,
  planSubmitTask,
  planWithdrawOnStop,
} from '../submissions/index.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { closedPlaceRefundCents, expiryRefundCents, stopRefundCents } from './refunds.ts';
import { placesStatus, planExpire, planPause, planResume, planStop } from './transitions.ts';

/**
 * A launched study driven through random customer, participant and clock actions using only the
 * pure rules, with the ledger kept as three sums. The platform may never pay out or refund more
 * than it charged, and once everything settles it keeps exactly the fee of each approved place.
 */
type Action =
  | { kind: 'apply'; review: boolean }
  | {
      kind: 'invite' | 'decline' | 'start' | 'submit' | 'approve' | 'reject' | 'abandon';
      pick: number;
    }
  | { kind: 'pause' | 'resume' | 'stop' | 'expire' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('apply' as const), review: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom('invite', 'decline', 'start', 'submit', 'approve', 'reject', 'abandon'),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constantFrom('pause', 'resume', 'stop', 'expire') }),
);

class Study {
  status: OpportunityStatus = 'active';
  submissions: SubmissionLifecycleStatus[] = [];
  charged: number;
  refunded = 0;
  paidOut = 0;
  readonly cost: number;

  readonly n: number;
  readonly incentive: number;
  readonly fee: number;

  constructor(n: number, incentive: number, fee: number) {
    this.n = n;
    this.incentive = incentive;
    this.fee = fee;
    const pricing = priceOpportunity({
      incentiveCents: incentive,
      platformFeeCents: fee,
      numParticipants: n,
    });
    this.cost = pricing.cost_per_participant_cents;
    this.charged = pricing.total_cost_cents;
  }

  count(status: SubmissionLifecycleStatus) {
    return this.submissions.filter((s) => s === status).length;
  }

  counts() {
    const counts: Record<string, number> = {};
    for (const s of this.submissions) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  }

  settlePlaces() {
    this.status = placesStatus({
      numParticipants: this.n,
      taken: countTakenPlaces(this.counts()),
      approved: this.count('approved'),
      currentStatus: this.status,
    });
  }

  move(
    index: number,
    plan: (s: SubmissionLifecycleStatus) => Transition<SubmissionLifecycleStatus>,
  ) {
    const from = this.submissions[index];
    if (from === undefined) return;
    const result = plan(from);
    if (!result.ok) return;
    this.submissions[index] = result.to;
    if (result.to === 'approved') this.paidOut += this.incentive;
    this.refunded += closedPlaceRefundCents({
      opportunityStatus: this.status,
      from,
      to: result.to,
      costPerParticipantCents: this.cost,
    });
    this.settlePlaces();
  }

  close(kind: 'stop' | 'expire') {
    const plan =
      kind === 'stop'
        ? planStop({ status: this.status, awaitingReviewCount: this.count('awaiting_review') })
        : planExpire({ status: this.status });
    if (!plan.ok) return;
    const refundInput = {
      costPerParticipantCents: this.cost,
      numParticipants: this.n,
      approvedCount: this.count('approved'),
      inProgressCount: this.count('in_progress'),
    };
    this.refunded +=
      kind === 'stop'
        ? stopRefundCents(refundInput)
        : expiryRefundCents({ ...refundInput, awaitingReviewCount: this.count('awaiting_review') });
    this.status = plan.to;
    this.submissions = this.submissions.map((s) => {
      const withdrawn = planWithdrawOnStop(s);
      return withdrawn.ok ? withdrawn.to : s;
    });
  }

  apply(review: boolean) {
    if (this.status !== 'active') return;
    if (countTakenPlaces(this.counts()) >= this.n) return;
    this.submissions.push(review ? 'awaiting_decision' : 'screen_passed');
    this.settlePlaces();
  }

  run(a: Action) {
    const pick = 'pick' in a ? a.pick % Math.max(1, this.submissions.length) : 0;
    switch (a.kind) {
      case 'apply':
        return this.apply(a.review);
      case 'invite':
        // Inviting takes a place: only while one is free, as routing would check.
        if (this.status === 'active' && countTakenPlaces(this.counts()) < this.n) {
          this.move(pick, planInvite);
        }
        return;
      case 'decline':
        return this.move(pick, planDecline);
      case 'start':
        return this.move(pick, planStart);
      case 'submit':
        return this.move(pick, (s) =>
          planSubmitTask({ status: s, taskStatus: 'available', otherAvailableCount: 0 }),
        );
      case 'approve':
        return this.move(pick, (s) =>
          planApprove({ status: s, remainingTaskCount: 0, payFrequency: 'one_time' }),
        );
      case 'reject':
        return this.move(pick, planReject);
      case 'abandon':
        return this.move(pick, planAbandon);
      case 'pause': {
        const p = planPause({ status: this.status });
        if (p.ok) this.status = p.to;
        return;
      }
      case 'resume': {
        const r = planResume({
          status: this.status,
          numParticipants: this.n,
          taken: countTakenPlaces(this.counts()),
          approved: this.count('approved'),
        });
        if (r.ok) this.status = r.to;
        return;
      }
      case 'stop':
        return this.close('stop');
      case 'expire':
        return this.close('expire');
    }
  }

  /** Lets every open submission finish one way or the other, then closes the study. */
  settle(approveAll: boolean) {
    for (let i = 0; i < this.submissions.length; i++) {
      this.move(i, planDecline);
      this.move(i, planStart);
      this.move(i, (s) =>
        planSubmitTask({ status: s, taskStatus: 'available', otherAvailableCount: 0 }),
      );
      if (approveAll)
        this.move(i, (s) =>
          planApprove({ status: s, remainingTaskCount: 0, payFrequency: 'one_time' }),
        );
      else this.move(i, planReject);
    }
    this.close('stop');
  }

  checkBooks() {
    expect(this.refunded).toBeLessThanOrEqual(this.charged);
    expect(this.charged - this.refunded - this.paidOut).toBeGreaterThanOrEqual(0);
    expect(this.count('approved')).toBeLessThanOrEqual(this.n);
  }
}

describe('the money of one opportunity', () => {
  const study = fc.record({
    n: fc.integer({ min: 1, max: 6 }),
    incentive: fc.integer({ min: 0, max: 20_000 }),
    fee: fc.integer({ min: 0, max: 5_000 }),
    actions: fc.array(action, { maxLength: 80 }),
    approveAll: fc.boolean(),
  });

  it('never refunds or pays out more than was charged, and keeps exactly the fees of approved places', () => {
    fc.assert(
      fc.property(study, ({ n, incentive, fee, actions, approveAll }) => {
        const s = new Study(n, incentive, fee);
        for (const a of actions) {
          s.run(a);
          s.checkBooks();
        }
        s.settle(approveAll);
        s.checkBooks();
        expect(['stopped', 'expired', 'completed']).toContain(s.status);
        expect(s.charged - s.refunded - s.paidOut).toBe(fee * s.count('approved'));
      }),
      { numRuns: 500 },
    );
  });

  it('refunds every place at a stop with nothing under way', () => {
    expect(
      stopRefundCents({
        costPerParticipantCents: 1240,
        numParticipants: 5,
        approvedCount: 0,
        inProgressCount: 0,
      }),
    ).toBe(6200);
    expect(
      stopRefundCents({
        costPerParticipantCents: 1240,
        numParticipants: 5,
        approvedCount: 2,
        inProgressCount: 1,
      }),
    ).toBe(2480);
    expect(
      expiryRefundCents({
        costPerParticipantCents: 1240,
        numParticipants: 5,
        approvedCount: 2,
        inProgressCount: 1,
        awaitingReviewCount: 1,
      }),
    ).toBe(1240);
  });

  it('refunds a kept place that ends unpaid only once the study is closed', () => {
    const base = { costPerParticipantCents: 900 };
    expect(
      closedPlaceRefundCents({
        ...base,
        opportunityStatus: 'stopped',
        from: 'awaiting_review',
        to: 'rejected',
      }),
    ).toBe(900);
    expect(
      closedPlaceRefundCents({
        ...base,
        opportunityStatus: 'expired',
        from: 'in_progress',
        to: 'abandoned',
      }),
    ).toBe(900);
    expect(
      closedPlaceRefundCents({
        ...base,
        opportunityStatus: 'stopped',
        from: 'screen_passed',
        to: 'abandoned',
      }),
    ).toBe(0);
    expect(
      closedPlaceRefundCents({
        ...base,
        opportunityStatus: 'active',
        from: 'awaiting_review',
        to: 'rejected',
      }),
    ).toBe(0);
    expect(
      closedPlaceRefundCents({
        ...base,
        opportunityStatus: 'stopped',
        from: 'awaiting_review',
        to: 'approved',
      }),
    ).toBe(0);
  });
});
