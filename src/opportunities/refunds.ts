/**
 * Refunds of an opportunity's launch charge. The charge paid for every place up front; a place
 * whose money may still go to a participant (approved, or work under way or under review) is
 * kept, every other place is given back.
 */
export interface RefundInput {
  costPerParticipantCents: number;
  numParticipants: number;
  approvedCount: number;
  inProgressCount: number;
}

function keptPlaces(numParticipants: number, kept: number): number {
  return Math.max(0, numParticipants - Math.max(0, kept));
}

/** Cost x places neither approved nor in progress (docs/decisions/0030-opportunity-lifecycle.md). */
export function stopRefundCents(input: RefundInput): number {
  const unused = keptPlaces(input.numParticipants, input.approvedCount + input.inProgressCount);
  return input.costPerParticipantCents * unused;
}

/**
 * Expiry cannot wait for reviews, so places under review are kept as well: the customer may
 * still approve that work, and a later rejection refunds the place (closedPlaceRefundCents).
 */
export function expiryRefundCents(input: RefundInput & { awaitingReviewCount: number }): number {
  const kept = input.approvedCount + input.inProgressCount + input.awaitingReviewCount;
  return input.costPerParticipantCents * keptPlaces(input.numParticipants, kept);
}

/**
 * After a stop or an expiry nobody can take a freed place, so a place kept at closing (work in
 * progress or under review) that ends unpaid (rejected or abandoned) is refunded on its own: one
 * cost per participant. Invitations withdrawn at closing are not kept places: the closing refund
 * already covered them. While recruiting, a freed place goes back to the pool instead.
 */
export function closedPlaceRefundCents(input: {
  opportunityStatus: string;
  from: string;
  to: string;
  costPerParticipantCents: number;
}): number {
  const closed = input.opportunityStatus === 'stopped' || input.opportunityStatus === 'expired';
  const kept = input.from === 'in_progress' || input.from === 'awaiting_review';
  const unpaid = input.to === 'rejected' || input.to === 'abandoned';
  return closed && kept && unpaid ? input.costPerParticipantCents : 0;
}
