import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  heading: 'Ihre Daten',
  holds:
    'Alles, was Cohort über Sie speichert (Profil, Bewerbungen und Antworten, Aufgaben, Nachrichten, Zahlungen, hochgeladene Dateien), in einer Datei.',
  download: 'Ihre Daten herunterladen (JSON)',
  deleteLink: 'Mein Konto löschen',
  deleteTitle: 'Mein Konto löschen',
  deletedHeading: 'Was gelöscht wird',
  deletedProfile:
    'Ihr Name, Ihre E-Mail-Adresse, Ihr Geburtsdatum, Ihr Wohnort und alle Profilangaben.',
  deletedWriting:
    'Was Sie geschrieben haben: Ihre freien Antworten in Vorabfragen, Notizen zu Ihren Aufgaben, Ihre Nachrichten.',
  deletedFiles: 'Alle Dateien, die Sie hochgeladen haben.',
  deletedAccess:
    'Ihr Passwort, Ihre Anmeldungen und Ihr API-Token – Sie werden überall abgemeldet.',
  deletedPlaces:
    'Ihre Plätze in Studien gehen an die Forschenden zurück. Aufgaben, die noch geprüft werden, bleiben bei ihnen – ohne Ihren Namen.',
  keptHeading: 'Was bleibt',
  keptPayments:
    'Zahlungen und der Stand jeder Bewerbung bleiben erhalten, aber unter einer Zufallsnummer statt Ihres Namens, damit die Abrechnung der Forschenden weiterhin stimmt. Niemand kann daraus erkennen, wer Sie sind.',
  keptDownload:
    '<download>Laden Sie Ihre Daten vorher herunter</download>, wenn Sie eine Kopie möchten: Danach lassen sie sich nicht wiederherstellen.',
  password: 'Ihr Passwort',
  passwordHint: 'Damit wir sicher sind, dass Sie es sind.',
  deleteButton: 'Mein Konto löschen',
  keep: 'Mein Konto behalten',
  passwordNeeded: 'Um das Konto zu löschen, brauchen wir Ihr Passwort.',
  passwordWrong: 'Das Passwort stimmt nicht.',
  goneTitle: 'Ihr Konto ist gelöscht',
  goneText:
    'Ihre persönlichen Daten sind gelöscht und Sie sind abgemeldet. Vielen Dank für Ihre Teilnahme!',
  frontPage: 'Zur Startseite',
};
