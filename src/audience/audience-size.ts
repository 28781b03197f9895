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
import { countOnBitmaps } from './bitmaps/count.ts';
import { countAudience } from './count-query.ts';
import { countOnSample } from './sample.ts';
import { DEFAULT_SAMPLE_SIZE, sampleAnswer } from './sample-estimate.ts';

/**
 * `POST /v2/audience/size`: how many active participants match `filters` now, or only that fewer
 * than the privacy floor do. The filters are validated as an opportunity's are (every problem in
 * one 400, references only to the organization's own opportunities and participant groups), then
 * counted by the database: first on the panel's fixed random sample, whose count is answered as
 * an estimate when enough sampled people match, else exactly
 * (docs/decisions/0174-audience-counts-at-a-million.md), on the audience bitmaps while they are
 * current (docs/decisions/0190-audience-bitmaps.md).
 */
export async function audienceSize(
  db: Db,
  input: { organizationId: string; filters: unknown; now: Date; sampleSize?: number },
): Promise<AudienceSize> {
  const [knownOpportunityIds, knownGroupIds] = await Promise.all([
    ownOpportunityIds(db, input.organizationId, referencedOpportunityIds(input.filters)),
    ownGroupIds(db, input.organizationId, referencedGroupIds(input.filters)),
  ]);
  assertNoIssues(
    validateFilters(input.filters, { knownOpportunityIds, knownGroupIds }),
    'The filters are invalid',
  );
  const plan = audiencePlan(input.filters, input.now);
  const answer = sampleAnswer(
    await countOnSample(db, plan, input.sampleSize ?? DEFAULT_SAMPLE_SIZE),
  );
  if (answer === 'count exactly') {
    return audienceSizeAnswer((await countOnBitmaps(db, plan)) ?? (await countAudience(db, plan)));
  }
  return audienceSizeAnswer('estimate' in answer ? answer.estimate : answer.exact);
}
