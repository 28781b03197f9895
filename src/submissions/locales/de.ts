import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  alreadyApplied: 'Sie haben sich für diese Studie bereits beworben.',
  notRecruiting: 'Diese Studie nimmt keine Teilnehmenden mehr auf.',
  doesNotFitScreener: 'Ihre Antworten passen nicht zu den Fragen dieser Studie.',
  timeLimitPassed: 'Die Zeit für diese Teilnahme ist abgelaufen.',
  cannotStart:
    '{status, select, in_progress {Sie haben mit dieser Teilnahme bereits begonnen.} other {Diese Teilnahme kann nicht mehr begonnen werden (Stand: {status}).}}',
  submitOnlyInProgress:
    '{status, select, screen_passed {Bitte beginnen Sie zuerst mit der Teilnahme.} awaiting_review {Ihre Arbeit ist bereits abgegeben und wird geprüft.} other {Aufgaben können nur während der Teilnahme abgegeben werden (Stand: {status}).}}',
  taskNotAvailable:
    '{status, select, submitted {Diese Aufgabe ist bereits abgegeben.} locked {Diese Aufgabe ist noch nicht freigeschaltet.} other {Diese Aufgabe kann nicht abgegeben werden (Stand: {status}).}}',
  cannotReturn:
    '{status, select, awaiting_review {Ihre Arbeit ist schon abgegeben; den Platz können Sie nicht mehr zurückgeben.} other {Diesen Platz können Sie nicht mehr zurückgeben (Stand: {status}).}}',
  taskAlreadySubmitted: 'Aufgabe {sequence} ist bereits abgegeben.',
  uploadInvalid: 'Der Upload ist ungültig.',
  filesDoNotFit: 'Die hochgeladenen Dateien passen nicht zur Aufgabe.',
  tooFewFiles: 'Mindestens {min} Datei(en) nötig, erhalten: {count}.',
  tooManyFiles: 'Höchstens {max} Datei(en) erlaubt, erhalten: {count}.',
  tooManyFilesForTask: 'Für diese Aufgabe sind höchstens {max} Datei(en) erlaubt.',
  notesTooLong: 'Die Anmerkungen dürfen höchstens 10.000 Zeichen lang sein.',
  namedFileWrongType: 'Die Datei „{name}“ hat den Typ {type}, den diese Aufgabe nicht annimmt.',
  numberedFileWrongType: 'Datei {number} hat den Typ {type}, den diese Aufgabe nicht annimmt.',
  namedFileTooLarge: 'Die Datei „{name}“ ist {size} Byte groß; erlaubt sind höchstens {limit}.',
  numberedFileTooLarge: 'Datei {number} ist {size} Byte groß; erlaubt sind höchstens {limit}.',
  namedFileEmpty: 'Die Datei „{name}“ ist leer.',
  numberedFileEmpty: 'Datei {number} ist leer.',
  codeMatchesNothing: 'Dieser Abschlusscode passt zu keiner Aufgabe Ihrer Studien.',
  codeMatchesSeveral:
    'Dieser Abschlusscode passt zu Aufgaben mehrerer Ihrer Studien; geben Sie die Aufgabe bitte auf ihrer Seite ab.',
  codeTaskTakesFiles:
    'Aufgabe {sequence} von „{title}“ verlangt Dateien: Laden Sie sie auf der Seite der Aufgabe hoch, ein Abschlusscode genügt dafür nicht.',
  codeAlreadyHandedIn: 'Aufgabe {sequence} von „{title}“ ist bereits abgegeben.',
};
