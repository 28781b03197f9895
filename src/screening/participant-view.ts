import type { AnswerItem, ParticipantScreeningQuestion, ScreeningQuestion } from './schemas.ts';

export interface ParticipantViewOptions {
  /**
   * Set when the opportunity's screening_option_randomization is `enabled`: the answers of
   * pick one and pick any questions are shuffled by this seed (use something stable per
   * participant, such as opportunity id + participant id, so a reload shows the same order).
   */
  randomizeSeed?: string;
}

/**
 * The screener as a participant sees it (docs/screening.md, "What a participant sees"): enough to
 * show, hide and skip questions on the client, and nothing that tells how answers are graded: no
 * qualify_logic, no cell actions, no conditional rules, no min_qualifying. Fields are copied one by
 * one, never spread, so a field added to the stored question later cannot leak here by accident.
 */
export function participantScreenerView(
  questions: readonly ScreeningQuestion[],
  options: ParticipantViewOptions = {},
): ParticipantScreeningQuestion[] {
  return questions.map((question) => {
    const view: ParticipantScreeningQuestion = {
      key: question.key,
      text: question.text,
      pick: question.pick,
      answers: orderAnswers(question, options.randomizeSeed).map((answer) =>
        answer.allow_free_text === undefined
          ? { text: answer.text }
          : { text: answer.text, allow_free_text: answer.allow_free_text },
      ),
    };
    if (question.question_rich_text !== undefined) {
      view.question_rich_text = question.question_rich_text;
    }
    if (question.grid !== undefined) {
      view.grid = {
        pick: question.grid.pick,
        rows: question.grid.rows.map((row) => ({ key: row.key, text: row.text })),
        columns: question.grid.columns.map((column) => ({
          value: column.value,
          text: column.text,
        })),
      };
    }
    if (question.display_condition !== undefined) {
      view.display_condition = {
        conditions: question.display_condition.conditions.map((c) => ({ ...c })),
        join: question.display_condition.join,
      };
    }
    if (question.skip_rules !== undefined && question.skip_rules.length > 0) {
      view.skip_rules = question.skip_rules.map((rule) => ({
        conditions: rule.conditions.map((c) => ({ ...c })),
        join: rule.join,
        target_question: rule.target_question,
      }));
    }
    if (question.allow_paste !== undefined) view.allow_paste = question.allow_paste;
    return view;
  });
}

/**
 * Only the options of pick one and pick any are shuffled: Yes/No and grid scales read wrongly
 * out of order. Write-in answers ("Other, please say") stay last, where people look for them.
 */
function orderAnswers(question: ScreeningQuestion, seed: string | undefined): AnswerItem[] {
  if (seed === undefined || (question.pick !== 'one' && question.pick !== 'any')) {
    return question.answers;
  }
  const random = mulberry32(hashString(`${seed}\u0000${question.key}`));
  const fixed = question.answers.filter((a) => a.allow_free_text === true);
  const shuffled = question.answers.filter((a) => a.allow_free_text !== true);
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return [...shuffled, ...fixed];
}

/** FNV-1a, 32 bits: a stable seed from a string, not a security measure. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
