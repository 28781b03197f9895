import { describe, expect, it } from 'vitest';
import { normalizeScreener, type ScreenerInput } from './normalize.ts';
import type { CrossQuotaInput, QuotaInput, ScreeningQuestionInput } from './schemas.ts';

const color: ScreeningQuestionInput = {
  key: 'color',
  text: 'Favourite colour?',
  pick: 'one',
  answers: [
    { text: 'Red' },
    { text: 'Blue', qualify_logic: 'must_one_of' },
    { text: 'Grey', qualify_logic: 'reject' },
  ],
};
const pets: ScreeningQuestionInput = {
  key: 'pets',
  text: 'Which pets?',
  pick: 'any',
  answers: [
    { text: 'Cat' },
    { text: 'Dog', qualify_logic: 'must' },
    { text: 'None', qualify_logic: 'reject' },
  ],
};
const grid: ScreeningQuestionInput = {
  key: 'grid',
  text: 'Rate',
  pick: 'grid',
  grid: {
    pick: 'one',
    rows: [{ key: 'speed', text: 'Speed' }],
    columns: [
      { value: '1', text: 'Bad' },
      { value: '2', text: 'Good' },
    ],
    cell_actions: [{ row: 'speed', column: '2', qualify_logic: 'may' }],
  },
};

function messages(input: ScreenerInput): string[] {
  return normalizeScreener(input).issues.map((i) => i.message);
}

describe('normalizeScreener: read-back shape', () => {
  it('assigns q<n> to keyless questions by position, around keys already taken', () => {
    const { value, issues } = normalizeScreener({
      questions: [
        { text: 'A', pick: 'text' },
        { key: 'q1', text: 'B', pick: 'text' },
        { text: 'C', pick: 'text' },
      ],
    });
    expect(issues).toEqual([]);
    expect(value.questions.map((q) => q.key)).toEqual(['q1_2', 'q1', 'q3']);
  });

  it('stores every qualifying answer of a single-select as must, keeps any as sent', () => {
    const { value } = normalizeScreener({ questions: [color, pets, grid] });
    expect(value.questions[0]!.answers.map((a) => a.qualify_logic)).toEqual([
      'must',
      'must',
      'reject',
    ]);
    expect(value.questions[1]!.answers.map((a) => a.qualify_logic)).toEqual([
      'may',
      'must',
      'reject',
    ]);
    expect(value.questions[2]!.grid!.cell_actions).toEqual([
      { row: 'speed', column: '2', qualify_logic: 'must' },
    ]);
  });

  it('gives booleans Yes and No, filling the one not sent as qualifying', () => {
    const { value, issues } = normalizeScreener({
      questions: [
        { key: 'a', text: 'A?', pick: 'boolean' },
        {
          key: 'b',
          text: 'B?',
          pick: 'boolean',
          answers: [{ text: 'No', qualify_logic: 'reject' }],
        },
      ],
    });
    expect(issues).toEqual([]);
    expect(value.questions[0]!.answers).toEqual([
      { text: 'Yes', qualify_logic: 'must' },
      { text: 'No', qualify_logic: 'must' },
    ]);
    expect(value.questions[1]!.answers).toEqual([
      { text: 'Yes', qualify_logic: 'must' },
      { text: 'No', qualify_logic: 'reject' },
    ]);
  });

  it('reads back exactly the create shape: skip_rules omitted when empty, quota type minimum', () => {
    const { value, issues } = normalizeScreener({
      questions: [
        {
          key: 'x',
          text: 'X',
          pick: 'text',
          skip_rules: [],
          allow_paste: false,
          question_rich_text: '**X**',
        },
        color,
      ],
      quotas: [{ screening_question: 'color', targets: [{ value: 'Red', count: 3 }] }],
      crossQuotas: [],
    });
    expect(issues).toEqual([]);
    expect(value.questions[0]).toEqual({
      key: 'x',
      text: 'X',
      question_rich_text: '**X**',
      pick: 'text',
      answers: [],
      allow_paste: false,
    });
    expect(value.quotas).toEqual([
      { screening_question: 'color', targets: [{ value: 'Red', count: 3, type: 'minimum' }] },
    ]);
  });

  it('is idempotent: normalizing what reads back changes nothing', () => {
    const input: ScreenerInput = {
      questions: [color, pets, grid, { text: 'Why?', pick: 'text' }],
      quotas: [
        { screening_question: 'pets', targets: [{ value: 'Cat', count: 2, type: 'maximum' }] },
      ],
      crossQuotas: [
        {
          label: 'red cat',
          join: 'and',
          target: 1,
          quota_type: 'exact',
          conditions: [
            { screening_question: 'color', answer: 'Red', operator: 'eq' },
            { screening_question: 'pets', answer: 'Cat', operator: 'eq' },
          ],
        },
      ],
    };
    const once = normalizeScreener(input);
    expect(once.issues).toEqual([]);
    const twice = normalizeScreener(once.value);
    expect(twice).toEqual(once);
  });
});

