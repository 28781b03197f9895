/**
 * The problems a refused screener edit comes back with (the engine's, or the API schema's), placed
 * beside what they are about on the editor page: a question card's field, a question's quota
 * table, the cross quotas, or the page itself when they name nothing it shows
 * (docs/decisions/0184-compact-screener-editor.md). Pure.
 */
export type CardField = 'text' | 'pick' | 'answers' | 'least' | 'grid' | 'show' | 'card';

export interface PlacedProblems {
  /** By question key, then by field of its card. */
  questions: Map<string, Map<CardField, string[]>>;
  /** By the key of the question a quota counts. */
  quotas: Map<string, string[]>;
  cross: string[];
  other: string[];
}

/** The API's field names, said the way the page says them. */
const WORDS: [RegExp, string][] = [
  [/\bmin_qualifying\b/g, '"at least this many"'],
  [/\ballow_free_text\b/g, '"lets them type more"'],
  [/\bdisplay_condition\b/g, '"show it only when"'],
  [/\bskip rule \d+: /g, 'where an answer skips to: '],
  [/\btarget_question\b/g, 'the question skipped to'],
];
const inPageWords = (message: string) =>
  WORDS.reduce((text, [pattern, words]) => text.replace(pattern, words), message);

function fieldOf(rest: string): CardField {
  if (/^text\b/.test(rest)) return 'text';
  if (/^pick\b/.test(rest)) return 'pick';
  if (/^display_condition\b/.test(rest)) return 'show';
  if (/^min_qualifying\b/.test(rest)) return 'least';
  if (/\bgrid\b|\bcell action/.test(rest)) return 'grid';
  if (/^(skip rule|answers?\b)|answer|allow_free_text|rejects/.test(rest)) return 'answers';
  return 'card';
}

function add<K>(map: Map<K, string[]>, key: K, message: string) {
  map.set(key, [...(map.get(key) ?? []), message]);
}

/**
 * `questions` and `quotas` are those sent (the schema's messages name them by position, the
 * engine's by key).
 */
export function placeProblems(
  messages: readonly string[],
  questions: readonly { key?: string }[],
  quotas: readonly { screening_question: string }[] = [],
): PlacedProblems {
  const placed: PlacedProblems = { questions: new Map(), quotas: new Map(), cross: [], other: [] };
  const onCard = (key: string, field: CardField, message: string) => {
    const fields = placed.questions.get(key) ?? new Map<CardField, string[]>();
    add(fields, field, inPageWords(message));
    placed.questions.set(key, fields);
  };
  for (const message of messages) {
    const engine = /^Screening question \d+ \("(.+?)"\): (.*)$/s.exec(message);
    if (engine) {
      onCard(engine[1]!, fieldOf(engine[2]!), engine[2]!);
      continue;
    }
    const schema = /^body\.screening_questions\.(\d+)\.?(.*)$/s.exec(message);
    const question = schema ? questions[Number(schema[1])] : undefined;
    if (schema && question?.key !== undefined) {
      onCard(question.key, fieldOf(schema[2]!), schema[2]!.replace(/^(\w+)\.?[\w.]*: /, '$1: '));
      continue;
    }
    const quota = /^Quota \d+ \(question "(.+?)"\)[,:]? ?(.*)$/s.exec(message);
    if (quota) {
      add(placed.quotas, quota[1]!, quota[2]!);
      continue;
    }
    const sent = /^body\.quotas\.(\d+)\.(?:[\w.]*\.)?(\w+: .*)$/s.exec(message);
    const counted = sent ? quotas[Number(sent[1])] : undefined;
    if (sent && counted) {
      add(placed.quotas, counted.screening_question, sent[2]!);
      continue;
    }
    if (/^(Cross quota|body\.cross_quotas)/.test(message)) placed.cross.push(message);
    else placed.other.push(inPageWords(message));
  }
  return placed;
}
