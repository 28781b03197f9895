import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { AudiencePlan, AudiencePredicate } from '../filters/index.ts';
import { TOOK_PART_STATUSES } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { DB } from '../schema.ts';
import { SAMPLE_RANK_OF_HOLDER } from './sample-rank.ts';

export type AudienceWhere = (eb: ExpressionBuilder<DB, 'participants'>) => Expression<SqlBool>;
type Where = AudienceWhere;

/**
 * The conditions on `participants` an audience plan comes to, for a query of the caller's (the
 * count below, the sample an invitation draws); 'nobody' when the plan admits no one. With
 * `rankAtMost`, for a query of the panel's sample only (src/audience/sample.ts), each option's set
 * holds only its sampled holders: a short range of participant_attributes_sample rather than
 * every holder.
 */
export function audienceConditions(
  plan: AudiencePlan,
  options: { rankAtMost?: number | undefined } = {},
): Where[] | 'nobody' {
  const conditions: Where[] = [];
  for (const predicate of plan.predicates) {
    const condition = conditionFor(predicate, options.rankAtMost);
    if (condition === 'nobody') return 'nobody';
    if (condition !== 'anybody') conditions.push(condition);
  }
  return conditions;
}

/**
 * How many active participants (test participants aside) an audience plan admits, counted by the
 * database in one statement (docs/decisions/0100-audience-size-counted-by-the-database.md): places
 * and birth dates are read from the covering index participants_audience, and each option,
 * participation or group filter is a set of audience keys, built once from its own index and probed
 * per candidate.
 */
export async function countAudience(db: Db, plan: AudiencePlan): Promise<number> {
  const conditions = audienceConditions(plan);
  if (conditions === 'nobody') return 0;
  let query = db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('status', '=', 'active')
    .where('is_test', '=', 0);
  for (const condition of conditions) query = query.where(condition);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

function conditionFor(
  predicate: AudiencePredicate,
  rankAtMost: number | undefined,
): Where | 'nobody' | 'anybody' {
  switch (predicate.kind) {
    case 'never':
      return 'nobody';
    case 'born': {
      const { after, onOrBefore } = predicate;
      return (eb) =>
        eb.and([
          ...(after === undefined ? [] : [eb('birth_date', '>', after)]),
          ...(onOrBefore === undefined ? [] : [eb('birth_date', '<=', onOrBefore)]),
        ]);
    }
    case 'place': {
      const { column, ids, negate } = predicate;
      if (ids.length === 0) return negate ? 'anybody' : 'nobody';
      return negate
        ? (eb) => eb.or([eb(column, 'is', null), eb(column, 'not in', ids)])
        : (eb) => eb(column, 'in', ids);
    }
    case 'attribute': {
      const { slug, ids, negate } = predicate;
      if (ids.length === 0) return negate ? 'anybody' : 'nobody';
      return (eb) => {
        let holders = eb
          .selectFrom('participant_attributes')
          .select('participant_key')
          .where('slug', '=', slug)
          .where('option_id', 'in', ids);
        if (rankAtMost !== undefined) {
          holders = holders.where(sql<boolean>`${SAMPLE_RANK_OF_HOLDER} <= ${rankAtMost}`);
        }
        return eb('audience_key', negate ? 'not in' : 'in', holders);
      };
    }
    case 'took_part': {
      const { opportunityIds, negate } = predicate;
      if (opportunityIds.length === 0) return negate ? 'anybody' : 'nobody';
      return (eb) => eb('audience_key', negate ? 'not in' : 'in', takersOf(eb, opportunityIds));
    }
    case 'column_range': {
      // Null before a first decision: a bound never admits someone with no record
      // (docs/decisions/0168-reputation.md).
      const { column, gte, lte } = predicate;
      return (eb) =>
        eb.and([
          eb(column, 'is not', null),
          ...(gte === undefined ? [] : [eb(column, '>=', gte)]),
          ...(lte === undefined ? [] : [eb(column, '<=', lte)]),
        ]);
    }
    case 'member_of': {
      const { groupIds, negate } = predicate;
      if (groupIds.length === 0) return negate ? 'anybody' : 'nobody';
      return (eb) => eb('audience_key', negate ? 'not in' : 'in', membersOf(eb, groupIds));
    }
  }
}

/** Where a query of audience keys may start: the database, or a condition's own builder. */
type KeysFrom = Pick<ExpressionBuilder<DB, 'participants'>, 'selectFrom'>;

/** The audience keys of those who took part in one of the opportunities. */
export function takersOf(from: KeysFrom, opportunityIds: readonly string[]) {
  return from
    .selectFrom('submissions')
    .innerJoin('participants as taker', 'taker.id', 'submissions.participant_id')
    .select('taker.audience_key')
    .where('submissions.opportunity_id', 'in', opportunityIds)
    .where('submissions.status', 'in', [...TOOK_PART_STATUSES]);
}

/** The audience keys of the members of one of the participant groups. */
export function membersOf(from: KeysFrom, groupIds: readonly string[]) {
  return from
    .selectFrom('participant_group_members')
    .innerJoin('participants as member', 'member.id', 'participant_group_members.participant_id')
    .select('member.audience_key')
    .where('participant_group_members.group_id', 'in', groupIds);
}
