import { freePlaces, PLACE_TAKING_STATUSES } from '../admission/index.ts';
import type { OpportunityRow } from '../opportunities/index.ts';
import {
  findOpportunityForParticipant,
  localizedOpportunity,
  opportunityParts,
  participantLanguage,
} from '../opportunities/index.ts';
import { groupIdsOfParticipant } from '../participant-groups/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import {
  eligibilityOf,
  isEligibleAudience,
  isVisibleTo,
  taskBrief,
} from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { decodeCursor, encodeCursor, type Page } from '../platform/http/pagination.ts';
import { participantScreenerView } from '../screening/index.ts';
import {
  findApplication,
  opportunityNotFound,
  participantApplications,
  placesTakenFor,
} from '../submissions/index.ts';
import {
  type RecruitingAudience,
  recruitingAudiences,
  recruitingByIds,
} from './recruiting.store.ts';
import type { ParticipantOpportunityDetailResponse } from './schemas.ts';
import { participantOpportunityView } from './views.ts';

export interface OpenOpportunity {
  opportunity: OpportunityRow;
  placesRemaining: number;
}

/**
 * Each study as the participant reads it: in their language when it has a translation into it
 * (docs/decisions/0163-study-translations.md).
 */
const inLanguageOf =
  (participant: ParticipantRow) =>
  ({ opportunity, placesRemaining }: OpenOpportunity): OpenOpportunity => ({
    opportunity: localizedOpportunity(opportunity, participantLanguage(participant)),
    placesRemaining,
  });

/**
 * Recruiting opportunities are scanned in keyset batches this large while filters are matched in
 * memory, reading only the columns matching needs (recruiting.store.ts). Larger batches made more
 * rows to decode for a page filled early, for little gain in round trips once the next batch is
 * read with the candidates' places (discoverOpportunities).
 */
const SCAN_BATCH = 200;

/**
 * GET /participant/opportunities (docs/decisions/0057-what-a-participant-sees.md): recruiting
 * studies with a free place whose audience filters and required accounts admit the participant and
 * that they have not applied to, newest first. Audience filters are matched in code (they are JSON,
 * and geography needs the loaded data), so recruiting opportunities are read in keyset batches
 * until a page is full; the cursor is the last opportunity shown.
 */
export async function discoverOpportunities<T>(
  db: Db,
  input: {
    participant: ParticipantRow;
    limit: number;
    cursor?: string;
    now: Date;
    view: (open: OpenOpportunity) => T;
  },
): Promise<Page<T>> {
  if (input.participant.is_test === 1) {
    return discoverOwnPreview(db, input, await participantApplications(db, input.participant.id));
  }
  const beforeId: string | undefined = input.cursor
    ? String(decodeCursor(input.cursor, 1)[0])
    : undefined;
  // The participant's applications and groups, and the scan's first batch, asked together: on
  // PostgreSQL each is a round trip, and none needs another's answer.
  const [applications, groups, first] = await Promise.all([
    participantApplications(db, input.participant.id),
    groupIdsOfParticipant(db, input.participant.id),
    recruitingAudiences(db, { beforeId, limit: SCAN_BATCH }),
  ]);
  const eligibility = eligibilityOf(input.participant, applications, input.now, groups);
  const found: OpenOpportunity[] = [];
  let scanned = first;
  let at = 0;
  for (;;) {
    const batch = scanned.audiences;
    // Matched in order, as many candidates as the page can still take, then their places and
    // whole rows read together: the rest of the batch is never shown, so it is never matched
    // either (matching every row of a batch was most of a discovery's CPU). A candidate that
    // stopped recruiting meanwhile has no row and is left out.
    const wanted: RecruitingAudience[] = [];
    while (at < batch.length && found.length + wanted.length <= input.limit) {
      const row = batch[at++]!;
      if (!applications.has(row.id) && isEligibleAudience(row, eligibility)) wanted.push(row);
    }
    // When these candidates cannot fill the page whatever their places, the next batch is read
    // with them, in the same round trip.
    const further =
      at === batch.length && found.length + wanted.length <= input.limit
        ? scanned.nextBeforeId
        : undefined;
    const [candidates, next] = await Promise.all([
      wanted.length > 0 ? withPlacesAndRows(db, wanted) : [],
      further === undefined
        ? undefined
        : recruitingAudiences(db, { beforeId: further, limit: SCAN_BATCH }),
    ]);
    found.push(...candidates);
    if (found.length > input.limit) break;
    if (at < batch.length) continue;
    if (next) {
      scanned = next;
    } else if (scanned.nextBeforeId !== undefined) {
      // The candidates would have filled the page, but some had no place left.
      scanned = await recruitingAudiences(db, {
        beforeId: scanned.nextBeforeId,
        limit: SCAN_BATCH,
      });
    } else {
      break;
    }
    at = 0;
  }
  const hasMore = found.length > input.limit;
  const page = found.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(inLanguageOf(input.participant)).map(input.view),
    pagination: {
      next_cursor: hasMore && last ? encodeCursor([last.opportunity.id]) : null,
      has_more: hasMore,
    },
  };
}

