import { PRIVACY_FLOOR } from './audience-size-answer.ts';

/**
 * Audience counts estimated from a fixed random sample of the panel
 * (docs/decisions/0174-audience-counts-at-a-million.md). Pure: the database counts, this decides
 * what the counts mean.
 *
 * Every participant has a rank, a 32-bit number scrambled from the audience key (`sampleRank`,
 * the same arithmetic as src/audience/sample.ts SAMPLE_RANK in SQL): multiplying by an odd number
 * modulo 2^32 is a bijection, so no two participants share a rank, and Knuth's multiplier
 * (2^32 divided by the golden ratio) spreads consecutive keys evenly over the whole range. The
 * sample is the `size` active participants of lowest rank: a bottom-k sample, which a new
 * participant enters by rank and a departed one leaves, with nothing kept but an index.
 */
export const RANK_MULTIPLIER = 2_654_435_761;
export const RANK_RANGE = 2 ** 32;

/** The sample's size by default: AUDIENCE_SAMPLE_SIZE. */
export const DEFAULT_SAMPLE_SIZE = 16_000;

/**
 * Sampled participants who must match before the sample's estimate is answered; fewer, and the
 * database counts exactly. At the privacy floor itself: those who match in the sample are people
 * who match, so an estimate is only ever given when at least PRIVACY_FLOOR people match, and the
 * floor is never crossed by an estimate.
 */
export const MIN_HITS = PRIVACY_FLOOR;

/** SQL's `(audience_key * 2654435761) % 4294967296`, in 32-bit arithmetic. */
export function sampleRank(audienceKey: number): number {
  return Math.imul(audienceKey, RANK_MULTIPLIER | 0) >>> 0;
}

export interface SampleCount {
  /** The sample's size asked for. */
  size: number;
  /**
   * The rank of the sample's last member (the size-th lowest among active participants), or
   * undefined when the panel holds no more than `size`: then the sample is the whole panel.
   */
  threshold: number | undefined;
  /** Sampled participants matching the filters. */
  hits: number;
}

export type SampleAnswer = { estimate: number } | { exact: number } | 'count exactly';

/**
 * What a count on the sample answers: the panel's own count when the sample is the whole panel;
 * an estimate when at least MIN_HITS sampled participants match; otherwise the database must count
 * exactly.
 *
 * The estimate is the bottom-k one: the `size` lowest of N uniform ranks reach about size/N of the
 * range, so N is about (size − 1) / (threshold + 1) × 2^32, and the matching count is that times
 * hits / size. Its relative standard error is about √((1 − τ) / hits), τ the share of the range
 * below the threshold: the error of the panel's size as well as of the share matching, so it stays
 * even when nearly everyone matches. `estimateSpread` gives its bound 1 / √hits (5 % at 400 hits,
 * 20 % at the minimum of 25); the estimate is rounded to two significant figures.
 */
export function sampleAnswer(sample: SampleCount): SampleAnswer {
  if (sample.threshold === undefined) return { exact: sample.hits };
  if (sample.hits < MIN_HITS) return 'count exactly';
  const panel = ((sample.size - 1) * RANK_RANGE) / (sample.threshold + 1);
  const estimate = twoSignificantFigures((panel * sample.hits) / sample.size);
  // Never below what the sample itself has seen.
  return { estimate: Math.max(estimate, sample.hits) };
}

/**
 * The estimate's relative standard error, at most, for so many sampled matches. Not
 * √((1 − hits/size) / hits), a share's error alone: that is near nothing when nearly all the
 * sample matches, while the panel's size, read from the threshold, is still uncertain.
 */
export function estimateSpread(hits: number): number {
  return 1 / Math.sqrt(hits);
}

/** 84,469 → 84,000; 2,334 → 2,300; 25 → 25. */
export function twoSignificantFigures(value: number): number {
  if (value < 100) return Math.round(value);
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / step) * step;
}
