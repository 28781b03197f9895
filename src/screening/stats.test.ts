import { describe, expect, it } from 'vitest';
import { screener } from '../../test/screening/screeners.ts';
import { gradeApplication } from './grade.ts';
import type { ApplicationAnswerInput } from './schemas.ts';
import {
  addToScreeningStats,
  emptyScreeningStats,
  gradedCounterKey,
  rejectedCounterKey,
  screeningStatCounters,
  screeningStatsView,
  selectedCounterKey,
} from './stats.ts';

const questions = screener([
  {
    key: 'role',
    text: 'Role?',
    pick: 'one',
    answers: [{ text: 'Engineer' }, { text: 'Student', qualify_logic: 'reject' }],
    skip_rules: [
      {
        join: 'and',
        conditions: [{ screening_question: 'role', answer: 'Student', operator: 'eq' }],
        target_question: null,
      },
    ],
  },
  { key: 'tools', text: 'Tools?', pick: 'any', answers: [{ text: 'Figma' }, { text: 'Sketch' }] },
  { key: 'why', text: 'Why?', pick: 'text' },
]);

function graded(answers: ApplicationAnswerInput[]) {
  const result = gradeApplication(questions, answers);
  if (!result.ok) throw new Error('test application refused');
  return result.answers;
}

const engineer = graded([
  { key: 'role', answer: ['Engineer'] },
  { key: 'tools', answer: ['Figma', 'Sketch'] },
  { key: 'why', answer: ['curious'] },
]);
const student = graded([{ key: 'role', answer: ['Student'] }]);

describe('screening stats', () => {
  it('counts graded and rejected per question and each chosen answer; skipped and typed text count nowhere', () => {
    expect(screeningStatCounters(student)).toEqual([
      gradedCounterKey('role'),
      rejectedCounterKey('role'),
      selectedCounterKey('role', 'Student'),
    ]);
    expect(screeningStatCounters(engineer)).toEqual([
      gradedCounterKey('role'),
      selectedCounterKey('role', 'Engineer'),
      gradedCounterKey('tools'),
      selectedCounterKey('tools', 'Figma'),
      selectedCounterKey('tools', 'Sketch'),
      gradedCounterKey('why'),
    ]);
  });

  it('turns counters into the screening_stats read shape', () => {
    let stats = emptyScreeningStats(questions);
    for (const answers of [engineer, engineer, student])
      stats = addToScreeningStats(stats, answers);
    expect(screeningStatsView(questions, stats)).toEqual([
      {
        screening_question: 'role',
        graded: 3,
        rejected: 1,
        rejection_rate: 0.3333,
        answers: [
          { text: 'Engineer', selected: 2, share: 0.6667 },
          { text: 'Student', selected: 1, share: 0.3333 },
        ],
      },
      {
        screening_question: 'tools',
        graded: 2,
        rejected: 0,
        rejection_rate: 0,
        answers: [
          { text: 'Figma', selected: 2, share: 1 },
          { text: 'Sketch', selected: 2, share: 1 },
        ],
      },
      { screening_question: 'why', graded: 2, rejected: 0, rejection_rate: 0, answers: [] },
    ]);
  });

  it('shows zeros, not NaN, before anyone applies, even without stored counters', () => {
    const view = screeningStatsView(questions, {});
    expect(view[0]).toEqual({
      screening_question: 'role',
      graded: 0,
      rejected: 0,
      rejection_rate: 0,
      answers: [
        { text: 'Engineer', selected: 0, share: 0 },
        { text: 'Student', selected: 0, share: 0 },
      ],
    });
    expect(screeningStatsView(questions, emptyScreeningStats(questions))).toEqual(view);
  });
});
