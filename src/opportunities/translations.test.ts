import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeApplication, normalizeScreener, type ScreeningQuestion } from '../screening/index.ts';
import {
  answersInStudyLanguage,
  checkTranslations,
  localizedOpportunity,
  participantLanguage,
  type TranslationsInput,
} from './translations.ts';

const questions = normalizeScreener({
  questions: [
    {
      key: 'role',
      text: 'What is your role?',
      pick: 'one',
      answers: [
        { text: 'Designer' },
        { text: 'Student', qualify_logic: 'reject' },
        { text: 'Manager', qualify_logic: 'review' },
      ],
    },
    { key: 'remote', text: 'Do you work remotely?', pick: 'boolean' },
    {
      key: 'tools',
      text: 'Which tools do you use?',
      pick: 'any',
      answers: [{ text: 'Figma', qualify_logic: 'must' }, { text: 'Sketch' }],
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
      },
    },
  ],
}).value.questions;

const tasks = [
  { sequence: 1, task_type: 'activity', title: 'Try it', description: 'The checkout' },
  { sequence: 2, task_type: 'interview', title: 'Talk', description: 'A call' },
];

const study = { language: 'en', questions, tasks };

const german: TranslationsInput = {
  de: {
    title: 'Bezahlstudie',
    description: 'Wie Menschen online bezahlen',
    screening_questions: {
      role: { text: 'Was ist Ihre Rolle?', answers: ['Designerin', 'Studentin', 'Leitung'] },
      remote: { text: 'Arbeiten Sie aus der Ferne?', answers: ['Ja', 'Nein'] },
      tools: { text: 'Welche Werkzeuge nutzen Sie?', answers: ['Figma (de)', 'Sketch (de)'] },
    },
    tasks: { '1': { title: 'Probieren', description: 'Die Kasse' }, '2': { title: 'Gespräch' } },
  },
};

const row = (translations: TranslationsInput = german, language = 'en') => ({
  title: 'Checkout study',
  description: 'How people pay online',
  language,
  translations: JSON.stringify(checkTranslations({ ...study, language }, translations).value),
  screening_questions: JSON.stringify(questions),
  tasks: JSON.stringify(tasks),
  filters: '[]',
  quotas: '[]',
  cross_quotas: '[]',
  required_accounts: '[]',
  device_types: '[]',
});

const messages = (input: TranslationsInput, language = 'en') =>
  checkTranslations({ ...study, language }, input).issues.map((issue) => issue.message);

describe('checkTranslations', () => {
  it('takes a complete translation and stores it whole', () => {
    const checked = checkTranslations(study, german);
    expect(checked.issues).toEqual([]);
    expect(checked.value.de).toEqual({
      ...german.de,
      tasks: { '1': { title: 'Probieren', description: 'Die Kasse' }, '2': { title: 'Gespräch' } },
    });
  });

  it('lists every mismatch at once', () => {
    const found = messages({
      de: {
        title: ' ',
        screening_questions: {
          role: { text: 'Rolle?', answers: ['Designerin', 'Studentin'] },
          tools: { text: '', answers: ['Figma (de)', 'Figma (de)'] },
          colour: { text: 'Farbe?', answers: [] },
        },
        tasks: { '1': { title: 'Probieren' }, '7': { title: 'Extra' } },
      },
      en: { title: 'Same language' },
      it: { title: 'Studio' },
    });
    expect(found).toEqual([
      'translations.de.title: must not be blank',
      'translations.de.screening_questions.role.answers: 2 answers, the question has 3',
      'translations.de.screening_questions: question "remote" has no translation',
      'translations.de.screening_questions.tools.text: must not be blank',
      'translations.de.screening_questions.tools.answers: answers 1 and 2 both read "Figma (de)"',
      'translations.de.screening_questions: the study has no question "colour"',
      'translations.de.tasks: task 2 has no translation',
      'translations.de.tasks: the study has no task 7',
      'translations.en: the study is written in English; translate it into another language',
      'translations.it: "it" is not a language studies are offered in (en, de, fr, es)',
    ]);
  });

  it('refuses an answer reading as another answer of the study', () => {
    const swapped = structuredClone(german);
    swapped.de!.screening_questions!.remote = { text: 'Remote?', answers: ['No', 'Yes'] };
    expect(messages(swapped)).toEqual([
      'translations.de.screening_questions.remote.answers: answer 1 reads "No", the study\'s text of answer 2; each text must name one answer',
      'translations.de.screening_questions.remote.answers: answer 2 reads "Yes", the study\'s text of answer 1; each text must name one answer',
    ]);
    // The same text at the same position is fine: "Figma" is Figma in German too.
    const same = structuredClone(german);
    same.de!.screening_questions!.tools!.answers = ['Figma', 'Sketch'];
    expect(messages(same)).toEqual([]);
  });

  it('translates a study written in German into English', () => {
    expect(messages({ en: german.de! }, 'de')).toEqual([]);
    expect(messages(german, 'de')[0]).toContain('written in German');
  });
});

