import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  verifyMailSubject: 'Bestätigen Sie Ihre E-Mail-Adresse für {host}',
  verifyMailBody: `Hallo {name},

öffnen Sie diesen Link, um Ihre E-Mail-Adresse zu bestätigen. Danach können Sie sich auf {host} für Studien bewerben:

{link}

Der Link funktioniert einmal und ist {days, plural, one {# Tag} other {# Tage}} gültig. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach.`,
  resetMailSubject: 'Legen Sie Ihr Passwort für {host} fest',
  resetMailBody: `Hallo {name},

jemand – hoffentlich Sie – möchte ein neues Passwort für Ihr Teilnehmerkonto festlegen. Über diesen Link können Sie eines wählen:

{link}

Der Link funktioniert einmal und ist {minutes, plural, one {# Minute} other {# Minuten}} gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail einfach: Ihr Passwort bleibt unverändert.`,
  signUpIncomplete: 'Die Registrierung ist noch nicht vollständig.',
  passwordNotAcceptable: 'Dieses Passwort geht leider nicht.',
  passwordTooShort: 'Das Passwort muss mindestens 12 Zeichen lang sein.',
  passwordTooLong: 'Das Passwort darf höchstens 1024 Zeichen lang sein.',
  emailNotPlain: 'Geben Sie genau eine einfache Adresse ein, etwa ana@example.org.',
  termsNotAccepted: 'Um teilzunehmen, müssen Sie den Bedingungen zustimmen.',
  accountExists: 'Für diese Adresse gibt es bereits ein Konto.',
  emailTaken:
    'Für diese Adresse gibt es bereits ein Konto ({rule, select, dotsAndTags {bei diesem Anbieter landen Adressen, die sich nur durch Punkte oder ein +Kürzel unterscheiden, im selben Postfach} tags {bei diesem Anbieter landen Adressen, die sich nur durch ein +Kürzel unterscheiden, im selben Postfach} other {Adressen, die sich nur in Groß- und Kleinschreibung unterscheiden, gehören zum selben Postfach}}). Melden Sie sich an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben.',
};
