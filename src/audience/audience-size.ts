import {
  audiencePlan,
  referencedGroupIds,
  referencedOpportunityIds,
  validateFilters,
} from '../filters/index.ts';
import { ownOpportunityIds } from '../opportunities/index.ts';
import { ownGroupIds } from '../participant-groups/index.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues } from '../platform/errors.ts';
import { type AudienceSize, audienceSizeAnswer } from './audience-size-answer.ts';
import { countAudience } from './count-query.ts';

/**
 * `POST /v2/audience/size`: how many active participants match `filters` now, or only that fewer
 * than the privacy floor do. The filters are validated as an opportunity's are (every problem in
 * one 400, references only to the organization's own opportunities and participant groups), then
 * counted by the database.
 */
export async function audienceSize(
  db: Db,
  input: { organizationId: string; filters: unknown; now: Date },
): Promise<AudienceSize> {
  const [knownOpportunityIds, knownGroupIds] = await Promise.all([
    ownOpportunityIds(db, input.organizationId, referencedOpportunityIds(input.filters)),
    ownGroupIds(db, input.organizationId, referencedGroupIds(input.filters)),
  ]);
  assertNoIssues(
    validateFilters(input.filters, { knownOpportunityIds, knownGroupIds }),
    'The filters are invalid',
  );
  return audienceSizeAnswer(await countAudience(db, audiencePlan(input.filters, input.now)));
}
