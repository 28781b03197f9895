import { type SelectQueryBuilder, sql } from 'kysely';
import {
  audienceConditions,
  DEFAULT_SAMPLE_SIZE,
  SAMPLE_RANK,
  sampleAnswer,
  sampleThreshold,
} from '../audience/index.ts';
import { audiencePlan } from '../filters/index.ts';
import { type OpportunityRow, opportunityParts } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { DB } from '../schema.ts';

type ParticipantsQuery = SelectQueryBuilder<DB, 'participants', object>;

/**
 * The participants an opportunity may invite now, as a query the caller completes (a sample, a
 * count, a check of given ids): active real participants its filters, groups and exclusions admit
 * (the audience index's own conditions, src/audience/count-query.ts), holding its required
 * accounts, not invited to it before, not applied to it, taking invitations (`new_studies` not
 * `never`) at an address that still takes mail. Undefined when the filters admit nobody. With
 * `rankAtMost`, for a query of the panel's sample only (audienceConditions).
 */
export function eligibleParticipants(
  db: Db,
  opportunity: OpportunityRow,
  now: Date,
  options: { rankAtMost?: number | undefined } = {},
): ParticipantsQuery | undefined {
  const parts = opportunityParts(opportunity);
  const conditions = audienceConditions(audiencePlan(parts.filters, now), options);
  if (conditions === 'nobody') return undefined;
  let query = db
    .selectFrom('participants')
    .where('participants.status', '=', 'active')
    .where('participants.is_test', '=', 0)
    .where('participants.new_studies', '<>', 'never')
    .where('participants.mail_undeliverable_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invitations')
            .select(sql.lit(1).as('one'))
            .where('invitations.opportunity_id', '=', opportunity.id)
            .whereRef('invitations.participant_id', '=', 'participants.id'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('submissions')
            .select(sql.lit(1).as('one'))
            .where('submissions.opportunity_id', '=', opportunity.id)
            .whereRef('submissions.participant_id', '=', 'participants.id'),
        ),
      ),
    );
  // A scheduled study is closed to people whose no-shows reached the limit (decision 0179).
  if (Number(opportunity.scheduled) === 1)
    query = query.where('participants.no_show_barred', '=', 0);
  for (const account of parts.requiredAccounts) {
    // linked_accounts is a JSON array of [a-z0-9_] names; `_` is escaped from LIKE's wildcard.
    const quoted = `%"${account.replaceAll('_', '\\_')}"%`;
    query = query.where(sql<boolean>`participants.linked_accounts like ${quoted} escape '\\'`);
  }
  for (const condition of conditions) query = query.where(condition);
  return query;
}

/**
 * How many participants the opportunity may invite now (eligibleParticipants, counted) as an
 * audience size is counted (docs/decisions/0174-audience-counts-at-a-million.md): on the panel's
 * fixed random sample first, answered as an estimate to two significant figures when enough
 * sampled people are eligible, else counted exactly.
 */
export async function countEligibleNotInvited(
  db: Db,
  opportunity: OpportunityRow,
  now: Date,
  sampleSize = DEFAULT_SAMPLE_SIZE,
): Promise<number> {
  const threshold = await sampleThreshold(db, sampleSize);
  const sampled = eligibleParticipants(db, opportunity, now, { rankAtMost: threshold });
  if (!sampled) return 0;
  const hits = await countOf(
    threshold === undefined ? sampled : sampled.where(sql<boolean>`${SAMPLE_RANK} <= ${threshold}`),
  );
  const answer = sampleAnswer({ size: sampleSize, threshold, hits });
  if (answer !== 'count exactly') return 'estimate' in answer ? answer.estimate : answer.exact;
  return countOf(eligibleParticipants(db, opportunity, now)!);
}

async function countOf(query: ParticipantsQuery): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
