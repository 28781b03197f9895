import type { AdmissionTerms } from '../admission/index.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import { opportunityParts } from './opportunity-parts.ts';

/** What admission (admission/) needs of an opportunity: its places, quotas and routing setting. */
export function admissionTerms(opportunity: OpportunityRow): AdmissionTerms {
  const parts = opportunityParts(opportunity);
  return {
    opportunityId: opportunity.id,
    numParticipants: opportunity.num_participants,
    quotas: parts.quotas,
    crossQuotas: parts.crossQuotas,
    manualReview: opportunity.customer_screening_review === 'manual_review',
  };
}
