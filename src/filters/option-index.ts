import { normalizeText } from './normalize.ts';

export interface IndexedOption {
  id: string;
  name: string;
  /** Other names the option is known by (translations, ASCII spellings, abbreviations). */
  aliases: readonly string[];
}

/**
 * What option search and name lookup need of an option list: OptionIndex (objects, for the small
 * lists) and the packed city index (city-pack.ts, for the 135k cities) both provide it.
 */
export interface OptionSearch<T extends { id: string; name: string }> {
  readonly size: number;
  get(id: string): T | undefined;
  /** The option at `rank` (0 is the most important). */
  option(rank: number): T;
  search(query: string, accept?: (rank: number) => boolean): number[];
  exact(text: string): T[];
}

/** How well an option matched: lower is better, and results are listed best tier first. */
export const MATCH_TIER = { exact: 0, namePrefix: 1, aliasPrefix: 2, word: 3 } as const;

/** What a key is: a whole id or name, a whole alias, or the tail of one from a later word. */
export const KEY_KIND = { tail: 0, alias: 1, name: 2 } as const;

/**
 * A search index over one option list, built once. Every id, name and alias is normalized, and
 * so is every tail of it that starts a word (`sao paulo` also under `paulo`); the keys are kept
 * sorted so a query is a binary search plus a walk over the keys that start with it. No query
 * looks at options whose keys do not start with it.
 *
 * Options keep the order they are given in (their rank): callers pass them most important first
 * (larger cities first), and results within a tier come back in that order.
 */
export class OptionIndex<T extends IndexedOption> implements OptionSearch<T> {
  readonly options: readonly T[];
  private readonly rankById: Map<string, number>;
  /**
   * The sorted keys, built by the first search or name lookup: a process that only matches ids
   * (audience counts, discovery) never holds them. The world's countries and subdivisions have
   * about 66,000 keys
   * (docs/decisions/0195-serve-memory-by-stage-and-search-keys-on-first-search.md).
   */
  private searchKeys: SearchKeys | undefined;
  private generation = 0;

  constructor(options: readonly T[]) {
    this.options = options;
    this.rankById = new Map(options.map((option, rank) => [option.id, rank]));
  }

  private keysBuilt(): SearchKeys {
    this.searchKeys ??= searchKeysOf(this.options);
    return this.searchKeys;
  }

  get size(): number {
    return this.options.length;
  }

  option(rank: number): T {
    return this.options[rank]!;
  }

  get(id: string): T | undefined {
    const rank = this.rankById.get(id);
    return rank === undefined ? undefined : this.options[rank];
  }

  /**
   * Ranks of the options matching `query`, best first: exact matches of a whole id, name or
   * alias, then prefixes of an id or name, then prefixes of an alias, then prefixes of a later
   * word of any of them. `accept` narrows by rank (a
   * state, for cities). An empty query matches every accepted option in rank order.
   */
  search(query: string, accept?: (rank: number) => boolean): number[] {
    const normalized = normalizeText(query);
    if (!normalized) {
      const all: number[] = [];
      for (let rank = 0; rank < this.options.length; rank++) {
        if (!accept || accept(rank)) all.push(rank);
      }
      return all;
    }
    const { keys, owners, kinds, seen, bestTier } = this.keysBuilt();
    const generation = this.nextGeneration(seen);
    const matched: number[] = [];
    for (let at = lowerBound(keys, normalized); at < keys.length; at++) {
      const key = keys[at]!;
      if (!key.startsWith(normalized)) break;
      const rank = owners[at]!;
      const tier = matchTier(kinds[at]!, key.length === normalized.length);
      if (seen[rank] !== generation) {
        if (accept && !accept(rank)) {
          seen[rank] = generation;
          bestTier[rank] = 255;
          continue;
        }
        seen[rank] = generation;
        bestTier[rank] = tier;
        matched.push(rank);
      } else if (tier < bestTier[rank]!) {
        bestTier[rank] = tier;
      }
    }
    return orderByTier(matched, (rank) => bestTier[rank]!);
  }

  /** Options one of whose whole id, name or alias normalizes to exactly `text`. */
  exact(text: string): T[] {
    const normalized = normalizeText(text);
    if (!normalized) return [];
    const { keys, owners, kinds } = this.keysBuilt();
    const found = new Set<number>();
    for (let at = lowerBound(keys, normalized); at < keys.length; at++) {
      if (keys[at] !== normalized) break;
      if (kinds[at] !== KEY_KIND.tail) found.add(owners[at]!);
    }
    return [...found].sort((a, b) => a - b).map((rank) => this.options[rank]!);
  }

  private nextGeneration(seen: Uint32Array): number {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      seen.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}

/** Every option's keys, sorted, with the rank that owns each and its KEY_KIND. */
interface SearchKeys {
  keys: string[];
  owners: Int32Array;
  kinds: Uint8Array;
  /** Per-rank scratch for de-duplicating one query's matches; `generation` marks whose. */
  seen: Uint32Array;
  bestTier: Uint8Array;
}

function searchKeysOf(options: readonly IndexedOption[]): SearchKeys {
  const keys: string[] = [];
  const owners: number[] = [];
  const kinds: number[] = [];
  options.forEach((option, rank) => {
    for (const [key, kind] of optionKeys(option)) {
      keys.push(key);
      owners.push(rank);
      kinds.push(kind);
    }
  });
  const order = Array.from(keys.keys()).sort((a, b) => {
    const left = keys[a]!;
    const right = keys[b]!;
    return left < right ? -1 : left > right ? 1 : a - b;
  });
  return {
    keys: order.map((at) => keys[at]!),
    owners: Int32Array.from(order, (at) => owners[at]!),
    kinds: Uint8Array.from(order, (at) => kinds[at]!),
    seen: new Uint32Array(options.length),
    bestTier: new Uint8Array(options.length),
  };
}

/** The first position in sorted `keys` whose key is not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function matchTier(kind: number, exact: boolean): number {
  if (kind === KEY_KIND.tail) return MATCH_TIER.word;
  if (exact) return MATCH_TIER.exact;
  return kind === KEY_KIND.name ? MATCH_TIER.namePrefix : MATCH_TIER.aliasPrefix;
}

/**
 * The keys an option is found under, each with its KEY_KIND: its normalized id, name and aliases,
 * and every tail of them that starts a later word (`sao paulo` also under `paulo`).
 */
export function optionKeys(option: IndexedOption): Map<string, number> {
  const mine = new Map<string, number>();
  const texts = [option.id, option.name, ...option.aliases];
  texts.forEach((text, at) => {
    const normalized = normalizeText(text);
    if (!normalized) return;
    const kind = at < 2 ? KEY_KIND.name : KEY_KIND.alias;
    if ((mine.get(normalized) ?? -1) < kind) mine.set(normalized, kind);
    for (
      let space = normalized.indexOf(' ');
      space !== -1;
      space = normalized.indexOf(' ', space + 1)
    ) {
      const tail = normalized.slice(space + 1);
      if (!mine.has(tail)) mine.set(tail, KEY_KIND.tail);
    }
  });
  return mine;
}

/** Matched ranks, best tier first and in rank order within a tier. */
export function orderByTier(
  matched: readonly number[],
  tierOf: (rank: number) => number,
): number[] {
  const tiers: number[][] = [[], [], [], []];
  for (const rank of matched) tiers[tierOf(rank)]!.push(rank);
  const ordered: number[] = [];
  for (const tier of tiers) {
    const sorted = Int32Array.from(tier).sort();
    for (const rank of sorted) ordered.push(rank);
  }
  return ordered;
}
