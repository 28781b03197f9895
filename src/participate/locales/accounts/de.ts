import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  signUpTitle: 'Jetzt mitmachen',
  signUpIntro:
    'Nehmen Sie an Forschungsstudien teil und werden Sie für Ihre Zeit bezahlt. Die Anmeldung dauert zwei Minuten.',
  nameLabel: 'Ihr Name',
  emailLabel: 'E-Mail-Adresse',
  passwordLabel: 'Passwort',
  passwordHint: 'Mindestens 12 Zeichen.',
  timezoneLabel: 'Zeitzone',
  timezoneBlank: 'Zeitzone auswählen',
  timezoneHint: 'Aus Ihrem Browser übernommen; ändern Sie sie, falls sie nicht stimmt.',
  countryLabel: 'Land, in dem Sie leben',
  countryBlank: 'Land auswählen',
  birthDateLabel: 'Geburtsdatum',
  birthDateHint: 'Sie müssen mindestens 18 Jahre alt sein.',
  termsLabel:
    'Ich nehme zu den Bedingungen dieses Panels teil: Mein Profil wird genutzt, um passende Studien für mich zu finden, und die Forschenden sehen meine Antworten und Ergebnisse in den Studien, an denen ich teilnehme.',
  createAccount: 'Konto erstellen',
  haveAccount: 'Sie haben schon ein Konto? <link>Anmelden</link>.',
  welcome:
    'Willkommen! Wir haben einen Link an {email} geschickt. Öffnen Sie ihn, um Ihre Adresse zu bestätigen, bevor Sie sich bewerben. In der Zwischenzeit können Sie Ihr Profil ausfüllen, damit wir passende Studien für Sie finden.',
  signInTitle: 'Anmelden',
  signInButton: 'Anmelden',
  forgotLink: 'Passwort vergessen oder noch keines festgelegt?',
  newHere: 'Neu hier? <link>Jetzt mitmachen</link>.',
  throttled:
    'Zu viele fehlgeschlagene Versuche für diese Adresse. Versuchen Sie es in {minutes, plural, one {einer Minute} other {# Minuten}} noch einmal, oder legen Sie per E-Mail ein neues Passwort fest.',
  wrongPassword:
    'E-Mail-Adresse und Passwort passen nicht zusammen. <link>Legen Sie per E-Mail ein neues Passwort fest</link>, falls Sie es vergessen oder nie eines hatten.',
  forgotTitle: 'Neues Passwort festlegen',
  forgotSent:
    'Falls es für {email} ein Konto gibt, ist ein Link zum Festlegen eines neuen Passworts unterwegs. Er ist eine Stunde lang gültig.',
  accountEmailLabel: 'E-Mail-Adresse Ihres Kontos',
  emailMeLink: 'Link per E-Mail senden',
  backToSignIn: 'Zurück zur Anmeldung',
  resetTitle: 'Neues Passwort wählen',
  newPasswordLabel: 'Neues Passwort',
  setPassword: 'Passwort speichern',
  passwordSet: 'Ihr neues Passwort ist gespeichert.',
  linkNotValidTitle: 'Link ungültig',
  resetLinkNotValid:
    'Dieser Link wurde schon benutzt, ist abgelaufen (Links gelten eine Stunde) oder hat nie existiert. <link>Fordern Sie einen neuen an</link>.',
  verifyLinkNotValid:
    'Dieser Bestätigungslink wurde schon benutzt, ist abgelaufen oder hat nie existiert. Melden Sie sich an und fordern Sie auf der Studienseite einen neuen an.',
  emailConfirmedTitle: 'E-Mail-Adresse bestätigt',
  emailConfirmedText:
    'Ihre E-Mail-Adresse ist bestätigt. <link>Melden Sie sich an</link>, um sich für Studien zu bewerben.',
  emailConfirmedNotice:
    'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt für Studien bewerben.',
  verificationResent: 'Ein neuer Bestätigungslink ist an {email} unterwegs.',
  expiredSignUp: 'Öffnen Sie die Registrierungsseite erneut und versuchen Sie es noch einmal.',
  expiredSignIn: 'Öffnen Sie die Anmeldeseite erneut und versuchen Sie es noch einmal.',
  expiredPassword: 'Öffnen Sie die Passwortseite erneut und versuchen Sie es noch einmal.',
  expiredPrevious: 'Öffnen Sie die vorige Seite erneut und versuchen Sie es noch einmal.',
};
