import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  subject: 'Eine Studie für Sie: {title}',
  body: `Hallo {name},

eine Studie, zu der Sie passen, sucht Teilnehmende:

{title}
Vergütung: {reward} für etwa {minutes, plural, one {# Minute} other {# Minuten}} ({perHour} pro Stunde)

Ansehen und bewerben: {link}

Die Plätze sind begrenzt und gehen an die, die sich zuerst bewerben.

Sie erhalten diese E-Mail, weil Sie dem Panel auf {host} beigetreten sind und über neue Studien informiert werden möchten. Keine solchen E-Mails mehr: {unsubscribe}`,
  digestSubject:
    '{count, plural, one {Heute eine neue Studie für Sie} other {Heute # neue Studien für Sie}}',
  digestIntro: `Hallo {name},

{count, plural, one {diese Studie, zu der Sie passen, ist heute gestartet:} other {diese Studien, zu denen Sie passen, sind heute gestartet:}}`,
  digestItem: `{title}
Vergütung: {reward} für etwa {minutes, plural, one {# Minute} other {# Minuten}} ({perHour} pro Stunde)
{link}`,
  digestFooter: `Sie erhalten einmal am Tag eine solche E-Mail, weil Sie dem Panel auf {host} beigetreten sind und eine tägliche Übersicht gewählt haben. Keine solchen E-Mails mehr: {unsubscribe}`,
};
