import { describe, expect, it } from 'vitest';
import { screener } from '../../test/screening/screeners.ts';
import { gradeApplication } from './grade.ts';
import type { ApplicationAnswerInput, ScreeningQuestionInput } from './schemas.ts';

const role: ScreeningQuestionInput = {
  key: 'role',
  text: 'What is your role?',
  pick: 'one',
  answers: [
    { text: 'Engineer', qualify_logic: 'may' },
    { text: 'Designer', qualify_logic: 'must_one_of' },
    { text: 'Student', qualify_logic: 'reject' },
    { text: 'Consultant', qualify_logic: 'review' },
    { text: 'Other', qualify_logic: 'may', allow_free_text: true },
  ],
};

const tools: ScreeningQuestionInput = {
  key: 'tools',
  text: 'Which tools do you use?',
  pick: 'any',
  answers: [
    { text: 'Figma', qualify_logic: 'must' },
    { text: 'Sketch', qualify_logic: 'may' },
    { text: 'Paint', qualify_logic: 'reject' },
    { text: 'Excel', qualify_logic: 'review' },
    { text: 'Other', qualify_logic: 'may', allow_free_text: true },
  ],
};

const oneOf: ScreeningQuestionInput = {
  key: 'os',
  text: 'Which systems do you own?',
  pick: 'any',
  answers: [
    { text: 'macOS', qualify_logic: 'must_one_of' },
    { text: 'Windows', qualify_logic: 'must_one_of' },
    { text: 'Linux', qualify_logic: 'may' },
  ],
};

const minQualifying: ScreeningQuestionInput = {
  key: 'langs',
  text: 'Languages you speak',
  pick: 'any',
  min_qualifying: 2,
  answers: [
    { text: 'English' },
    { text: 'French' },
    { text: 'German' },
    { text: 'None of these', qualify_logic: 'reject' },
  ],
};

const consent: ScreeningQuestionInput = {
  key: 'consent',
  text: 'Do you agree to be recorded?',
  pick: 'boolean',
  answers: [{ text: 'No', qualify_logic: 'reject' }],
};

const bio: ScreeningQuestionInput = { key: 'bio', text: 'Tell us about you', pick: 'text' };

const matrix: ScreeningQuestionInput = {
  key: 'usage',
  text: 'How often do you use each?',
  pick: 'grid',
  grid: {
    pick: 'one',
    rows: [
      { key: 'slack', text: 'Slack' },
      { key: 'teams', text: 'Teams' },
    ],
    columns: [
      { value: 'never', text: 'Never' },
      { value: 'weekly', text: 'Weekly' },
      { value: 'daily', text: 'Daily' },
    ],
    cell_actions: [
      { row: 'slack', column: 'never', qualify_logic: 'reject' },
      { row: 'teams', column: 'daily', qualify_logic: 'review' },
    ],
  },
};

const anyGrid: ScreeningQuestionInput = {
  key: 'devices',
  text: 'Where do you use each app?',
  pick: 'grid',
  min_qualifying: 2,
  grid: {
    pick: 'any',
    rows: [
      { key: 'mail', text: 'Mail' },
      { key: 'maps', text: 'Maps' },
    ],
    columns: [
      { value: 'phone', text: 'Phone' },
      { value: 'laptop', text: 'Laptop' },
    ],
    cell_actions: [
      { row: 'mail', column: 'phone', qualify_logic: 'must' },
      { row: 'maps', column: 'laptop', qualify_logic: 'reject' },
    ],
  },
};

function grade(questions: ScreeningQuestionInput[], answers: ApplicationAnswerInput[]) {
  return gradeApplication(screener(questions), answers);
}

function outcomeOf(questions: ScreeningQuestionInput[], answers: ApplicationAnswerInput[]) {
  const result = grade(questions, answers);
  if (!result.ok) throw new Error(result.issues.map((i) => i.message).join('; '));
  return { overall: result.outcome, outcomes: result.answers.map((a) => a.outcome) };
}

