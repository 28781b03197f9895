import { INTERVIEW_TASK } from './fixtures.ts';

/** A study with two questions and two tasks, and its German translation. */
export const SCREENER = [
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
];

export const TASKS = [
  INTERVIEW_TASK,
  { ...INTERVIEW_TASK, sequence: 2, title: 'Follow-up', description: 'A second call' },
];

export const GERMAN = {
  title: 'Bezahlstudie',
  description: 'Wie Menschen online bezahlen',
  screening_questions: {
    role: { text: 'Was ist Ihre Rolle?', answers: ['Designerin', 'Studentin', 'Leitung'] },
    remote: { text: 'Arbeiten Sie aus der Ferne?', answers: ['Ja', 'Nein'] },
  },
  tasks: {
    '1': { title: 'Gespräch', description: 'Ein Gespräch von 30 Minuten' },
    '2': { title: 'Nachgespräch' },
  },
};
