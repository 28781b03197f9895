import type { Phrase } from '../platform/i18n/catalog.ts';
import { screeningTexts } from './locales/index.ts';
import { MAX_TEXT_ANSWER_LENGTH } from './normalize.ts';
import { type AnswerOption, answerOptions, conditionsHold, isQualifying } from './options.ts';
import type {
  ApplicationAnswerInput,
  OverallScreeningOutcome,
  ScreeningAnswer,
  ScreeningOutcome,
  ScreeningQuestion,
} from './schemas.ts';

/** A problem with the answers: `message` in English for the API, `phrase` for a participant's page. */
export interface GradeIssue {
  message: string;
  phrase: Phrase;
}

type Key = Parameters<typeof screeningTexts.phrase>[0];
/** Lengths are written as digits, as the English always wrote them ("10000"). */
const MAX = String(MAX_TEXT_ANSWER_LENGTH);

export type GradeResult =
  | { ok: true; outcome: OverallScreeningOutcome; answers: ScreeningAnswer[] }
  | { ok: false; issues: GradeIssue[] };

type Verdict = Exclude<ScreeningOutcome, null>;

/**
 * Grades one application against a normalized screener (docs/screening.md, "Grading an
 * application"). The result lists every
 * question in order, so `screening_answers` shows each verdict: a hidden or skipped question
 * appears with answer [] and outcome null. An application that does not fit the screener (a
 * missing answer to a shown question, an answer to a hidden or skipped one, an unknown answer)
 * is refused with every issue, never graded.
 */
export function gradeApplication(
  questions: readonly ScreeningQuestion[],
  submitted: readonly ApplicationAnswerInput[],
): GradeResult {
  const issues: GradeIssue[] = [];
  const report: Report = (key, values) => {
    const phrase = screeningTexts.phrase(key, values);
    issues.push({ message: phrase.english, phrase });
  };

  const byKey = new Map<string, ApplicationAnswerInput>();
  const known = new Set(questions.map((q) => q.key));
  for (const entry of submitted) {
    if (!known.has(entry.key)) report('noSuchQuestion', { key: entry.key });
    else if (byKey.has(entry.key)) report('answeredTwice', { key: entry.key });
    else byKey.set(entry.key, entry);
  }

  const chosen = new Map<string, readonly string[] | null>();
  const answers: ScreeningAnswer[] = [];
  // Index of the next question a skip rule lets the applicant see; Infinity once one ends it.
  let resumeAt = 0;
  let skippedBy: string | null = null;

  for (const [index, question] of questions.entries()) {
    const entry = byKey.get(question.key);
    // An empty answer to a question the applicant never saw is not an answer to it.
    const answered =
      entry !== undefined && (entry.answer.length > 0 || entry.free_text !== undefined);
    const notGraded: ScreeningAnswer = {
      key: question.key,
      question: question.text,
      answer: [],
      outcome: null,
    };

    if (index < resumeAt) {
      chosen.set(question.key, null);
      answers.push(notGraded);
      if (answered) {
        report('skipped', { key: question.key, skippedBy: skippedBy ?? '' });
      }
      continue;
    }
    const display = question.display_condition;
    if (display !== undefined && !conditionsHold(display.conditions, display.join, chosen)) {
      chosen.set(question.key, null);
      answers.push(notGraded);
      if (answered) {
        report('notShown', { key: question.key });
      }
      continue;
    }
    if (entry === undefined) {
      report('needsAnswer', { key: question.key });
      chosen.set(question.key, []);
      answers.push(notGraded);
      continue;
    }

    const options = answerOptions(question);
    const picked = readAnswer(question, options, entry, report);
    chosen.set(question.key, picked.values);

    let outcome: Verdict =
      question.pick === 'text' ? 'not_important' : gradeChoices(question, options, picked.options);
    const holding = (question.conditional_rules ?? []).filter((rule) =>
      conditionsHold(rule.conditions, rule.join, chosen),
    );
    // Conditional rules override the answers' own verdict; reject wins over review.
    if (holding.length > 0) {
      outcome = holding.some((rule) => rule.outcome === 'reject') ? 'reject' : 'review';
    }

    const recorded: ScreeningAnswer = {
      key: question.key,
      question: question.text,
      answer: picked.values,
      outcome,
    };
    if (picked.freeText !== undefined) recorded.free_text = picked.freeText;
    answers.push(recorded);

    const skip = (question.skip_rules ?? []).find((rule) =>
      conditionsHold(rule.conditions, rule.join, chosen),
    );
    if (skip !== undefined) {
      skippedBy = question.key;
      const target =
        skip.target_question === null
          ? -1
          : questions.findIndex((q) => q.key === skip.target_question);
      resumeAt = target > index ? target : Number.POSITIVE_INFINITY;
    }
  }

  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, outcome: overallOutcome(answers), answers };
}

