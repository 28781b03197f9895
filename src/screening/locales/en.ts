/**
 * What grading an application finds wrong with its answers (src/screening/grade.ts): the API shows
 * the English as it always has; the participant app shows each beside its question, in the
 * participant's language. `{key}` is the question's key, `{max}` a length written as digits.
 */
export const en = {
  noSuchQuestion: 'Answer for "{key}": no such screening question',
  answeredTwice: 'Answer for "{key}": the question is answered twice',
  skipped: 'Question "{key}" is skipped by the answer to "{skippedBy}" and must not be answered',
  notShown:
    'Question "{key}" is not shown to this applicant (its display condition does not hold) and must not be answered',
  needsAnswer: 'Question "{key}" is shown to this applicant and needs an answer',
  textTakesNoFreeText: 'Question "{key}": free_text is only for answers that allow it',
  textOneAnswer: 'Question "{key}": a text question takes the typed text as its one answer',
  textTooLong: 'Question "{key}": the answer is longer than {max} characters',
  chosenTwice: 'Question "{key}": an answer is chosen twice',
  notAnAnswer: 'Question "{key}": "{value}" is not one of its answers',
  notAGridAnswer:
    'Question "{key}": "{value}" is not one of its answers (grid answers are "Row text: Column text")',
  notAYesNoAnswer: 'Question "{key}": "{value}" is not one of its answers (answer "Yes" or "No")',
  chooseOne: 'Question "{key}": choose exactly one answer',
  chooseAtLeastOne: 'Question "{key}": choose at least one answer',
  chooseOneInRow: 'Question "{key}": choose exactly one column in row "{row}"',
  chooseAtLeastOneCell: 'Question "{key}": choose at least one cell',
  freeTextNotAllowed:
    'Question "{key}": free_text is only allowed with an answer that allows free text',
  freeTextTooLong: 'Question "{key}": free_text is longer than {max} characters',
} as const;