describe('normalizeScreener: every structural rule', () => {
  const text = (
    key: string,
    extra: Partial<ScreeningQuestionInput> = {},
  ): ScreeningQuestionInput => ({
    key,
    text: key,
    pick: 'text',
    ...extra,
  });

  it.each<[string, ScreeningQuestionInput[], string]>([
    [
      'duplicate keys',
      [text('a'), text('a')],
      'Screening question 2 ("a"): key "a" is used by more than one question',
    ],
    [
      'empty text',
      [{ key: 'a', text: ' ', pick: 'text' }],
      'Screening question 1 ("a"): text must not be empty',
    ],
    [
      'pick one without answers',
      [{ key: 'a', text: 'A', pick: 'one' }],
      'Screening question 1 ("a"): a "one" question needs at least two answers',
    ],
    [
      'pick any without answers',
      [{ key: 'a', text: 'A', pick: 'any', answers: [] }],
      'Screening question 1 ("a"): an "any" question needs at least one answer',
    ],
    [
      'duplicate answer',
      [{ key: 'a', text: 'A', pick: 'any', answers: [{ text: 'x' }, { text: 'x' }] }],
      'Screening question 1 ("a"): answer "x" appears twice',
    ],
    [
      'empty answer',
      [{ key: 'a', text: 'A', pick: 'any', answers: [{ text: '' }] }],
      'Screening question 1 ("a"): answer texts must not be empty',
    ],
    [
      'every answer rejects',
      [
        {
          key: 'a',
          text: 'A',
          pick: 'one',
          answers: [
            { text: 'x', qualify_logic: 'reject' },
            { text: 'y', qualify_logic: 'reject' },
          ],
        },
      ],
      'Screening question 1 ("a"): every answer rejects, so no applicant could pass',
    ],
    [
      'boolean with other answers',
      [{ key: 'a', text: 'A', pick: 'boolean', answers: [{ text: 'Maybe' }] }],
      'Screening question 1 ("a"): a boolean question\'s answers are "Yes" and "No", not "Maybe"',
    ],
    [
      'free text on boolean',
      [{ key: 'a', text: 'A', pick: 'boolean', answers: [{ text: 'Yes', allow_free_text: true }] }],
      'Screening question 1 ("a"): allow_free_text is only allowed on "one" and "any" answers',
    ],
    [
      'text with answers',
      [{ key: 'a', text: 'A', pick: 'text', answers: [{ text: 'x' }] }],
      'Screening question 1 ("a"): a "text" question takes no answers',
    ],
    [
      'grid without grid',
      [{ key: 'a', text: 'A', pick: 'grid' }],
      'Screening question 1 ("a"): a "grid" question needs a grid with rows and columns',
    ],
    [
      'grid on a non-grid',
      [{ ...color, grid: grid.grid }],
      'Screening question 1 ("color"): grid is only allowed when pick is "grid"',
    ],
    [
      'grid without rows',
      [{ ...grid, grid: { ...grid.grid!, rows: [], cell_actions: [] } }],
      'Screening question 1 ("grid"): the grid needs at least one row',
    ],
    [
      'grid duplicate row text',
      [
        {
          ...grid,
          grid: {
            ...grid.grid!,
            rows: [
              { key: 'a', text: 'S' },
              { key: 'b', text: 'S' },
            ],
            cell_actions: [],
          },
        },
      ],
      'Screening question 1 ("grid"): grid row text "S" appears twice',
    ],
    [
      'grid duplicate column value',
      [
        {
          ...grid,
          grid: {
            ...grid.grid!,
            columns: [
              { value: '1', text: 'A' },
              { value: '1', text: 'B' },
            ],
            cell_actions: [],
          },
        },
      ],
      'Screening question 1 ("grid"): grid column value "1" appears twice',
    ],
    [
      'cell action on unknown row',
      [
        {
          ...grid,
          grid: {
            ...grid.grid!,
            cell_actions: [{ row: 'nope', column: '1', qualify_logic: 'reject' }],
          },
        },
      ],
      'Screening question 1 ("grid"): cell action names row "nope", which is not a grid row key',
    ],
    [
      'cell action on unknown column',
      [
        {
          ...grid,
          grid: {
            ...grid.grid!,
            cell_actions: [{ row: 'speed', column: 'Bad', qualify_logic: 'reject' }],
          },
        },
      ],
      'Screening question 1 ("grid"): cell action names column "Bad", which is not a grid column value',
    ],
    [
      'two actions on one cell',
      [
        {
          ...grid,
          grid: {
            ...grid.grid!,
            cell_actions: [
              { row: 'speed', column: '1', qualify_logic: 'reject' },
              { row: 'speed', column: '1', qualify_logic: 'review' },
            ],
          },
        },
      ],
      'Screening question 1 ("grid"): more than one cell action for row "speed", column "1"',
    ],
    [
      'min_qualifying on pick one',
      [{ ...color, min_qualifying: 1 }],
      'Screening question 1 ("color"): min_qualifying only applies to "any" questions and "any" grids',
    ],
    [
      'min_qualifying zero',
      [{ ...pets, min_qualifying: 0 }],
      'Screening question 1 ("pets"): min_qualifying must be at least 1',
    ],
    [
      'min_qualifying above qualifying answers',
      [{ ...pets, min_qualifying: 3 }],
      'Screening question 1 ("pets"): min_qualifying is 3 but only 2 answer(s) qualify, so no applicant could pass',
    ],
    [
      'display_condition on a later question',
      [
        text('a', {
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 'color', answer: 'Red', operator: 'eq' }],
          },
        }),
        color,
      ],
      'Screening question 1 ("a"): display_condition may only name an EARLIER question, not "color"',
    ],
    [
      'display_condition on itself',
      [
        {
          ...color,
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 'color', answer: 'Red', operator: 'eq' }],
          },
        },
      ],
      'Screening question 1 ("color"): display_condition may only name an EARLIER question, not "color"',
    ],
    [
      'display_condition on an unknown question',
      [
        text('a', {
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 'zz', answer: 'Red', operator: 'eq' }],
          },
        }),
      ],
      'Screening question 1 ("a"): display_condition names question "zz", which does not exist',
    ],
    [
      'display_condition with an unknown answer',
      [
        color,
        text('a', {
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 'color', answer: 'Green', operator: 'eq' }],
          },
        }),
      ],
      'Screening question 2 ("a"): display_condition: "Green" is not an answer of question "color"',
    ],
    [
      'display_condition on a boolean with true',
      [
        { key: 'b', text: 'B', pick: 'boolean' },
        text('a', {
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 'b', answer: 'true', operator: 'eq' }],
          },
        }),
      ],
      'Screening question 2 ("a"): display_condition: "true" is not an answer of question "b" (boolean answers are "Yes" and "No")',
    ],
    [
      'display_condition on a text question',
      [
        text('t'),
        text('a', {
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 't', answer: 'x', operator: 'eq' }],
          },
        }),
      ],
      'Screening question 2 ("a"): display_condition: question "t" is a text question; conditions can only test chosen answers',
    ],
    [
      'display_condition with no conditions',
      [text('a', { display_condition: { join: 'and', conditions: [] } })],
      'Screening question 1 ("a"): display_condition needs at least one condition',
    ],
    [
      'skip rule to an earlier question',
      [
        text('a'),
        {
          ...color,
          skip_rules: [
            {
              join: 'and',
              conditions: [{ screening_question: 'color', answer: 'Red', operator: 'eq' }],
              target_question: 'a',
            },
          ],
        },
      ],
      'Screening question 2 ("color"): skip rule 1: target_question must name a LATER question, not "a" (null ends the screener)',
    ],
    [
      'skip rule to an unknown question',
      [
        {
          ...color,
          skip_rules: [
            {
              join: 'and',
              conditions: [{ screening_question: 'color', answer: 'Red', operator: 'eq' }],
              target_question: 'zz',
            },
          ],
        },
      ],
      'Screening question 1 ("color"): skip rule 1: target_question "zz" does not exist',
    ],
    [
      'skip rule testing another question',
      [
        pets,
        {
          ...color,
          skip_rules: [
            {
              join: 'and',
              conditions: [{ screening_question: 'pets', answer: 'Cat', operator: 'eq' }],
              target_question: null,
            },
          ],
        },
      ],
      'Screening question 2 ("color"): skip rule 1: tests question "pets", but a rule may only test its own question "color"',
    ],
    [
      'conditional rule testing another question',
      [
        pets,
        {
          ...color,
          conditional_rules: [
            {
              join: 'and',
              conditions: [{ screening_question: 'pets', answer: 'Cat', operator: 'eq' }],
              outcome: 'reject',
            },
          ],
        },
      ],
      'Screening question 2 ("color"): conditional rule 1: tests question "pets", but a rule may only test its own question "color"',
    ],
    [
      'conditional rule with an unknown answer',
      [
        {
          ...color,
          conditional_rules: [
            {
              join: 'and',
              conditions: [{ screening_question: 'color', answer: 'Pink', operator: 'eq' }],
              outcome: 'review',
            },
          ],
        },
      ],
      'Screening question 1 ("color"): conditional rule 1: "Pink" is not an answer of question "color"',
    ],
    [
      'grid condition not in Row: Column form',
      [
        grid,
        text('a', {
          display_condition: {
            join: 'and',
            conditions: [{ screening_question: 'grid', answer: 'speed: 2', operator: 'eq' }],
          },
        }),
      ],
      'Screening question 2 ("a"): display_condition: "speed: 2" is not an answer of question "grid" (grid answers are "Row text: Column text")',
    ],
  ])('%s', (_name, questions, message) => {
    expect(messages({ questions })).toContain(message);
  });

  it('accepts conditions in Row: Column form on grids and Yes/No on booleans', () => {
    expect(
      messages({
        questions: [
          grid,
          { key: 'b', text: 'B', pick: 'boolean' },
          text('a', {
            display_condition: {
              join: 'or',
              conditions: [
                { screening_question: 'grid', answer: 'Speed: Good', operator: 'eq' },
                { screening_question: 'b', answer: 'No', operator: 'ne' },
              ],
            },
          }),
        ],
      }),
    ).toEqual([]);
  });

  it('lists every problem, not just the first', () => {
    const found = messages({
      questions: [
        { key: 'a', text: '', pick: 'one' },
        { key: 'a', text: 'B', pick: 'text', answers: [{ text: 'x' }] },
      ],
      quotas: [{ screening_question: 'zz', targets: [] }],
    });
    expect(found).toEqual([
      'Screening question 2 ("a"): key "a" is used by more than one question',
      'Screening question 1 ("a"): text must not be empty',
      'Screening question 1 ("a"): a "one" question needs at least two answers',
      'Screening question 2 ("a"): a "text" question takes no answers',
      'Quota 1 (question "zz"): screening_question must be the key of a screening question',
      'Quota 1 (question "zz"): needs at least one target',
    ]);
  });
});