describe('gradeApplication: per pick type', () => {
  it.each([
    ['pick one, may (stored must)', [role], [{ key: 'role', answer: ['Engineer'] }], 'qualify'],
    [
      'pick one, must_one_of (stored must)',
      [role],
      [{ key: 'role', answer: ['Designer'] }],
      'qualify',
    ],
    ['pick one, reject', [role], [{ key: 'role', answer: ['Student'] }], 'reject'],
    ['pick one, review', [role], [{ key: 'role', answer: ['Consultant'] }], 'review'],
    ['any: must chosen', [tools], [{ key: 'tools', answer: ['Figma', 'Sketch'] }], 'qualify'],
    ['any: must missing', [tools], [{ key: 'tools', answer: ['Sketch'] }], 'reject'],
    [
      'any: reject chosen with must',
      [tools],
      [{ key: 'tools', answer: ['Figma', 'Paint'] }],
      'reject',
    ],
    ['any: review chosen', [tools], [{ key: 'tools', answer: ['Figma', 'Excel'] }], 'review'],
    [
      'any: reject beats review',
      [tools],
      [{ key: 'tools', answer: ['Figma', 'Excel', 'Paint'] }],
      'reject',
    ],
    ['must_one_of: one chosen', [oneOf], [{ key: 'os', answer: ['Windows'] }], 'qualify'],
    ['must_one_of: both chosen', [oneOf], [{ key: 'os', answer: ['macOS', 'Windows'] }], 'qualify'],
    ['must_one_of: none chosen', [oneOf], [{ key: 'os', answer: ['Linux'] }], 'reject'],
    [
      'min_qualifying met',
      [minQualifying],
      [{ key: 'langs', answer: ['English', 'French'] }],
      'qualify',
    ],
    ['min_qualifying short', [minQualifying], [{ key: 'langs', answer: ['German'] }], 'reject'],
    ['boolean Yes (implicit)', [consent], [{ key: 'consent', answer: ['Yes'] }], 'qualify'],
    ['boolean No rejects', [consent], [{ key: 'consent', answer: ['No'] }], 'reject'],
    [
      'text grades not_important',
      [bio],
      [{ key: 'bio', answer: ['I design things'] }],
      'not_important',
    ],
    [
      'grid one: qualifying cells',
      [matrix],
      [{ key: 'usage', answer: ['Slack: Daily', 'Teams: Weekly'] }],
      'qualify',
    ],
    [
      'grid one: a rejecting cell',
      [matrix],
      [{ key: 'usage', answer: ['Slack: Never', 'Teams: Weekly'] }],
      'reject',
    ],
    [
      'grid one: a review cell',
      [matrix],
      [{ key: 'usage', answer: ['Slack: Weekly', 'Teams: Daily'] }],
      'review',
    ],
    [
      'grid any: must cell and min_qualifying met',
      [anyGrid],
      [{ key: 'devices', answer: ['Mail: Phone', 'Maps: Phone'] }],
      'qualify',
    ],
    [
      'grid any: must cell missing',
      [anyGrid],
      [{ key: 'devices', answer: ['Mail: Laptop', 'Maps: Phone'] }],
      'reject',
    ],
    [
      'grid any: below min_qualifying',
      [anyGrid],
      [{ key: 'devices', answer: ['Mail: Phone'] }],
      'reject',
    ],
    [
      'grid any: rejecting cell',
      [anyGrid],
      [{ key: 'devices', answer: ['Mail: Phone', 'Maps: Laptop'] }],
      'reject',
    ],
  ] as const)('%s', (_name, questions, answers, expected) => {
    const result = outcomeOf(
      [...questions],
      [...answers].map((a) => ({ ...a, answer: [...a.answer] })),
    );
    expect(result.outcomes).toEqual([expected]);
    const overall = {
      qualify: 'passed',
      not_important: 'passed',
      reject: 'failed',
      review: 'review',
    };
    expect(result.overall).toBe(overall[expected]);
  });

  it('records the chosen answers in the question order, with the question text and key', () => {
    const result = grade([tools], [{ key: 'tools', answer: ['Sketch', 'Figma'] }]);
    expect(result).toEqual({
      ok: true,
      outcome: 'passed',
      answers: [
        {
          key: 'tools',
          question: 'Which tools do you use?',
          answer: ['Figma', 'Sketch'],
          outcome: 'qualify',
        },
      ],
    });
  });

  it('is failed when any question rejects and review when one reviews', () => {
    expect(
      outcomeOf(
        [role, consent],
        [
          { key: 'role', answer: ['Consultant'] },
          { key: 'consent', answer: ['No'] },
        ],
      ).overall,
    ).toBe('failed');
    expect(
      outcomeOf(
        [role, consent],
        [
          { key: 'role', answer: ['Consultant'] },
          { key: 'consent', answer: ['Yes'] },
        ],
      ).overall,
    ).toBe('review');
  });
});

