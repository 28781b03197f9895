/**
 * What a participant is refused when applying, starting, handing in, uploading, using a
 * completion code or returning a place. The API shows the English as it always has; the
 * participant app shows the reader's language. Numbers are passed as digits, as the English wrote
 * them; a status is its API name, which the other languages say in words.
 */
export const en = {
  alreadyApplied: 'You already applied to this opportunity',
  notRecruiting: 'This opportunity is not recruiting',
  doesNotFitScreener: 'The application does not fit the screener',
  timeLimitPassed: 'The time limit for this submission has passed',
  cannotStart:
    'Only a screen_passed submission can be started; this one is {status, select, other {{status}}}',
  submitOnlyInProgress:
    'Tasks can be submitted only while in_progress; this submission is {status, select, other {{status}}}',
  taskNotAvailable: 'This task is {status, select, other {{status}}} and cannot be submitted',
  cannotReturn: 'A submission that is {status, select, other {{status}}} cannot be returned',
  taskAlreadySubmitted: 'Task {sequence} was already submitted',
  uploadInvalid: 'The upload is invalid',
  filesDoNotFit: 'The uploaded files do not fit the task',
  tooFewFiles: 'At least {min} file(s) required, got {count}',
  tooManyFiles: 'At most {max} file(s) allowed, got {count}',
  tooManyFilesForTask: 'At most {max} file(s) allowed for this task',
  notesTooLong: 'notes: must be at most 10,000 characters',
  namedFileWrongType: 'File "{name}" has type {type}, which this task does not accept',
  numberedFileWrongType: 'File {number} has type {type}, which this task does not accept',
  namedFileTooLarge: 'File "{name}" is {size} bytes, over the limit of {limit}',
  numberedFileTooLarge: 'File {number} is {size} bytes, over the limit of {limit}',
  namedFileEmpty: 'File "{name}" is empty',
  numberedFileEmpty: 'File {number} is empty',
  codeMatchesNothing: 'That completion code does not match a task of your studies',
  codeMatchesSeveral:
    'That completion code matches tasks of more than one of your studies; hand the task in on its page',
  codeTaskTakesFiles:
    'Task {sequence} of "{title}" takes files: upload them on the task\'s page, a completion code cannot hand it in',
  codeAlreadyHandedIn: 'Task {sequence} of "{title}" was already handed in',
} as const;
