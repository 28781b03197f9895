import { describe, expect, it } from 'vitest';
import { placeProblems } from './screener-problems.ts';

describe('problems placed on the screener editor', () => {
  it('puts the engine’s problems beside the field of the card they name', () => {
    const placed = placeProblems(
      [
        'Screening question 1 ("role"): text must not be empty',
        'Screening question 1 ("role"): every answer rejects, so no applicant could pass',
        'Screening question 2 ("tools"): min_qualifying must be at least 1',
        'Screening question 2 ("tools"): display_condition may only name an EARLIER question, not "x"',
        'Screening question 2 ("tools"): skip rule 1: target_question "zz" does not exist',
        'Quota 1 (question "role"), target "Nobody": not an answer of question "role"',
        'Cross quota "A × B": target must be a positive integer',
        'translations.de.screening_questions.role.answers: 2 answers, the question has 3',
      ],
      [{ key: 'role' }, { key: 'tools' }],
    );
    expect(placed.questions.get('role')).toEqual(
      new Map([
        ['text', ['text must not be empty']],
        ['answers', ['every answer rejects, so no applicant could pass']],
      ]),
    );
    expect(placed.questions.get('tools')).toEqual(
      new Map([
        ['least', ['"at least this many" must be at least 1']],
        ['show', ['"show it only when" may only name an EARLIER question, not "x"']],
        ['answers', ['where an answer skips to: the question skipped to "zz" does not exist']],
      ]),
    );
    expect(placed.quotas.get('role')).toEqual([
      'target "Nobody": not an answer of question "role"',
    ]);
    expect(placed.cross).toEqual(['Cross quota "A × B": target must be a positive integer']);
    expect(placed.other).toEqual([
      'translations.de.screening_questions.role.answers: 2 answers, the question has 3',
    ]);
  });

  it('places the API schema’s problems by the position of the question sent', () => {
    const placed = placeProblems(
      [
        'body.screening_questions.1.min_qualifying: must be integer',
        'body.quotas.0.targets.1.count: must be integer',
        'body.title: unknown',
      ],
      [{ key: 'role' }, { key: 'tools' }],
      [{ screening_question: 'tools' }],
    );
    expect(placed.quotas.get('tools')).toEqual(['count: must be integer']);
    expect(placed.questions.get('tools')).toEqual(
      new Map([['least', ['"at least this many": must be integer']]]),
    );
    expect(placed.other).toEqual(['body.title: unknown']);
  });
});
