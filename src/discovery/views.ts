import type { OpportunityRow } from '../opportunities/index.ts';
import { opportunityParts } from '../opportunities/index.ts';
import type { ParticipantOpportunityResponse } from './schemas.ts';

/** A recruiting study as a participant discovers it (GET /participant/opportunities). */
export function participantOpportunityView(
  row: OpportunityRow,
  placesRemaining: number,
): ParticipantOpportunityResponse {
  const parts = opportunityParts(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    estimated_duration_minutes: row.estimated_duration_minutes,
    incentive_cents: Number(row.incentive_cents),
    currency: 'usd',
    places_remaining: placesRemaining,
    device_types: parts.deviceTypes,
    required_accounts: parts.requiredAccounts,
    video_required: row.video_required,
    screen_share_required: row.screen_share_required,
    ending_at: row.ending_at,
    launched_at: row.launched_at,
  };
}
