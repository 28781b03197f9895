import { conditionsHold } from './options.ts';
import type { ApplicationAnswerInput, DisplayCondition, SkipRule } from './schemas.ts';

/** What deciding visibility needs of a question; the participant view has all of it. */
export interface VisibilityOfQuestion {
  key: string;
  display_condition?: DisplayCondition;
  skip_rules?: SkipRule[];
}

/**
 * The answers to the questions this applicant is shown, walking the screener as grading does
 * (docs/screening.md, "Grading an application"): a question whose display condition fails is
 * hidden, a holding skip rule skips to its target (or ends the screener). A form that showed every
 * question (a browser without JavaScript) sends answers to hidden ones too; grading refuses those,
 * so the page drops them first, and the verdict is the one the applicant's shown answers earn.
 */
export function keepShownAnswers(
  questions: readonly VisibilityOfQuestion[],
  answers: readonly ApplicationAnswerInput[],
): ApplicationAnswerInput[] {
  const byKey = new Map(answers.map((answer) => [answer.key, answer]));
  const chosen = new Map<string, readonly string[] | null>();
  const kept: ApplicationAnswerInput[] = [];
  let resumeAt = 0;
  for (const [index, question] of questions.entries()) {
    const display = question.display_condition;
    if (
      index < resumeAt ||
      (display !== undefined && !conditionsHold(display.conditions, display.join, chosen))
    ) {
      chosen.set(question.key, null);
      continue;
    }
    const answer = byKey.get(question.key);
    chosen.set(question.key, answer?.answer ?? []);
    if (answer) kept.push(answer);
    const skip = (question.skip_rules ?? []).find((rule) =>
      conditionsHold(rule.conditions, rule.join, chosen),
    );
    if (skip !== undefined) {
      const target =
        skip.target_question === null
          ? -1
          : questions.findIndex((q) => q.key === skip.target_question);
      resumeAt = target > index ? target : Number.POSITIVE_INFINITY;
    }
  }
  return kept;
}