describe('gradeApplication: free text', () => {
  it('records free text with an answer that allows it', () => {
    const result = grade([role], [{ key: 'role', answer: ['Other'], free_text: 'Researcher' }]);
    expect(result.ok && result.answers[0]).toEqual({
      key: 'role',
      question: 'What is your role?',
      answer: ['Other'],
      outcome: 'qualify',
      free_text: 'Researcher',
    });
  });

  it('refuses free text with an answer that does not allow it, and on text questions', () => {
    const result = grade(
      [role, bio],
      [
        { key: 'role', answer: ['Engineer'], free_text: 'x' },
        { key: 'bio', answer: ['hello'], free_text: 'x' },
      ],
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => i.message)).toEqual([
      'Question "role": free_text is only allowed with an answer that allows free text',
      'Question "bio": free_text is only for answers that allow it',
    ]);
  });
});

describe('gradeApplication: display conditions', () => {
  const gated: ScreeningQuestionInput = {
    key: 'figma_years',
    text: 'Years using Figma?',
    pick: 'one',
    answers: [{ text: 'Under 1', qualify_logic: 'reject' }, { text: '1 or more' }],
    display_condition: {
      join: 'and',
      conditions: [{ screening_question: 'tools', answer: 'Figma', operator: 'eq' }],
    },
  };

  it('shows a question whose condition holds and grades it', () => {
    const result = outcomeOf(
      [tools, gated],
      [
        { key: 'tools', answer: ['Figma'] },
        { key: 'figma_years', answer: ['Under 1'] },
      ],
    );
    expect(result).toEqual({ overall: 'failed', outcomes: ['qualify', 'reject'] });
  });

  it('hides a question whose condition fails: listed with answer [] and outcome null', () => {
    const questions = [
      { ...tools, answers: tools.answers!.map((a) => ({ ...a, qualify_logic: 'may' as const })) },
      gated,
    ];
    const result = grade(questions, [{ key: 'tools', answer: ['Sketch'] }]);
    expect(result.ok && result.answers[1]).toEqual({
      key: 'figma_years',
      question: 'Years using Figma?',
      answer: [],
      outcome: null,
    });
  });

  it('refuses an answer to a hidden question, and a missing answer to a shown one', () => {
    const loose = {
      ...tools,
      answers: tools.answers!.map((a) => ({ ...a, qualify_logic: 'may' as const })),
    };
    const hidden = grade(
      [loose, gated],
      [
        { key: 'tools', answer: ['Sketch'] },
        { key: 'figma_years', answer: ['1 or more'] },
      ],
    );
    expect(!hidden.ok && hidden.issues.map((i) => i.message)).toEqual([
      'Question "figma_years" is not shown to this applicant (its display condition does not hold) and must not be answered',
    ]);
    const missing = grade([loose, gated], [{ key: 'tools', answer: ['Figma'] }]);
    expect(!missing.ok && missing.issues.map((i) => i.message)).toEqual([
      'Question "figma_years" is shown to this applicant and needs an answer',
    ]);
  });

  it('accepts an empty answer for a hidden question as no answer', () => {
    const loose = {
      ...tools,
      answers: tools.answers!.map((a) => ({ ...a, qualify_logic: 'may' as const })),
    };
    const result = grade(
      [loose, gated],
      [
        { key: 'tools', answer: ['Sketch'] },
        { key: 'figma_years', answer: [] },
      ],
    );
    expect(result.ok).toBe(true);
  });

  it('ne holds when the earlier question did not get that answer; or-joins need one', () => {
    const base: ScreeningQuestionInput = {
      key: 'b',
      text: 'B',
      pick: 'one',
      answers: [{ text: 'x' }, { text: 'y' }],
    };
    const second: ScreeningQuestionInput = {
      key: 'c',
      text: 'C',
      pick: 'text',
      display_condition: {
        join: 'or',
        conditions: [
          { screening_question: 'b', answer: 'x', operator: 'ne' },
          { screening_question: 'consent', answer: 'Yes', operator: 'eq' },
        ],
      },
    };
    const shown = grade(
      [consent, base, second],
      [
        { key: 'consent', answer: ['No'] },
        { key: 'b', answer: ['y'] },
        { key: 'c', answer: ['hi'] },
      ],
    );
    expect(shown.ok && shown.answers[2]!.outcome).toBe('not_important');
    const hidden = grade(
      [consent, base, second],
      [
        { key: 'consent', answer: ['No'] },
        { key: 'b', answer: ['x'] },
      ],
    );
    expect(hidden.ok && hidden.answers[2]!.outcome).toBeNull();
  });
});

