import { moveTo, refuse, type Transition } from '../platform/transition.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { isLaunched } from './opportunity-status.ts';

type Plan = Transition<OpportunityStatus>;

function launchedRefusal(action: string, status: OpportunityStatus): Plan {
  return refuse(`The opportunity was launched (status ${status}) and can no longer be ${action}`);
}

/** PATCH keeps a draft a draft; anything else is 409 (docs/api/opportunities.md). */
export function planEdit({ status }: { status: OpportunityStatus }): Plan {
  if (status === 'draft') return moveTo('draft');
  if (isLaunched(status)) return launchedRefusal('edited', status);
  return refuse(`An opportunity that is ${status} cannot be edited`);
}

/** DELETE removes a draft, never charged; the returned status is the one it had. */
export function planDelete({ status }: { status: OpportunityStatus }): Plan {
  if (isLaunched(status)) return launchedRefusal('deleted', status);
  return moveTo(status);
}

/** Launch moves a draft to active; the 402 check is computeFunding's, made first. */
export function planLaunch({ status }: { status: OpportunityStatus }): Plan {
  if (status === 'draft') return moveTo('active');
  if (status === 'preparing') return refuse('The opportunity is still being prepared');
  if (isLaunched(status)) return refuse(`The opportunity is already launched (status ${status})`);
  return refuse(`An opportunity that is ${status} cannot be launched`);
}

export function planPause({ status }: { status: OpportunityStatus }): Plan {
  if (status === 'active') return moveTo('paused');
  return refuse(`Only an active opportunity can be paused; this one is ${status}`);
}

/**
 * Resume reopens recruiting, unless the places filled (or were all approved) while it was
 * paused: then it lands where placesStatus puts an active study with those places.
 */
export function planResume(input: {
  status: OpportunityStatus;
  numParticipants?: number;
  taken?: number;
  approved?: number;
}): Plan {
  if (input.status !== 'paused') {
    return refuse(`Only a paused opportunity can be resumed; this one is ${input.status}`);
  }
  if (input.numParticipants === undefined) return moveTo('active');
  return moveTo(
    placesStatus({
      numParticipants: input.numParticipants,
      taken: input.taken ?? 0,
      approved: input.approved ?? 0,
      currentStatus: 'active',
    }),
  );
}

/**
 * Only active or paused studies stop; submissions awaiting review block it with a 409; a draft is
 * deleted rather than stopped (docs/decisions/0030-opportunity-lifecycle.md).
 */
export function planStop(input: { status: OpportunityStatus; awaitingReviewCount: number }): Plan {
  const { status, awaitingReviewCount } = input;
  if (status === 'active' || status === 'paused') {
    if (awaitingReviewCount > 0) {
      const noun = awaitingReviewCount === 1 ? 'submission awaits' : 'submissions await';
      return refuse(
        `${awaitingReviewCount} ${noun} review; approve or reject them before stopping`,
      );
    }
    return moveTo('stopped');
  }
  if (status === 'draft') return refuse('A draft is never launched; delete it instead of stopping');
  return refuse(`An opportunity that is ${status} cannot be stopped`);
}

/** At ending_at an active or paused opportunity closes as expired. */
export function planExpire({ status }: { status: OpportunityStatus }): Plan {
  if (status === 'active' || status === 'paused') return moveTo('expired');
  return refuse(`An opportunity that is ${status} does not expire`);
}

/**
 * The places rule (docs/decisions/0030-opportunity-lifecycle.md), applied after every submission
 * change. A place is taken by a submission that is screen_passed, in_progress, awaiting_review or
 * approved. Completed wins over everything once every place is approved; a paused study otherwise
 * stays paused (the customer paused it), and resume settles it.
 */
export function placesStatus(input: {
  numParticipants: number;
  taken: number;
  approved: number;
  currentStatus: OpportunityStatus;
}): OpportunityStatus {
  const { numParticipants, taken, approved, currentStatus } = input;
  if (!['active', 'fulfilled', 'paused'].includes(currentStatus)) return currentStatus;
  if (approved >= numParticipants) return 'completed';
  if (currentStatus === 'paused') return 'paused';
  return taken >= numParticipants ? 'fulfilled' : 'active';
}