describe('normalizeScreener: quotas and cross quotas', () => {
  const cross = (extra: Partial<CrossQuotaInput> = {}): CrossQuotaInput => ({
    label: 'L',
    join: 'and',
    target: 2,
    quota_type: 'minimum',
    conditions: [
      { screening_question: 'color', answer: 'Red', operator: 'eq' },
      { screening_question: 'pets', answer: 'Cat', operator: 'eq' },
    ],
    ...extra,
  });

  it.each<[string, QuotaInput[], CrossQuotaInput[], string]>([
    [
      'unknown question',
      [{ screening_question: 'zz', targets: [{ value: 'x', count: 1 }] }],
      [],
      'Quota 1 (question "zz"): screening_question must be the key of a screening question',
    ],
    [
      'text question',
      [{ screening_question: 'why', targets: [{ value: 'x', count: 1 }] }],
      [],
      'Quota 1 (question "why"): a text question cannot carry a quota',
    ],
    [
      'no targets',
      [{ screening_question: 'color', targets: [] }],
      [],
      'Quota 1 (question "color"): needs at least one target',
    ],
    [
      'unknown answer',
      [{ screening_question: 'color', targets: [{ value: 'Green', count: 1 }] }],
      [],
      'Quota 1 (question "color"), target "Green": not an answer of question "color"',
    ],
    [
      'zero count',
      [{ screening_question: 'color', targets: [{ value: 'Red', count: 0 }] }],
      [],
      'Quota 1 (question "color"), target "Red": count must be a positive integer',
    ],
    [
      'duplicate value',
      [
        {
          screening_question: 'color',
          targets: [
            { value: 'Red', count: 1 },
            { value: 'Red', count: 2 },
          ],
        },
      ],
      [],
      'Quota 1 (question "color"), target "Red": the value appears twice',
    ],
    [
      'minimum above the study',
      [{ screening_question: 'color', targets: [{ value: 'Red', count: 11 }] }],
      [],
      'Quota 1 (question "color"), target "Red": a minimum of 11 cannot be met with 10 participants',
    ],
    [
      'two quotas on one question',
      [
        { screening_question: 'color', targets: [{ value: 'Red', count: 1 }] },
        { screening_question: 'color', targets: [{ value: 'Blue', count: 1 }] },
      ],
      [],
      'Quota 2 (question "color"): that question already has a quota; put every target in one quota',
    ],
    [
      'cross quota over one question twice',
      [],
      [
        cross({
          conditions: [
            { screening_question: 'color', answer: 'Red', operator: 'eq' },
            { screening_question: 'color', answer: 'Blue', operator: 'eq' },
          ],
        }),
      ],
      'Cross quota "L": question "color" appears in more than one condition; a cross quota spans distinct questions',
    ],
    [
      'cross quota unknown question',
      [],
      [cross({ conditions: [{ screening_question: 'zz', answer: 'Red', operator: 'eq' }] })],
      'Cross quota "L": condition names question "zz", which does not exist',
    ],
    [
      'cross quota unknown answer',
      [],
      [cross({ conditions: [{ screening_question: 'pets', answer: 'Fish', operator: 'eq' }] })],
      'Cross quota "L": "Fish" is not an answer of question "pets"',
    ],
    [
      'cross quota zero target',
      [],
      [cross({ target: 0 })],
      'Cross quota "L": target must be a positive integer',
    ],
    [
      'cross quota without conditions',
      [],
      [cross({ conditions: [] })],
      'Cross quota "L": needs at least one condition',
    ],
    [
      'cross quota duplicate label',
      [],
      [cross(), cross()],
      'Cross quota "L": the label is used by more than one cross quota',
    ],
    [
      'cross quota empty dimension',
      [],
      [cross({ dimension: '' })],
      'Cross quota "L": dimension must not be empty when given',
    ],
  ])('%s', (_name, quotas, crossQuotas, message) => {
    const found = messages({
      questions: [color, pets, { key: 'why', text: 'Why?', pick: 'text' }],
      quotas,
      crossQuotas,
      numParticipants: 10,
    });
    expect(found).toContain(message);
  });

  it('accepts quotas on boolean and grid answers in their own forms', () => {
    expect(
      messages({
        questions: [grid, { key: 'b', text: 'B', pick: 'boolean' }],
        quotas: [
          { screening_question: 'b', targets: [{ value: 'Yes', count: 2, type: 'exact' }] },
          {
            screening_question: 'grid',
            targets: [{ value: 'Speed: Good', count: 2, type: 'maximum' }],
          },
        ],
        crossQuotas: [
          {
            label: 'fast yes',
            join: 'and',
            target: 1,
            quota_type: 'maximum',
            dimension: 'speed x b',
            conditions: [
              { screening_question: 'grid', answer: 'Speed: Good', operator: 'eq' },
              { screening_question: 'b', answer: 'Yes', operator: 'eq' },
            ],
          },
        ],
      }),
    ).toEqual([]);
  });
});
