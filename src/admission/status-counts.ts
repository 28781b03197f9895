import type { Db } from '../platform/db/database.ts';
import { type PlaceTerms, placeCaps } from './counter-shards.ts';
import { bumpCounterChanges, statusCounterKey } from './counters.ts';
import { holdsPlace } from './places.ts';

/**
 * The counters of one submission's change of status, in the caller's transaction: one less in the
 * status it left, one more in the one it reached and, where a place was taken or freed, its quota
 * cells. Quota cells count the places held: a cell fills when its applicant takes a place and frees
 * when that place frees (rejected, abandoned), so a freed place can go to the same cell again. A
 * place taken (an invitation) goes where its counters have room (counter-shards.ts), bounded by
 * the terms the caller reads only then; the caller holds the opportunity, and with it every shard
 * of places held.
 */
export async function countStatusChange(
  trx: Db,
  change: { opportunityId: string; from: string; to: string; quotaCells: readonly string[] },
  placeTerms: () => Promise<PlaceTerms | undefined>,
): Promise<void> {
  const counted: [string, number][] = [
    [statusCounterKey(change.from), -1],
    [statusCounterKey(change.to), 1],
  ];
  const placeDelta = Number(holdsPlace(change.to)) - Number(holdsPlace(change.from));
  for (const cell of placeDelta === 0 ? [] : change.quotaCells) counted.push([cell, placeDelta]);
  const terms = placeDelta > 0 ? await placeTerms() : undefined;
  await bumpCounterChanges(trx, change.opportunityId, counted, terms && { caps: placeCaps(terms) });
}
