import { type CrossQuota, maximumCellCaps, type Quota } from '../screening/index.ts';
import { PLACES_HELD_KEY } from './places.ts';

/**
 * How an opportunity's counters are split into shards (docs/decisions/0143-counter-shards.md), so
 * that no one row serializes every applicant of a launch on PostgreSQL.
 *
 * A counter is the sum of its shard rows. A counter that caps admissions (places held, a maximum
 * quota cell) gives each shard an allotment, the shard's share of the cap; the allotments add up
 * to the cap. The invariant every writer keeps: no shard of a capped counter holds more than its
 * allotment. Then the counter never passes its cap, and an admission needs only its own shard's
 * rows: it takes a place in shard s while shard s has room (one guarded upsert). When it has none,
 * the admission locks every shard of places held (the gate every other increment of a capped
 * counter also takes), decides on the totals, and puts each increment where there is room, which
 * there is while the total is under the cap. A decrease (a place freed) may land in any shard.
 */

/** Shards per counter on PostgreSQL. SQLite has one writer at a time, so one shard there. */
export const POSTGRES_COUNTER_SHARDS = 8;

/** Shard `shard`'s share of a cap split over `shards`: the first `cap % shards` get one more. */
export function allotment(cap: number, shards: number, shard: number): number {
  return Math.floor(cap / shards) + (shard < cap % shards ? 1 : 0);
}

/**
 * The shard an admission takes its place in: one where every capped counter it bumps has room (its
 * allotment of the cap less its value there, `values[i]` being shard i's value as last read, 0 if
 * absent), chosen by `random` in [0, 1) so that concurrent applicants spread over them. Undefined
 * when no shard has room for all of them, though the totals may: then the admission decides on
 * every shard, locked.
 */
export function admissionShard(
  counters: readonly { cap: number; values: readonly number[] }[],
  shards: number,
  random: number,
): number | undefined {
  const open: number[] = [];
  for (let shard = 0; shard < shards; shard++) {
    if (counters.every(({ cap, values }) => (values[shard] ?? 0) < allotment(cap, shards, shard))) {
      open.push(shard);
    }
  }
  return open.length > 0 ? open[Math.floor(random * open.length)] : undefined;
}

/**
 * Where an increment of a capped counter goes: the shard with the most room left (its allotment
 * less its value), the lowest on a tie. `values[i]` is shard i's value (missing shards read 0).
 * It has room (returns a shard below its allotment) whenever the total is under the cap and the
 * invariant holds.
 */
export function roomiestShard(values: readonly number[], cap: number, shards: number): number {
  let best = 0;
  let bestRoom = Number.NEGATIVE_INFINITY;
  for (let shard = 0; shard < shards; shard++) {
    const room = allotment(cap, shards, shard) - (values[shard] ?? 0);
    if (room > bestRoom) {
      best = shard;
      bestRoom = room;
    }
  }
  return best;
}

/**
 * The capped counters of an opportunity, each with its cap: places held, and where the quotas have
 * maximum targets only, every quota cell. These are the counters an admission bounds in its own
 * shard (admissionCaps); with a minimum or exact target every admission decides on locked totals,
 * so the cells need no allotments.
 */
export function placeCaps(terms: PlaceTerms): Map<string, number> {
  const caps = maximumCellCaps(terms.quotas, terms.crossQuotas) ?? new Map<string, number>();
  caps.set(PLACES_HELD_KEY, terms.numParticipants);
  return caps;
}

/** What the places of an opportunity are bounded by: its number of places and its quotas. */
export interface PlaceTerms {
  numParticipants: number;
  quotas: readonly Quota[];
  crossQuotas: readonly CrossQuota[];
}
