// No vitest here: the opportunities benchmark launches its study with this screener too.

/** A screener with each pick type, a grid, display and skip structure, and quotas that use it. */
export const RICH_SCREENER = {
  screening_questions: [
    {
      key: 'role',
      text: 'What is your role?',
      pick: 'one',
      answers: [
        { text: 'Engineer', qualify_logic: 'may' },
        { text: 'Designer', qualify_logic: 'must_one_of' },
        { text: 'Student', qualify_logic: 'reject' },
      ],
    },
    {
      text: 'Which tools do you use weekly?',
      pick: 'any',
      answers: [
        { text: 'Figma', qualify_logic: 'must' },
        { text: 'Sketch' },
        { text: 'Other', allow_free_text: true },
      ],
      min_qualifying: 1,
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
      },
    },
    {
      key: 'remote',
      text: 'Do you work remotely?',
      pick: 'boolean',
      answers: [{ text: 'No', qualify_logic: 'review' }],
      skip_rules: [
        {
          conditions: [{ screening_question: 'remote', answer: 'No', operator: 'eq' }],
          join: 'and',
          target_question: null,
        },
      ],
    },
    {
      key: 'rate',
      text: 'Rate these',
      pick: 'grid',
      grid: {
        pick: 'one',
        rows: [{ key: 'speed', text: 'Speed' }],
        columns: [
          { value: 'good', text: 'Good' },
          { value: 'bad', text: 'Bad' },
        ],
        cell_actions: [{ row: 'speed', column: 'bad', qualify_logic: 'reject' }],
      },
    },
    { key: 'why', text: 'Why?', pick: 'text' },
  ],
  quotas: [
    {
      screening_question: 'role',
      targets: [
        { value: 'Engineer', count: 2 },
        { value: 'Designer', count: 2, type: 'maximum' },
      ],
    },
  ],
  cross_quotas: [
    {
      label: 'Remote engineers',
      conditions: [
        { screening_question: 'role', answer: 'Engineer', operator: 'eq' },
        { screening_question: 'remote', answer: 'Yes', operator: 'eq' },
      ],
      join: 'and',
      target: 1,
      quota_type: 'minimum',
    },
  ],
};
