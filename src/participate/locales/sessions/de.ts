import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  pickTitle: 'Termin wählen',
  pickIntro:
    'Diese Studie findet zu festen Terminen statt. Wählen Sie den Termin, zu dem Sie kommen: Mit der Anmeldung ist Ihr Platz gesichert.',
  noSessions:
    'Zurzeit hat kein Termin mehr freie Plätze. Schauen Sie später wieder vorbei oder geben Sie Ihren Platz zurück, wenn keiner passt.',
  yourTime: 'Ihre Zeit: {time}',
  labTime: 'Zeit im Labor: {time}',
  online: 'Online',
  length: 'Dauer: {length}',
  seatsLeft: '{count, plural, one {# Platz frei} other {# Plätze frei}}',
  enrollUntil: 'Anmeldung bis {date}',
  enrollButton: 'Anmelden<hidden> für den Termin am {time}</hidden>',
  enrolledHeading: 'Ihr Termin',
  listSession: 'Ihr Termin: {time}, {place}',
  whenLabel: 'Wann',
  whereLabel: 'Wo',
  addToCalendar: 'Zum Kalender hinzufügen',
  addStudyToCalendar: 'Zum Kalender hinzufügen<hidden>: {title}</hidden>',
  cancelButton: 'Anmeldung absagen',
  cancelConfirm:
    'Anmeldung absagen? Ihr Platz in der Studie bleibt Ihnen, während Sie einen anderen Termin wählen.',
  cancelUntil: 'Sie können bis {date} absagen.',
  cancelClosed:
    'Die Frist zum Absagen endete am {date}. Wenn Sie nicht kommen können, schreiben Sie bitte der Studienleitung.',
  reserveSeat:
    'Ihr Platz ist ein Reserveplatz: Bitte kommen Sie. Wenn alle anderen auch kommen, werden Sie nach Hause geschickt und für Ihr Kommen bezahlt.',
  enrollmentCancelled:
    'Diese Anmeldung ist abgesagt. Wählen Sie einen anderen Termin, um Ihren Platz zu behalten.',
  attendance:
    '{attendance, select, participated {Sie haben teilgenommen.} showed_up_not_needed {Sie waren da und wurden nicht gebraucht: Sie werden für Ihr Kommen bezahlt.} no_show {Sie wurden als nicht erschienen vermerkt.} excused {Sie wurden entschuldigt.} other {Ihre Teilnahme ist noch nicht vermerkt.}}',
  mustEnroll:
    'Diese Studie findet zu festen Terminen statt: Wählen Sie einen Termin, um Ihren Platz zu sichern.',
  enrollBefore: 'Wählen Sie einen vor dem {date}, sonst geht Ihr Platz an jemand anderen.',
  chooseSession: 'Termin wählen',
  alreadyEnrolled:
    'Sie sind für einen Termin angemeldet. Um zu wechseln, sagen Sie ihn zuerst ab und wählen Sie dann einen anderen.',
  noticeEnrolled:
    'Sie sind angemeldet. Eine Bestätigung mit Kalenderdatei ist per E-Mail unterwegs.',
  noticeCancelled:
    'Ihre Anmeldung ist abgesagt. Wählen Sie einen anderen Termin, um Ihren Platz zu behalten.',
  refusedFull: 'Dieser Termin ist gerade voll geworden. Bitte wählen Sie einen anderen.',
  refusedClosed: 'Die Anmeldung für diesen Termin ist geschlossen. Bitte wählen Sie einen anderen.',
  refusedCancelClosed:
    'Die Frist zum Absagen endete am {date}. Wenn Sie nicht kommen können, schreiben Sie bitte der Studienleitung.',
  refusedGeneric:
    'Das hat nicht geklappt: Die Termine haben sich vielleicht inzwischen geändert. Bitte sehen Sie sie sich noch einmal an.',
  notEnrollable:
    'Nur mit einem Platz, den Sie halten, können Sie sich für einen Termin anmelden: Dieser wartet nicht mehr auf Sie.',
  backToWork: 'Zurück zu dieser Studie',
};
