import { answerOptions } from './options.ts';
import type { ScreeningAnswer, ScreeningQuestion, ScreeningStat } from './schemas.ts';

/**
 * `screening_stats` (docs/screening.md, "Screening statistics") kept as counters, so reading a
 * large study never scans its submissions: the caller stores one row per counter key and, in the
 * transaction that records a graded application, increments every key `screeningStatCounters`
 * returns.
 */
export type ScreeningStatsCounters = Readonly<Record<string, number>>;

export function gradedCounterKey(questionKey: string): string {
  return `graded:${JSON.stringify(questionKey)}`;
}

export function rejectedCounterKey(questionKey: string): string {
  return `rejected:${JSON.stringify(questionKey)}`;
}

export function selectedCounterKey(questionKey: string, value: string): string {
  return `selected:${JSON.stringify([questionKey, value])}`;
}

/**
 * The counters one graded application adds to. Questions never graded (hidden or skipped) count
 * nowhere. Typed text (the only answers graded not_important) is not counted per answer: every
 * text is different and would only grow the table.
 */
export function screeningStatCounters(gradedAnswers: readonly ScreeningAnswer[]): string[] {
  const keys: string[] = [];
  for (const answer of gradedAnswers) {
    if (answer.key === undefined || answer.outcome === null) continue;
    keys.push(gradedCounterKey(answer.key));
    if (answer.outcome === 'reject') keys.push(rejectedCounterKey(answer.key));
    if (answer.outcome === 'not_important') continue;
    for (const value of new Set(answer.answer)) keys.push(selectedCounterKey(answer.key, value));
  }
  return keys;
}

export function emptyScreeningStats(
  questions: readonly ScreeningQuestion[],
): ScreeningStatsCounters {
  const counters: Record<string, number> = {};
  for (const question of questions) {
    counters[gradedCounterKey(question.key)] = 0;
    counters[rejectedCounterKey(question.key)] = 0;
    for (const option of answerOptions(question)) {
      counters[selectedCounterKey(question.key, option.value)] = 0;
    }
  }
  return counters;
}

export function addToScreeningStats(
  stats: ScreeningStatsCounters,
  gradedAnswers: readonly ScreeningAnswer[],
): ScreeningStatsCounters {
  const next: Record<string, number> = { ...stats };
  for (const key of screeningStatCounters(gradedAnswers)) next[key] = (next[key] ?? 0) + 1;
  return next;
}

/** The counter keys a question's statistics read, in the order they are shown. */
interface QuestionStatsLayout {
  key: string;
  graded: string;
  rejected: string;
  answers: { text: string; selected: string }[];
}

/**
 * Layouts per question list. The lists come shared and unchanged from the opportunity row's
 * cache (opportunity-parts.ts), so the keys (JSON-quoted texts) and the answer options are
 * worked out once per list rather than on every read: on GET /v2/opportunities/{id} of a
 * launched study with the rich screener this took the server's CPU per request from 53 to
 * 48 µs (bench/cpu-per-request.ts;
 * docs/decisions/0124-answers-kept-with-the-rows-they-come-from.md).
 */
const layouts = new WeakMap<readonly ScreeningQuestion[], QuestionStatsLayout[]>();

function statsLayout(questions: readonly ScreeningQuestion[]): QuestionStatsLayout[] {
  let layout = layouts.get(questions);
  if (!layout) {
    layout = questions.map((question) => ({
      key: question.key,
      graded: gradedCounterKey(question.key),
      rejected: rejectedCounterKey(question.key),
      answers: answerOptions(question).map((option) => ({
        text: option.value,
        selected: selectedCounterKey(question.key, option.value),
      })),
    }));
    layouts.set(questions, layout);
  }
  return layout;
}

/** Rates are rounded to four decimals; a question nobody was graded on has rates of 0. */
export function screeningStatsView(
  questions: readonly ScreeningQuestion[],
  counters: ScreeningStatsCounters,
): ScreeningStat[] {
  return statsLayout(questions).map((question) => {
    const graded = counters[question.graded] ?? 0;
    const rejected = counters[question.rejected] ?? 0;
    return {
      screening_question: question.key,
      graded,
      rejected,
      rejection_rate: ratio(rejected, graded),
      answers: question.answers.map((answer) => {
        const selected = counters[answer.selected] ?? 0;
        return { text: answer.text, selected, share: ratio(selected, graded) };
      }),
    };
  });
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}
