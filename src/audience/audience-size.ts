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
import { rememberedCount } from './remembered-counts.ts';
import { countOnSample } from './sample.ts';
import { DEFAULT_SAMPLE_SIZE, sampleAnswer } from './sample-estimate.ts';

/**
 * `POST /v2/audience/size`: how many active participants match `filters` now, or only that fewer
 * than the privacy floor do. The filters are validated as an opportunity's are (every problem in
 * one 400, references only to the organization's own opportunities and participant groups), then
 * counted exactly on the audience bitmaps (docs/decisions/0190-audience-bitmaps.md). While those
 * cannot answer (a seed or a migration has just marked more of the panel than a count reads
 * afresh), the count is made on the panel's fixed random sample, answered as an estimate when
 * enough sampled people match, else exactly (docs/decisions/0174-audience-counts-at-a-million.md).
 */
export async function audienceSize(
  db: Db,
  input: {
    organizationId: string;
    filters: unknown;
    now: Date;
    sampleSize?: number;
    /** Count on the audience bitmaps first (AUDIENCE_BITMAPS, on by default). */
    bitmaps?: boolean;
  },
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
  if (input.bitmaps !== false) {
    const exact = await rememberedCount(db, plan, () => countOnBitmaps(db, plan));
    if (exact !== undefined) return audienceSizeAnswer(exact);
  }
  const answer = sampleAnswer(
    await countOnSample(db, plan, input.sampleSize ?? DEFAULT_SAMPLE_SIZE),
  );
  if (answer === 'count exactly') return audienceSizeAnswer(await countAudience(db, plan));
  return audienceSizeAnswer('estimate' in answer ? answer.estimate : answer.exact);
}
