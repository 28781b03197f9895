import type { StudyTranslation } from '../../opportunities/index.ts';

/**
 * The Translations page's form, read both ways: a translation into the form's fields, and the
 * fields back into the translation PATCH /v2/opportunities/{id} takes, plus the API path of each
 * field so a problem shows beside it. Fields are named by position (q0.text, q0.a1, t0.title), so
 * question keys never need escaping. Pure.
 */

/** What the form translates: the study's questions and tasks, in their order. */
export interface TranslatableStudy {
  questions: readonly { key: string; answers: readonly { text: string }[] }[];
  tasks: readonly { sequence: number }[];
}

export const questionField = (index: number, part: 'text' | 'answers') => `q${index}.${part}`;
export const answerField = (question: number, answer: number) => `q${question}.a${answer}`;
export const taskField = (index: number, part: 'title' | 'description') => `t${index}.${part}`;

/** A stored translation as the form's values; none: every field empty. */
export function translationFormValues(
  study: TranslatableStudy,
  translation: StudyTranslation | undefined,
): Record<string, string> {
  const values: Record<string, string> = {
    title: translation?.title ?? '',
    description: translation?.description ?? '',
  };
  for (const [q, question] of study.questions.entries()) {
    const translated = translation?.screening_questions[question.key];
    values[questionField(q, 'text')] = translated?.text ?? '';
    for (const a of question.answers.keys()) {
      values[answerField(q, a)] = translated?.answers[a] ?? '';
    }
  }
  for (const [t, task] of study.tasks.entries()) {
    const translated = translation?.tasks[String(task.sequence)];
    values[taskField(t, 'title')] = translated?.title ?? '';
    values[taskField(t, 'description')] = translated?.description ?? '';
  }
  return values;
}

/**
 * The form's fields as a translation for the API: every question with one text per answer and
 * every task, as typed (trimmed), so the API's checks judge what was typed, blanks included. An
 * empty description is left out: participants then read the study's own.
 */
export function translationFromForm(
  study: TranslatableStudy,
  form: Readonly<Record<string, string>>,
) {
  const text = (name: string) => (form[name] ?? '').replace(/\r\n/g, '\n').trim();
  const description = text('description');
  return {
    title: text('title'),
    ...(description !== '' && { description }),
    screening_questions: Object.fromEntries(
      study.questions.map((question, q) => [
        question.key,
        {
          text: text(questionField(q, 'text')),
          answers: question.answers.map((_, a) => text(answerField(q, a))),
        },
      ]),
    ),
    tasks: Object.fromEntries(
      study.tasks.map((task, t) => {
        const taskDescription = text(taskField(t, 'description'));
        return [
          String(task.sequence),
          {
            title: text(taskField(t, 'title')),
            ...(taskDescription !== '' && { description: taskDescription }),
          },
        ];
      }),
    ),
  };
}

/**
 * Each form field's path in the API's problem messages (`translations.de.title`), for
 * issuesByField: the answers of a question share one path, as the API reports them together.
 */
export function translationFieldPaths(
  study: TranslatableStudy,
  language: string,
): Map<string, string> {
  const at = `translations.${language}`;
  const paths = new Map<string, string>([
    [`${at}.title`, 'title'],
    [`${at}.description`, 'description'],
  ]);
  for (const [q, question] of study.questions.entries()) {
    paths.set(`${at}.screening_questions.${question.key}.text`, questionField(q, 'text'));
    paths.set(`${at}.screening_questions.${question.key}.answers`, questionField(q, 'answers'));
  }
  for (const [t, task] of study.tasks.entries()) {
    paths.set(`${at}.tasks.${task.sequence}.title`, taskField(t, 'title'));
    paths.set(`${at}.tasks.${task.sequence}.description`, taskField(t, 'description'));
  }
  return paths;
}
