import { normalizeScreener } from '../../src/screening/normalize.ts';
import type { ScreeningQuestion, ScreeningQuestionInput } from '../../src/screening/schemas.ts';

/** Test helper: a valid normalized screener, failing loudly when the input is not valid. */
export function screener(questions: ScreeningQuestionInput[]): ScreeningQuestion[] {
  const { value, issues } = normalizeScreener({ questions });
  if (issues.length > 0) {
    throw new Error(`invalid test screener: ${issues.map((i) => i.message).join('; ')}`);
  }
  return value.questions;
}
