import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  title: 'Ihr Profil',
  intro:
    'Nach diesen Angaben wählen Studien ihre Teilnehmenden aus. Außer Name, E-Mail-Adresse, Zeitzone, Land und Geburtsdatum ist alles freiwillig – doch je mehr Sie ausfüllen, desto mehr Studien passen zu Ihnen.',
  aboutHeading: 'Über Sie',
  name: 'Name',
  email: 'E-Mail-Adresse',
  timeZone: 'Zeitzone',
  language: 'Sprache',
  languageHint: 'In dieser Sprache erscheinen diese Seiten und unsere E-Mails an Sie.',
  birthDate: 'Geburtsdatum',
  placeHeading: 'Wo Sie wohnen',
  stateNotSaying: 'Keine Angabe',
  stateCountryFirst: 'Bitte zuerst ein Land wählen',
  stateHint: 'Land geändert? Speichern Sie einmal und wählen Sie dann das Bundesland.',
  cityHint:
    'Tippen Sie die ersten Buchstaben und wählen Sie Ihre Stadt. Wenn Sie sie nicht angeben möchten, lassen Sie das Feld leer.',
  cityNotFound: 'Im gewählten Land und Bundesland gibt es keine Stadt namens „{typed}“.',
  mailHeading: 'E-Mails von uns',
  newStudies: 'Neue Studien per E-Mail',
  newStudiesEach: 'Zu jeder Studie',
  newStudiesDaily: 'Eine tägliche Zusammenfassung',
  newStudiesNever: 'Nie',
  newStudiesHint:
    'Wenn eine Studie startet, die zu Ihnen passt. Die Zusammenfassung kommt einmal am Tag um 9 Uhr in Ihrer Zeitzone.',
  mailUndeliverable:
    'E-Mails an Ihre Adresse konnten nicht zugestellt werden. Bitte prüfen Sie die Adresse oder ändern Sie sie.',
  noShows:
    '{count, plural, one {# Labortermin} other {# Labortermine}} in den letzten 12 Monaten ohne Entschuldigung versäumt',
  noShowBarred:
    'Nach versäumten Terminen stehen Ihnen Studien im Labor nicht mehr offen; schreiben Sie dem Team dieses Panels, damit die Sperre aufgehoben wird.',
  record:
    'Annahmequote: {rate, number, percent} bei {decided, plural, one {# Entscheidung} other {# Entscheidungen}}',
  save: 'Profil speichern',
  invalid: 'Einige Angaben im Profil stimmen noch nicht.',
  accountExists: 'Für diese Adresse gibt es bereits ein Konto.',
  emailTaken: 'Diese Adresse gehört schon zu einem anderen Konto. Melden Sie sich bitte dort an.',
  saved: 'Ihr Profil ist gespeichert.',
  savedNewCountry:
    'Gespeichert. Sie haben Ihr Land geändert – wählen Sie jetzt bitte auch Bundesland und Stadt neu.',
};
