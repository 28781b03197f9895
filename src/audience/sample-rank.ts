import { sql } from 'kysely';

/**
 * A participant's rank in the panel's fixed random sample, in SQL
 * (docs/decisions/0174-audience-counts-at-a-million.md; the same arithmetic as
 * sample-estimate.ts `sampleRank`). Each text must be the one migration 0031 indexes, so the
 * planner reads participants_sample and participant_attributes_sample.
 */
export const SAMPLE_RANK = sql.raw('((audience_key * 2654435761) % 4294967296)');
/** The rank of an option's holder, from participant_attributes. */
export const SAMPLE_RANK_OF_HOLDER = sql.raw('((participant_key * 2654435761) % 4294967296)');
