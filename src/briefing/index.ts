/**
 * The organization briefing (GET /v2/organization): what exists, what money is available, and how
 * to operate the API. It stands above opportunities and finance, whose state it summarises.
 */
export { opportunityStatusCounts, projectOverview } from './overview.ts';
export { onPace, type Pace, paceOf } from './pace.ts';
export { type AwaitingStudy, awaitingReview, type LiveStudy, liveStudies } from './progress.ts';
