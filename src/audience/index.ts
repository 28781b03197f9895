/** What other features may use of audience sizes: everything else in this folder is its own. */
export { audienceSize } from './audience-size.ts';
export { type AudienceSize, PRIVACY_FLOOR } from './audience-size-answer.ts';
export { foldAll as foldAudienceBitmaps } from './bitmaps/fold.ts';
export { type AudienceWhere, audienceConditions } from './count-query.ts';
export { sampleThreshold } from './sample.ts';
export { DEFAULT_SAMPLE_SIZE, RANK_RANGE, sampleAnswer } from './sample-estimate.ts';
export { SAMPLE_RANK } from './sample-rank.ts';
