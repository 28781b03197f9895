/** The allowed rejection_category values (docs/decisions/0031-submission-lifecycle.md). */
export const REJECTION_CATEGORIES = [
  'TOO_QUICKLY',
  'TOO_SLOWLY',
  'FAILED_INSTRUCTIONS',
  'INCOMP_LONGITUDINAL',
  'FAILED_CHECK',
  'LOW_EFFORT',
  'MALINGERING',
  'NO_CODE',
  'BAD_CODE',
  'NO_DATA',
  'UNSUPP_DEVICE',
  'OTHER',
] as const;
export type RejectionCategory = (typeof REJECTION_CATEGORIES)[number];

export function isRejectionCategory(value: string): value is RejectionCategory {
  return (REJECTION_CATEGORIES as readonly string[]).includes(value);
}
