/**
 * The privacy floor of `POST /v2/audience/size` (docs/api/audience-filters.md): below this many
 * matching participants the answer says only that there are fewer, so narrowing filters one by
 * one can never single a person out.
 */
export const PRIVACY_FLOOR = 25;

export type AudienceSize = { count: number } | { count: null; fewer_than: typeof PRIVACY_FLOOR };

export function audienceSizeAnswer(count: number): AudienceSize {
  return count < PRIVACY_FLOOR ? { count: null, fewer_than: PRIVACY_FLOOR } : { count };
}
