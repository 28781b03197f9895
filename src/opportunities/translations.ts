import type { Issue } from '../platform/errors.ts';
import { LOCALES, type Locale } from '../platform/i18n/locales.ts';
import type { ApplicationAnswerInput, Condition, ScreeningQuestion } from '../screening/index.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import type { OpportunityTask } from './opportunity-parts.ts';
import { opportunityParts } from './opportunity-parts.ts';

/**
 * A study in several languages (docs/decisions/0163-study-translations.md): the language it is
 * written in, translations of what participants read into the others, the check of a translation
 * against the study, a study as a reader of one language sees it, and an applicant's answers
 * named in either language read back as the study's own options. Pure: no I/O.
 */

/** The languages a study may be written and translated in: those participants read Cohort in. */
export const STUDY_LANGUAGES = LOCALES;
export type StudyLanguage = Locale;
export const DEFAULT_STUDY_LANGUAGE: StudyLanguage = 'en';

/** Each language in English, for the API's messages and the (English) dashboard. */
export const STUDY_LANGUAGE_NAMES: Readonly<Record<StudyLanguage, string>> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
};

export function isStudyLanguage(value: unknown): value is StudyLanguage {
  return typeof value === 'string' && (STUDY_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A participant's language (participants.language, migration 0024), read through this one helper
 * so nothing else depends on how it is stored; anything but the four reads as English.
 */
export function participantLanguage(participant: { readonly language: string }): StudyLanguage {
  return isStudyLanguage(participant.language) ? participant.language : DEFAULT_STUDY_LANGUAGE;
}

export interface QuestionTranslation {
  text: string;
  /** One text per answer of the study's question, in the same order. */
  answers: string[];
}

export interface TaskTranslation {
  title: string;
  /** Absent: participants read the task's own description. */
  description?: string;
}

/** One language's texts of a study, as stored and as the full form reads them back. */
export interface StudyTranslation {
  title: string;
  /** Absent: participants read the study's own description. */
  description?: string;
  /** By question key: every question of the study, no other. */
  screening_questions: Record<string, QuestionTranslation>;
  /** By task sequence: every task of the study, no other. */
  tasks: Record<string, TaskTranslation>;
}

export type Translations = Record<string, StudyTranslation>;

/** A translation as create and PATCH take it: the parts a study without them lacks may be left out. */
export interface StudyTranslationInput {
  title: string;
  description?: string | null;
  screening_questions?: Record<string, { text: string; answers?: string[] }>;
  tasks?: Record<string, { title: string; description?: string | null }>;
}

export type TranslationsInput = Record<string, StudyTranslationInput>;

/** What a translation is checked against: the study's language, questions and tasks. */
export interface TranslatedStudy {
  language: string;
  questions: readonly Pick<ScreeningQuestion, 'key' | 'answers'>[];
  tasks: readonly Pick<OpportunityTask, 'sequence'>[];
}

const blank = (text: string) => text.trim() === '';
const quoted = (text: string) => `"${text}"`;

/**
 * Checks translations against the study they belong to and lists every mismatch at once: a
 * language Cohort does not offer or the study's own, a blank text, a question or task missing or
 * unknown, a question whose answers differ in number. An answer text may name one option only:
 * twice in one translation, or the study's own text of another answer, would make an application
 * naming it ambiguous (answersInStudyLanguage). `value` is the stored shape, meaningful only
 * without issues.
 */
export function checkTranslations(
  study: TranslatedStudy,
  input: TranslationsInput,
): { value: Translations; issues: Issue[] } {
  const issues: Issue[] = [];
  const value: Translations = {};
  for (const [language, translation] of Object.entries(input)) {
    const at = `translations.${language}`;
    const report = (path: string, message: string) =>
      issues.push({ message: `${at}${path}: ${message}` });
    if (!isStudyLanguage(language)) {
      report(
        '',
        `${quoted(language)} is not a language studies are offered in (${STUDY_LANGUAGES.join(', ')})`,
      );
      continue;
    }
    if (language === study.language) {
      report(
        '',
        `the study is written in ${STUDY_LANGUAGE_NAMES[language]}; translate it into another language`,
      );
      continue;
    }
    if (blank(translation.title)) report('.title', 'must not be blank');

    const questions = translation.screening_questions ?? {};
    const known = new Set(study.questions.map((question) => question.key));
    const screening: Record<string, QuestionTranslation> = {};
    for (const question of study.questions) {
      const translated = questions[question.key];
      const path = `.screening_questions.${question.key}`;
      if (translated === undefined) {
        report('.screening_questions', `question ${quoted(question.key)} has no translation`);
        continue;
      }
      const answers = translated.answers ?? [];
      if (blank(translated.text)) report(`${path}.text`, 'must not be blank');
      if (answers.length !== question.answers.length) {
        report(
          `${path}.answers`,
          `${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}, the question has ${question.answers.length}`,
        );
      } else {
        const seen = new Map<string, number>();
        for (const [index, text] of answers.entries()) {
          if (blank(text)) {
            report(`${path}.answers`, `answer ${index + 1} must not be blank`);
            continue;
          }
          const twice = seen.get(text);
          if (twice !== undefined) {
            report(
              `${path}.answers`,
              `answers ${twice + 1} and ${index + 1} both read ${quoted(text)}`,
            );
          }
          seen.set(text, index);
          const original = question.answers.findIndex((answer) => answer.text === text);
          if (original !== -1 && original !== index) {
            report(
              `${path}.answers`,
              `answer ${index + 1} reads ${quoted(text)}, the study's text of answer ${original + 1}; each text must name one answer`,
            );
          }
        }
      }
      screening[question.key] = { text: translated.text, answers: [...answers] };
    }
    for (const key of Object.keys(questions)) {
      if (!known.has(key))
        report('.screening_questions', `the study has no question ${quoted(key)}`);
    }

    const tasks = translation.tasks ?? {};
    const sequences = new Set(study.tasks.map((task) => String(task.sequence)));
    const translatedTasks: Record<string, TaskTranslation> = {};
    for (const task of study.tasks) {
      const sequence = String(task.sequence);
      const translated = tasks[sequence];
      if (translated === undefined) {
        report('.tasks', `task ${sequence} has no translation`);
        continue;
      }
      if (blank(translated.title)) report(`.tasks.${sequence}.title`, 'must not be blank');
      translatedTasks[sequence] = {
        title: translated.title,
        ...(typeof translated.description === 'string' &&
          !blank(translated.description) && { description: translated.description }),
      };
    }
    for (const sequence of Object.keys(tasks)) {
      if (!sequences.has(sequence)) report('.tasks', `the study has no task ${sequence}`);
    }

    value[language] = {
      title: translation.title,
      ...(typeof translation.description === 'string' &&
        !blank(translation.description) && { description: translation.description }),
      screening_questions: screening,
      tasks: translatedTasks,
    };
  }
  return { value, issues };
}

const parsedTranslations = new Map<string, Translations>();

/** The stored translations column, parsed once per distinct text (shared: never change it). */
export function translationsOf(row: Pick<OpportunityRow, 'translations'>): Translations {
  const text = row.translations;
  if (!text || text === '{}') return {};
  let parsed = parsedTranslations.get(text);
  if (parsed === undefined) {
    const value: unknown = JSON.parse(text);
    parsed = value !== null && typeof value === 'object' ? (value as Translations) : {};
    if (parsedTranslations.size >= 2000) {
      parsedTranslations.delete(parsedTranslations.keys().next().value as string);
    }
    parsedTranslations.set(text, parsed);
  }
  return parsed;
}

/** The translation a reader of `language` gets, if the study has one for them. */
function translationFor(
  row: Pick<OpportunityRow, 'language' | 'translations'>,
  language: string,
): StudyTranslation | undefined {
  if (language === row.language) return undefined;
  return translationsOf(row)[language];
}

type LocalizedFields = 'title' | 'description' | 'screening_questions' | 'tasks';
type Localizable = Pick<OpportunityRow, LocalizedFields | 'language' | 'translations'> &
  Parameters<typeof opportunityParts>[0];

/** Per question key, each answer's own text to its translation. */
function answerTexts(
  questions: readonly ScreeningQuestion[],
  translation: StudyTranslation,
): Map<string, Map<string, string>> {
  const byKey = new Map<string, Map<string, string>>();
  for (const question of questions) {
    const translated = translation.screening_questions[question.key];
    if (!translated || translated.answers.length !== question.answers.length) continue;
    byKey.set(
      question.key,
      new Map(question.answers.map((answer, index) => [answer.text, translated.answers[index]!])),
    );
  }
  return byKey;
}

function translatedConditions(
  conditions: readonly Condition[],
  texts: Map<string, Map<string, string>>,
): Condition[] {
  return conditions.map((condition) => ({
    ...condition,
    answer: texts.get(condition.screening_question)?.get(condition.answer) ?? condition.answer,
  }));
}

function translatedQuestion(
  question: ScreeningQuestion,
  translation: StudyTranslation,
  texts: Map<string, Map<string, string>>,
): ScreeningQuestion {
  const translated = translation.screening_questions[question.key];
  const own = texts.get(question.key);
  // The rich text is the study's own text marked up: a translated question shows its plain text.
  const { question_rich_text: _richText, ...rest } = question;
  const localized: ScreeningQuestion = {
    ...(translated ? rest : question),
    text: translated?.text ?? question.text,
    answers: question.answers.map((answer) => ({
      ...answer,
      text: own?.get(answer.text) ?? answer.text,
    })),
  };
  // Conditions name answers by text, and the participant's client compares them with the
  // texts it shows: they are translated with the answers they name.
  if (question.display_condition) {
    localized.display_condition = {
      ...question.display_condition,
      conditions: translatedConditions(question.display_condition.conditions, texts),
    };
  }
  if (question.skip_rules) {
    localized.skip_rules = question.skip_rules.map((rule) => ({
      ...rule,
      conditions: translatedConditions(rule.conditions, texts),
    }));
  }
  if (question.conditional_rules) {
    localized.conditional_rules = question.conditional_rules.map((rule) => ({
      ...rule,
      conditions: translatedConditions(rule.conditions, texts),
    }));
  }
  return localized;
}

const localizedRows = new WeakMap<object, Map<string, object>>();

/**
 * The opportunity as a reader of `participantLanguage` sees it: the title, description,
 * questions and answers, and tasks of their translation, when the study has one; otherwise (and
 * for readers of its own language) the opportunity itself. Only what participants read changes:
 * keys, sequences, grading and quotas stay the study's, so the result is for showing, never for
 * grading (answersInStudyLanguage reads answers back). Kept per row, and shared: never change it.
 */
export function localizedOpportunity<R extends Localizable>(
  opportunity: R,
  participantLanguage: string,
): R {
  const translation = translationFor(opportunity, participantLanguage);
  if (!translation) return opportunity;
  let kept = localizedRows.get(opportunity);
  const hit = kept?.get(participantLanguage);
  if (hit) return hit as R;
  const parts = opportunityParts(opportunity);
  const texts = answerTexts(parts.questions, translation);
  const localized: R = {
    ...opportunity,
    title: translation.title,
    description: translation.description ?? opportunity.description,
    screening_questions: JSON.stringify(
      parts.questions.map((question) => translatedQuestion(question, translation, texts)),
    ),
    tasks: JSON.stringify(
      parts.tasks.map((task) => {
        const translated = translation.tasks[String(task.sequence)];
        return translated
          ? {
              ...task,
              title: translated.title,
              description: translated.description ?? task.description,
            }
          : task;
      }),
    ),
  };
  if (!kept) {
    kept = new Map();
    localizedRows.set(opportunity, kept);
  }
  kept.set(participantLanguage, localized);
  return localized;
}

/**
 * An application's answers with every option named as the study names it. An answer may name an
 * option by the study's own text or by its translation into the participant's language; either
 * is read back as the study's text at that position, so both grade alike. Texts naming no option
 * are left as they are, for the grader to refuse in its own words.
 */
export function answersInStudyLanguage(
  opportunity: Pick<OpportunityRow, 'language' | 'translations'> &
    Parameters<typeof opportunityParts>[0],
  participantLanguage: string,
  answers: readonly ApplicationAnswerInput[],
): readonly ApplicationAnswerInput[] {
  const translation = translationFor(opportunity, participantLanguage);
  if (!translation) return answers;
  const questions = new Map(opportunityParts(opportunity).questions.map((q) => [q.key, q]));
  return answers.map((item) => {
    const question = questions.get(item.key);
    const translated = translation.screening_questions[item.key];
    if (!question || !translated || translated.answers.length !== question.answers.length) {
      return item;
    }
    const own = new Set(question.answers.map((answer) => answer.text));
    const answer = item.answer.map((text) => {
      if (own.has(text)) return text;
      const index = translated.answers.indexOf(text);
      return index === -1 ? text : question.answers[index]!.text;
    });
    return { ...item, answer };
  });
}