export function overallOutcome(answers: readonly ScreeningAnswer[]): OverallScreeningOutcome {
  if (answers.some((a) => a.outcome === 'reject')) return 'failed';
  if (answers.some((a) => a.outcome === 'review')) return 'review';
  return 'passed';
}

type Report = (key: Key, values: Readonly<Record<string, string>>) => void;

interface PickedAnswer {
  /** What is recorded: chosen values in the question's own order, or the typed text. */
  values: string[];
  options: AnswerOption[];
  freeText?: string;
}

function readAnswer(
  question: ScreeningQuestion,
  options: readonly AnswerOption[],
  entry: ApplicationAnswerInput,
  report: Report,
): PickedAnswer {
  const key = question.key;
  const freeText = entry.free_text;

  if (question.pick === 'text') {
    if (freeText !== undefined) report('textTakesNoFreeText', { key });
    const typed = entry.answer[0];
    if (entry.answer.length !== 1 || typed === undefined || typed.trim() === '') {
      report('textOneAnswer', { key });
      return { values: [], options: [] };
    }
    if (typed.length > MAX_TEXT_ANSWER_LENGTH) {
      report('textTooLong', { key, max: MAX });
    }
    return { values: [typed], options: [] };
  }

  const unique = new Set(entry.answer);
  if (unique.size !== entry.answer.length) report('chosenTwice', { key });
  for (const value of unique) {
    if (!options.some((o) => o.value === value)) {
      report(
        question.pick === 'grid'
          ? 'notAGridAnswer'
          : question.pick === 'boolean'
            ? 'notAYesNoAnswer'
            : 'notAnAnswer',
        { key, value },
      );
    }
  }
  const picked = options.filter((o) => unique.has(o.value));

  if (question.pick === 'one' || question.pick === 'boolean') {
    if (entry.answer.length !== 1) report('chooseOne', { key });
  } else if (question.pick === 'any') {
    if (entry.answer.length === 0) report('chooseAtLeastOne', { key });
  } else if (question.grid !== undefined) {
    if (question.grid.pick === 'one') {
      for (const row of question.grid.rows) {
        if (picked.filter((o) => o.row === row.key).length !== 1) {
          report('chooseOneInRow', { key, row: row.text });
        }
      }
    } else if (entry.answer.length === 0) {
      report('chooseAtLeastOneCell', { key });
    }
  }

  const result: PickedAnswer = { values: picked.map((o) => o.value), options: picked };
  if (freeText !== undefined && freeText.trim() !== '') {
    if (!picked.some((o) => o.allowFreeText)) {
      report('freeTextNotAllowed', { key });
    } else if (freeText.length > MAX_TEXT_ANSWER_LENGTH) {
      report('freeTextTooLong', { key, max: MAX });
    }
    result.freeText = freeText;
  }
  return result;
}

function gradeChoices(
  question: ScreeningQuestion,
  options: readonly AnswerOption[],
  picked: readonly AnswerOption[],
): Verdict {
  if (question.pick === 'grid' && question.grid !== undefined) {
    const singleSelect = question.grid.pick === 'one';
    const rowVerdicts = question.grid.rows.map((row) => {
      const rowOptions = options.filter((o) => o.row === row.key);
      const rowPicked = picked.filter((o) => o.row === row.key);
      return singleSelect ? gradeSingle(rowPicked) : gradeMany(rowOptions, rowPicked);
    });
    const belowMinimum =
      !singleSelect &&
      picked.filter((o) => isQualifying(o.logic)).length < (question.min_qualifying ?? 0);
    return worst([...rowVerdicts, belowMinimum ? 'reject' : 'qualify']);
  }
  if (question.pick === 'any') {
    const verdict = gradeMany(options, picked);
    const qualifying = picked.filter((o) => isQualifying(o.logic)).length;
    return qualifying < (question.min_qualifying ?? 0) ? 'reject' : verdict;
  }
  return gradeSingle(picked);
}

/** A single-select: only reject and review act; anything else qualifies. */
function gradeSingle(picked: readonly AnswerOption[]): Verdict {
  const logic = picked[0]?.logic;
  if (logic === 'reject') return 'reject';
  if (logic === 'review') return 'review';
  return 'qualify';
}

function gradeMany(options: readonly AnswerOption[], picked: readonly AnswerOption[]): Verdict {
  const chosen = new Set(picked.map((o) => o.value));
  if (picked.some((o) => o.logic === 'reject')) return 'reject';
  if (options.some((o) => o.logic === 'must' && !chosen.has(o.value))) return 'reject';
  const oneOf = options.filter((o) => o.logic === 'must_one_of');
  if (oneOf.length > 0 && !oneOf.some((o) => chosen.has(o.value))) return 'reject';
  if (picked.some((o) => o.logic === 'review')) return 'review';
  return 'qualify';
}

function worst(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('reject')) return 'reject';
  if (verdicts.includes('review')) return 'review';
  return 'qualify';
}
