import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.ts';
import * as opportunities from './0002-opportunities.ts';
import * as jobsAndEvents from './0003-jobs-and-events.ts';
import * as participantsAndSubmissions from './0004-participants-and-submissions.ts';
import * as idempotencyKeys from './0005-idempotency-keys.ts';
import * as opportunitiesMore from './0006-opportunities-more.ts';
import * as participantSide from './0007-participant-side.ts';
import * as webhooks from './0008-webhooks.ts';
import * as dashboardUsers from './0009-dashboard-users.ts';
import * as outboxFanOut from './0010-outbox-fan-out.ts';
import * as mail from './0011-mail.ts';
import * as participantAccounts from './0012-participant-accounts.ts';
import * as taskCompletionCodes from './0013-task-completion-codes.ts';
import * as moneyAndPeople from './0014-money-and-people.ts';
import * as lifeOfAPlace from './0015-life-of-a-place.ts';
import * as previewsAndDuplicates from './0016-previews-and-duplicates.ts';
import * as audienceIndex from './0017-audience-index.ts';
import * as apiKeyLastUse from './0018-api-key-last-use.ts';
import * as idempotencyLeaseHolders from './0019-idempotency-lease-holders.ts';
import * as projectSortKey from './0020-project-sort-key.ts';
import * as wakeAndLanes from './0021-wake-and-lanes.ts';
import * as placesHeld from './0022-places-held.ts';
import * as counterShards from './0023-counter-shards.ts';
import * as languages from './0024-languages.ts';
import * as opportunityLanguages from './0025-opportunity-languages.ts';
import * as reach from './0026-reach.ts';
import * as mailPerMinute from './0027-mail-per-minute.ts';
import * as outreachAndDigests from './0028-outreach-and-digests.ts';
import * as fileChunks from './0029-file-chunks.ts';
import * as bonusRequestKeys from './0030-bonus-request-keys.ts';
import * as audienceAtScale from './0031-audience-at-scale.ts';
import * as labSessions from './0033-lab-sessions.ts';
import * as reviewSorts from './0034-review-sorts.ts';
import * as audienceBitmaps from './0035-audience-bitmaps.ts';
import * as exactTimeTaken from './0036-exact-time-taken.ts';

/**
 * Every migration, in order. Listed here rather than read from the folder so the set is fixed at
 * build time and the same in every process.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-opportunities': opportunities,
  '0003-jobs-and-events': jobsAndEvents,
  '0004-participants-and-submissions': participantsAndSubmissions,
  '0005-idempotency-keys': idempotencyKeys,
  '0006-opportunities-more': opportunitiesMore,
  '0007-participant-side': participantSide,
  '0008-webhooks': webhooks,
  '0009-dashboard-users': dashboardUsers,
  '0010-outbox-fan-out': outboxFanOut,
  '0011-mail': mail,
  '0012-participant-accounts': participantAccounts,
  '0013-task-completion-codes': taskCompletionCodes,
  '0014-money-and-people': moneyAndPeople,
  '0015-life-of-a-place': lifeOfAPlace,
  '0016-previews-and-duplicates': previewsAndDuplicates,
  '0017-audience-index': audienceIndex,
  '0018-api-key-last-use': apiKeyLastUse,
  '0019-idempotency-lease-holders': idempotencyLeaseHolders,
  '0020-project-sort-key': projectSortKey,
  '0021-wake-and-lanes': wakeAndLanes,
  '0022-places-held': placesHeld,
  '0023-counter-shards': counterShards,
  '0024-languages': languages,
  '0025-opportunity-languages': opportunityLanguages,
  '0026-reach': reach,
  '0027-mail-per-minute': mailPerMinute,
  '0028-outreach-and-digests': outreachAndDigests,
  '0029-file-chunks': fileChunks,
  '0030-bonus-request-keys': bonusRequestKeys,
  '0031-audience-at-scale': audienceAtScale,
  '0033-lab-sessions': labSessions,
  '0034-review-sorts': reviewSorts,
  '0035-audience-bitmaps': audienceBitmaps,
  '0036-exact-time-taken': exactTimeTaken,
};