/**
 * The candidates with a free place, with their whole rows, both read together; one that stopped
 * recruiting meanwhile has no row and is left out.
 */
async function withPlacesAndRows(
  db: Db,
  wanted: readonly RecruitingAudience[],
): Promise<OpenOpportunity[]> {
  const ids = wanted.map((audience) => audience.id);
  const [taken, rows] = await Promise.all([
    placesTakenFor(db, ids, PLACE_TAKING_STATUSES),
    recruitingByIds(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((audience) => {
    const opportunity = byId.get(audience.id);
    const placesRemaining = freePlaces(audience.num_participants, taken.get(audience.id) ?? 0);
    return opportunity && placesRemaining > 0 ? [{ opportunity, placesRemaining }] : [];
  });
}

/**
 * A preview's test participant discovers its own opportunity, whatever its status, until it has
 * applied, and never another (docs/decisions/0080-previews-with-test-participants.md).
 */
async function discoverOwnPreview<T>(
  db: Db,
  input: { participant: ParticipantRow; view: (open: OpenOpportunity) => T },
  applications: ReadonlyMap<string, string>,
): Promise<Page<T>> {
  const id = input.participant.test_opportunity_id;
  const opportunity =
    id && !applications.has(id) ? await findOpportunityForParticipant(db, id) : undefined;
  const open: OpenOpportunity[] = [];
  if (opportunity) {
    const taken = await placesTakenFor(db, [opportunity.id], PLACE_TAKING_STATUSES);
    open.push({
      opportunity,
      placesRemaining: freePlaces(opportunity.num_participants, taken.get(opportunity.id) ?? 0),
    });
  }
  return {
    data: open.map(inLanguageOf(input.participant)).map(input.view),
    pagination: { next_cursor: null, has_more: false },
  };
}

/**
 * GET /participant/opportunities/{id}: a study visible to this participant (see isVisibleTo), its
 * free places, and their own application when they made one; 404 otherwise.
 */
export async function readOpportunityForParticipant(
  db: Db,
  input: { participant: ParticipantRow; opportunityId: string; now: Date },
) {
  const { participant, opportunityId } = input;
  const [opportunity, applications] = await Promise.all([
    findOpportunityForParticipant(db, opportunityId),
    participantApplications(db, participant.id),
  ]);
  const applied = applications.has(opportunityId);
  if (
    !opportunity ||
    !isVisibleTo(
      opportunity,
      applied,
      eligibilityOf(
        participant,
        applications,
        input.now,
        await groupIdsOfParticipant(db, participant.id),
      ),
    )
  ) {
    throw opportunityNotFound(opportunityId);
  }
  const [taken, application] = await Promise.all([
    placesTakenFor(db, [opportunity.id], PLACE_TAKING_STATUSES),
    applied ? findApplication(db, opportunityId, participant.id) : undefined,
  ]);
  return {
    opportunity,
    placesRemaining: freePlaces(opportunity.num_participants, taken.get(opportunity.id) ?? 0),
    application: application ?? null,
  };
}

/**
 * A study as its participant reads it (the API's detail and the web app's study page): the brief,
 * the tasks without their URLs, the screener without grading information, and their application.
 */
export async function readOpportunityDetail(
  db: Db,
  input: { participant: ParticipantRow; opportunityId: string; now: Date },
): Promise<ParticipantOpportunityDetailResponse> {
  const found = await readOpportunityForParticipant(db, input);
  const { placesRemaining, application } = found;
  const opportunity = localizedOpportunity(
    found.opportunity,
    participantLanguage(input.participant),
  );
  const parts = opportunityParts(opportunity);
  const randomized = opportunity.screening_option_randomization === 'enabled';
  return {
    ...participantOpportunityView(opportunity, placesRemaining),
    tasks: parts.tasks.map(taskBrief),
    screening_questions: participantScreenerView(
      parts.questions,
      // Stable per person, so a reload shows the same order.
      randomized ? { randomizeSeed: `${opportunity.id}:${input.participant.id}` } : {},
    ),
    application,
  };
}