describe('gradeApplication: skip rules', () => {
  const q = (key: string, extra: Partial<ScreeningQuestionInput> = {}): ScreeningQuestionInput => ({
    key,
    text: `Question ${key}`,
    pick: 'one',
    answers: [{ text: 'a' }, { text: 'b' }, { text: 'bad', qualify_logic: 'reject' }],
    ...extra,
  });
  const jumping = q('first', {
    skip_rules: [
      {
        join: 'and',
        conditions: [{ screening_question: 'first', answer: 'a', operator: 'eq' }],
        target_question: 'third',
      },
      {
        join: 'and',
        conditions: [{ screening_question: 'first', answer: 'b', operator: 'eq' }],
        target_question: null,
      },
    ],
  });
  const questions = [jumping, q('second'), q('third')];

  it('jumps forward to a later question: the ones between are skipped and grade null', () => {
    const result = outcomeOf(questions, [
      { key: 'first', answer: ['a'] },
      { key: 'third', answer: ['b'] },
    ]);
    expect(result).toEqual({ overall: 'passed', outcomes: ['qualify', null, 'qualify'] });
  });

  it('ends the screener on a null target', () => {
    const result = outcomeOf(questions, [{ key: 'first', answer: ['b'] }]);
    expect(result).toEqual({ overall: 'passed', outcomes: ['qualify', null, null] });
  });

  it('walks every question when no rule applies', () => {
    const result = outcomeOf(questions, [
      { key: 'first', answer: ['bad'] },
      { key: 'second', answer: ['a'] },
      { key: 'third', answer: ['a'] },
    ]);
    expect(result).toEqual({ overall: 'failed', outcomes: ['reject', 'qualify', 'qualify'] });
  });

  it('refuses answers to skipped questions and names the question that skipped them', () => {
    const result = grade(questions, [
      { key: 'first', answer: ['b'] },
      { key: 'second', answer: ['a'] },
      { key: 'third', answer: ['bad'] },
    ]);
    expect(!result.ok && result.issues.map((i) => i.message)).toEqual([
      'Question "second" is skipped by the answer to "first" and must not be answered',
      'Question "third" is skipped by the answer to "first" and must not be answered',
    ]);
  });
});