describe('localizedOpportunity', () => {
  it('shows a German reader the German texts, keys and grading unchanged', () => {
    const localized = localizedOpportunity(row(), 'de');
    expect(localized.title).toBe('Bezahlstudie');
    expect(localized.description).toBe('Wie Menschen online bezahlen');
    const shown = JSON.parse(localized.screening_questions) as ScreeningQuestion[];
    expect(shown.map((q) => q.key)).toEqual(['role', 'remote', 'tools']);
    expect(shown[0]!.answers).toEqual([
      { text: 'Designerin', qualify_logic: 'must' },
      { text: 'Studentin', qualify_logic: 'reject' },
      { text: 'Leitung', qualify_logic: 'review' },
    ]);
    expect(shown[1]!.answers.map((a) => a.text)).toEqual(['Ja', 'Nein']);
    // The condition names the answer the German reader sees.
    expect(shown[2]!.display_condition!.conditions[0]!.answer).toBe('Designerin');
    const shownTasks = JSON.parse(localized.tasks);
    expect(shownTasks.map((t: { title: string; description: string }) => t)).toMatchObject([
      { sequence: 1, title: 'Probieren', description: 'Die Kasse' },
      // No translated description: the task's own.
      { sequence: 2, title: 'Gespräch', description: 'A call' },
    ]);
  });

  it('leaves the study as it is for its own language and languages without a translation', () => {
    const study = row();
    expect(localizedOpportunity(study, 'en')).toBe(study);
    expect(localizedOpportunity(study, 'fr')).toBe(study);
    expect(localizedOpportunity(study, 'de')).toBe(localizedOpportunity(study, 'de'));
  });

  it('reads a participant without a language as English', () => {
    expect(participantLanguage({ language: 'en' })).toBe('en');
    expect(participantLanguage({ language: 'de' })).toBe('de');
    expect(participantLanguage({ language: 'xx' })).toBe('en');
  });
});

describe('answersInStudyLanguage', () => {
  it('reads German and English texts back as the study names them', () => {
    const answers = [
      { key: 'role', answer: ['Designerin'] },
      { key: 'remote', answer: ['Nein'] },
      { key: 'tools', answer: ['Figma (de)', 'Sketch'] },
    ];
    expect(answersInStudyLanguage(row(), 'de', answers)).toEqual([
      { key: 'role', answer: ['Designer'] },
      { key: 'remote', answer: ['No'] },
      { key: 'tools', answer: ['Figma', 'Sketch'] },
    ]);
    // An English reader's German texts are not options of theirs.
    expect(answersInStudyLanguage(row(), 'en', answers)).toBe(answers);
  });

  /** Questions with distinct answers, and a translation whose texts name one answer each. */
  const translatedScreener = fc
    .array(
      fc.record({
        pick: fc.constantFrom('one' as const, 'any' as const),
        count: fc.integer({ min: 2, max: 5 }),
        logics: fc.array(fc.constantFrom('may' as const, 'reject' as const, 'review' as const), {
          minLength: 5,
          maxLength: 5,
        }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((specs) => {
      const screener = normalizeScreener({
        questions: specs.map((spec, q) => ({
          key: `q${q}`,
          text: `Question ${q}`,
          pick: spec.pick,
          answers: Array.from({ length: spec.count }, (_, a) => ({
            text: `Answer ${q}.${a}`,
            // At least one qualifies, so the screener is valid.
            qualify_logic: a === 0 ? ('may' as const) : spec.logics[a]!,
          })),
        })),
      });
      const translation: TranslationsInput = {
        fr: {
          title: 'Étude',
          screening_questions: Object.fromEntries(
            screener.value.questions.map((question) => [
              question.key,
              { text: 'Question', answers: question.answers.map((_, a) => `Réponse ${a}`) },
            ]),
          ),
          tasks: { '1': { title: 'Tâche' } },
        },
      };
      return { questions: screener.value.questions, translation };
    });

  it('grades an application alike whichever language names each chosen answer', () => {
    fc.assert(
      fc.property(
        translatedScreener,
        fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { minLength: 4 }),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        ({ questions, translation }, picks, inFrench) => {
          const translatedStudy = { language: 'en', questions, tasks: [{ sequence: 1 }] };
          const checked = checkTranslations(translatedStudy, translation);
          expect(checked.issues).toEqual([]);
          const opportunity = {
            language: 'en',
            translations: JSON.stringify(checked.value),
            screening_questions: JSON.stringify(questions),
            tasks: '[{"sequence":1}]',
            filters: '[]',
            quotas: '[]',
            cross_quotas: '[]',
            required_accounts: '[]',
            device_types: '[]',
          };
          let flip = 0;
          const chosen = questions.map((question, q) => {
            const indexes = [...new Set(picks[q]!.map((i) => i % question.answers.length))];
            return question.pick === 'one' ? indexes.slice(0, 1) : indexes;
          });
          const english = questions.map((question, q) => ({
            key: question.key,
            answer: chosen[q]!.map((i) => question.answers[i]!.text),
          }));
          const mixed = questions.map((question, q) => ({
            key: question.key,
            answer: chosen[q]!.map((i) =>
              inFrench[flip++ % inFrench.length]
                ? checked.value.fr!.screening_questions[question.key]!.answers[i]!
                : question.answers[i]!.text,
            ),
          }));
          const read = answersInStudyLanguage(opportunity, 'fr', mixed);
          expect(read).toEqual(english);
          expect(gradeApplication(questions, read)).toEqual(gradeApplication(questions, english));
        },
      ),
    );
  });
});
