import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  listTitle: 'Meine Teilnahmen',
  status:
    '{status, select, screen_passed {Bereit zum Start} in_progress {In Bearbeitung} awaiting_review {Abgegeben, wird geprüft} approved {Angenommen und bezahlt} rejected {Nicht angenommen} abandoned {Platz zurückgegeben} screened_out {Nicht ausgewählt} awaiting_decision {Die Studienleitung entscheidet} other {{status}}}',
  taskStatus:
    '{status, select, available {offen} locked {gesperrt} submitted {erledigt} approved {angenommen} rejected {nicht angenommen} other {{status}}}',
  appliedOn: 'Beworben am {date}',
  older: 'Ältere',
  noWork:
    'Sie haben sich noch für keine Studie beworben. <link>Sehen Sie sich die Studien an, die Ihnen offenstehen</link>.',
  abandonedReturned: 'Sie haben diesen Platz zurückgegeben.',
  abandonedTimedOut:
    'Die Zeit für diese Arbeit ist abgelaufen; der Platz wurde deshalb wieder freigegeben.',
  abandonedWithdrawn: 'Die Studie wurde beendet, bevor die Arbeit erledigt war.',
  reward: 'Vergütung: {amount}',
  rewardPaid: 'Vergütung: {amount} · ausgezahlt: {paid}',
  researcherReason: 'Begründung der Studienleitung: {reason}',
  handInBefore: 'Geben Sie bis {date} ab – danach wird der Platz wieder für andere freigegeben.',
  returnRequested:
    'Die Studienleitung bittet Sie, diesen Platz zurückzugeben: „{reason}“ Die Rückgabe hat für Sie keine Nachteile.',
  returnRequestedNoReason:
    'Die Studienleitung bittet Sie, diesen Platz zurückzugeben. Die Rückgabe hat für Sie keine Nachteile.',
  start: 'Starten',
  tasksHeading: 'Aufgaben',
  returnConfirm:
    'Möchten Sie Ihren Platz in dieser Studie zurückgeben? Jemand anderes kann ihn dann übernehmen, und Sie können nicht zurückkehren.',
  returnButton: 'Platz zurückgeben',
  handedInAt: 'Abgegeben am {date}.',
  opensAt: 'Verfügbar ab {date}.',
  opensAfterPrevious: 'Verfügbar, sobald die vorherige Aufgabe erledigt ist.',
  files: 'Dateien',
  filesUpTo: 'Dateien (höchstens {count})',
  maxFileSize: 'Höchstens {size} pro Datei.',
  notesOptional: 'Anmerkungen (optional)',
  uploadAndHandIn: 'Hochladen und abgeben',
  openTask: 'Aufgabe öffnen<hidden> {title} (öffnet sich in einem neuen Tab)</hidden>',
  taskReturnsHere:
    'Wenn Sie fertig sind, führt die Aufgabe Sie hierher zurück und gilt als abgegeben. Erhalten Sie stattdessen einen Abschlusscode, geben Sie ihn unten ein.',
  completionCode: 'Abschlusscode',
  handIn: 'Abgeben',
  notesForResearcher: 'Anmerkungen für die Studienleitung (optional)',
  markDone: 'Als erledigt markieren',
  timeWorked: 'Arbeitszeit',
  timeHint:
    'Diese Studie wird nach Stunden bezahlt. Tragen Sie jeden Arbeitsabschnitt in Ihrer Zeitzone ({zone}) ein.',
  started: 'Beginn',
  ended: 'Ende',
  logTime: 'Zeit eintragen',
  noticeStarted: 'Gestartet. Ihre Aufgaben finden Sie unten.',
  noticeReturned: 'Sie haben Ihren Platz zurückgegeben – danke, dass Sie Bescheid gesagt haben.',
  noticeHandedIn: 'Abgegeben.',
  noticeTimeLogged: 'Zeit eingetragen.',
  noticeUploaded: 'Hochgeladen und abgegeben.',
  noticeCodeAccepted: 'Vielen Dank: Die Aufgabe ist abgegeben.',
  codeNotAcceptedTitle: 'Abschlusscode nicht angenommen',
  codeNothingChanged:
    'Es wurde nichts geändert. Prüfen Sie den Code oder öffnen Sie <link>Ihre Teilnahmen</link>, um die Aufgabe dort abzugeben.',
};