describe('gradeApplication: conditional rules', () => {
  const stack: ScreeningQuestionInput = {
    key: 'stack',
    text: 'What do you build with?',
    pick: 'any',
    answers: [{ text: 'React' }, { text: 'Vue' }, { text: 'jQuery' }],
    conditional_rules: [
      {
        join: 'and',
        conditions: [
          { screening_question: 'stack', answer: 'jQuery', operator: 'eq' },
          { screening_question: 'stack', answer: 'React', operator: 'ne' },
        ],
        outcome: 'reject',
      },
      {
        join: 'and',
        conditions: [
          { screening_question: 'stack', answer: 'React', operator: 'eq' },
          { screening_question: 'stack', answer: 'Vue', operator: 'eq' },
        ],
        outcome: 'review',
      },
    ],
  };

  it.each([
    [['React'], 'qualify'],
    [['jQuery'], 'reject'],
    [['React', 'jQuery'], 'qualify'],
    [['React', 'Vue'], 'review'],
  ] as const)('%j grades %s', (answer, expected) => {
    expect(outcomeOf([stack], [{ key: 'stack', answer: [...answer] }]).outcomes).toEqual([
      expected,
    ]);
  });

  it('overrides the answers’ own verdict, reject winning over review', () => {
    const both: ScreeningQuestionInput = {
      ...stack,
      answers: [{ text: 'React', qualify_logic: 'reject' }, { text: 'Vue' }, { text: 'jQuery' }],
      conditional_rules: [
        {
          join: 'or',
          conditions: [{ screening_question: 'stack', answer: 'React', operator: 'eq' }],
          outcome: 'review',
        },
        {
          join: 'or',
          conditions: [{ screening_question: 'stack', answer: 'Vue', operator: 'eq' }],
          outcome: 'reject',
        },
      ],
    };
    expect(outcomeOf([both], [{ key: 'stack', answer: ['React'] }]).outcomes).toEqual(['review']);
    expect(outcomeOf([both], [{ key: 'stack', answer: ['React', 'Vue'] }]).outcomes).toEqual([
      'reject',
    ]);
  });
});

describe('gradeApplication: malformed applications', () => {
  it.each([
    [
      'unknown question',
      [role],
      [
        { key: 'role', answer: ['Engineer'] },
        { key: 'nope', answer: ['x'] },
      ],
      'Answer for "nope": no such screening question',
    ],
    [
      'question answered twice',
      [role],
      [
        { key: 'role', answer: ['Engineer'] },
        { key: 'role', answer: ['Engineer'] },
      ],
      'Answer for "role": the question is answered twice',
    ],
    [
      'unknown answer text',
      [role],
      [{ key: 'role', answer: ['Pilot'] }],
      'Question "role": "Pilot" is not one of its answers',
    ],
    [
      'two answers on pick one',
      [role],
      [{ key: 'role', answer: ['Engineer', 'Designer'] }],
      'Question "role": choose exactly one answer',
    ],
    [
      'no answer on pick one',
      [role],
      [{ key: 'role', answer: [] }],
      'Question "role": choose exactly one answer',
    ],
    [
      'no answer on pick any',
      [tools],
      [{ key: 'tools', answer: [] }],
      'Question "tools": choose at least one answer',
    ],
    [
      'same answer twice',
      [tools],
      [{ key: 'tools', answer: ['Figma', 'Figma'] }],
      'Question "tools": an answer is chosen twice',
    ],
    [
      'boolean other than Yes/No',
      [consent],
      [{ key: 'consent', answer: ['true'] }],
      'Question "consent": "true" is not one of its answers (answer "Yes" or "No")',
    ],
    [
      'empty text',
      [bio],
      [{ key: 'bio', answer: ['  '] }],
      'Question "bio": a text question takes the typed text as its one answer',
    ],
    [
      'two texts',
      [bio],
      [{ key: 'bio', answer: ['a', 'b'] }],
      'Question "bio": a text question takes the typed text as its one answer',
    ],
    [
      'grid row unanswered',
      [matrix],
      [{ key: 'usage', answer: ['Slack: Daily'] }],
      'Question "usage": choose exactly one column in row "Teams"',
    ],
    [
      'grid cell by keys, not texts',
      [matrix],
      [{ key: 'usage', answer: ['slack: daily', 'Teams: Daily'] }],
      'Question "usage": "slack: daily" is not one of its answers (grid answers are "Row text: Column text")',
    ],
    [
      'missing answer',
      [role, consent],
      [{ key: 'role', answer: ['Engineer'] }],
      'Question "consent" is shown to this applicant and needs an answer',
    ],
  ] as const)('%s', (_name, questions, answers, message) => {
    const result = grade(
      [...questions],
      answers.map((a) => ({ ...a, answer: [...a.answer] })),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => i.message)).toContain(message);
  });

  it('lists every problem at once', () => {
    const result = grade(
      [role, tools, consent],
      [
        { key: 'role', answer: ['Pilot'] },
        { key: 'tools', answer: [] },
      ],
    );
    expect(!result.ok && result.issues).toHaveLength(3);
  });
});
