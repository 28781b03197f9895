import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  skipToContent: 'Zum Inhalt springen',
  mainNavigation: 'Hauptmenü',
  navStudies: 'Studien',
  navWork: 'Meine Teilnahmen',
  navEarnings: 'Verdienst',
  navProfile: 'Profil',
  signOut: 'Abmelden',
  languageNavigation: 'Sprache',
  backToStudies: 'Zurück zu den Studien',
  formExpiredTitle: 'Formular abgelaufen',
  formExpiredText:
    'Dieses Formular stammt nicht von einer aktuellen Seite Ihrer Sitzung. Gehen Sie zurück, laden Sie die Seite neu und versuchen Sie es noch einmal.',
  formExpiredReopen: 'Öffnen Sie die Seite erneut und versuchen Sie es noch einmal.',
  notFoundTitle: 'Nicht gefunden',
  notFoundStudy: 'Diese Studie oder Seite gibt es für Sie nicht.',
  notFoundPage: 'Diese Seite gibt es nicht.',
  notFoundFile: 'Diese Datei gibt es nicht.',
  previewNotValidTitle: 'Vorschaulink ungültig',
  previewNotValidText:
    'Dieser Vorschaulink wurde schon benutzt, ist abgelaufen oder hat nie existiert. Bitten Sie die Forschenden der Studie um eine neue Vorschau.',
  notPossibleTitle: 'Nicht möglich',
  notPossibleText:
    'Das geht gerade nicht. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.',
  failedTitle: 'Etwas ist schiefgelaufen',
  failedText: 'Bei uns ist etwas schiefgelaufen (Anfrage-ID {requestId}).',
  badRequestTitle: 'Ungültige Anfrage',
  badRequestText: 'Die Anfrage konnte nicht verarbeitet werden.',
  frontDoorTitle: 'Forschungsstudien bei {host}',
  takePartHeading: 'An Studien teilnehmen',
  takePartText:
    'Treten Sie dem Panel bei, beantworten Sie ein paar Fragen und werden Sie für Umfragen, Interviews und Aufgaben bezahlt, die zu Ihnen passen.',
  joinPanel: 'Jetzt mitmachen',
  alreadyParticipant: 'Sie sind schon dabei? <link>Anmelden</link>.',
  runStudiesHeading: 'Studien durchführen',
  runStudiesText:
    'Forschende beschreiben Zielgruppe und Screener, starten die Studie, prüfen die Ergebnisse und bezahlen dafür – hier oder über die API.',
  researcherSignIn: 'Anmeldung für Forschende',
  apiReference: 'API-Referenz',
  researcherPagesInEnglish: 'Die Seiten für Forschende sind auf Englisch.',
};
