import type { Issue } from '../../platform/errors.ts';

/** The action bar's fields that problems are shown beside (review-action-bar.ts). */
export const BAR_FIELDS = [
  'ids',
  'decision',
  'rejection_category',
  'rejection_reason',
  'bonus_amount',
  'bonus_reason',
  'message_body',
] as const;
export type BarField = (typeof BAR_FIELDS)[number];

export type BarProblems = Record<BarField | 'other', string[]>;

/**
 * Which field each problem names, in the words of the use case that refused (bulk review, bonuses,
 * bulk messages: their issues start with the field, "rejection_category: …",
 * "bonuses[0].amount_cents: …", "body: …"). A problem of many lines (one per ticked submission) is
 * said once. Pure: every problem lands in exactly one place, `other` when it names no field.
 */
export function barProblems(issues: readonly Issue[]): BarProblems {
  const problems: BarProblems = {
    ids: [],
    decision: [],
    rejection_category: [],
    rejection_reason: [],
    bonus_amount: [],
    bonus_reason: [],
    message_body: [],
    other: [],
  };
  for (const { message } of issues) {
    const [field, words] = place(message);
    if (!problems[field].includes(words)) problems[field].push(words);
  }
  return problems;
}

const PLACES: readonly [RegExp, BarField][] = [
  [/^rejection_category: /, 'rejection_category'],
  [/^rejection_reason: /, 'rejection_reason'],
  [/^bonuses\[\d+\]\.amount_cents: /, 'bonus_amount'],
  [/^bonuses\[\d+\]\.reason: /, 'bonus_reason'],
  [/^body: /, 'message_body'],
  [/^decision: /, 'decision'],
  [/^(submissions|submission_ids(\[\d+\])?|bonuses(\[\d+\]\.submission_id)?): /, 'ids'],
];

function place(message: string): [BarField | 'other', string] {
  for (const [pattern, field] of PLACES) {
    const match = pattern.exec(message);
    if (match) return [field, message.slice(match[0].length)];
  }
  return ['other', message];
}
