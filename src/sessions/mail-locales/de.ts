import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  online: 'Online',
  confirmationSubject: 'Ihr Termin: {title}, {when}',
  confirmationBody: `Hallo {name},

Sie haben einen Platz in diesem Termin:

{title}
Wann: {when} ({zone}), {minutes, plural, one {# Minute} other {# Minuten}}
Wo: {place}

Mit der angehängten Kalenderdatei tragen Sie ihn in Ihren Kalender ein. Wenn Sie nicht kommen können, sagen Sie bitte vor {deadline} ab, damit jemand anderes den Platz bekommt: {link}`,
  changeSubject: 'Verschoben: {title}, jetzt {when}',
  changeBody: `Hallo {name},

die Forschenden haben Ihren Termin geändert. Er ist jetzt:

{title}
Wann: {when} ({zone}), {minutes, plural, one {# Minute} other {# Minuten}}
Wo: {place}

Mit der angehängten Kalenderdatei aktualisieren Sie ihn in Ihrem Kalender. Wenn Sie jetzt nicht kommen können, sagen Sie bitte vor {deadline} ab, damit jemand anderes den Platz bekommt: {link}`,
  reminderSubject: 'Erinnerung: {title}, {when}',
  reminderBody: `Hallo {name},

eine Erinnerung an Ihren Termin:

{title}
Wann: {when} ({zone}), {minutes, plural, one {# Minute} other {# Minuten}}
Wo: {place}

Ihre Studie: {link}`,
  cancellationSubject: 'Abgesagt: {title}, {when}',
  cancellationBody: `Hallo {name},

die Forschenden haben diesen Termin abgesagt:

{title}
Wann: {when} ({zone})
Wo: {place}

{heldUntil, select, none {Ihr Platz in der Studie bleibt: Wählen Sie hier einen anderen Termin: {link}} other {Ihr Platz in der Studie bleibt bis {heldUntil}: Wählen Sie bis dahin einen anderen Termin, sonst geht er an jemand anderen: {link}}}`,
  withdrawalSubject: 'Sie haben den Termin abgesagt: {title}, {when}',
  withdrawalBody: `Hallo {name},

Sie haben Ihren Platz in diesem Termin abgesagt:

{title}
Wann: {when} ({zone})

{heldUntil, select, none {Um teilzunehmen, wählen Sie einen anderen Termin: {link}} other {Um teilzunehmen, wählen Sie vor {heldUntil} einen anderen Termin, sonst geht Ihr Platz an jemand anderen: {link}}}`,
  closedSubject: 'Abgesagt: {title}, {when}',
  closedBody: `Hallo {name},

die Studie „{title}“ ist beendet, daher findet Ihr Termin für Sie nicht statt:

Wann: {when} ({zone})
Wo: {place}

Mit der angehängten Kalenderdatei entfernen Sie ihn aus Ihrem Kalender. Danke für Ihr Interesse.`,
  noShowWarningSubject: 'Sie haben einen Termin verpasst',
  noShowWarningBody: `Hallo {name},

Sie wurden zu einem Termin von „{title}“ erwartet und sind nicht gekommen. Die Forschenden halten Plätze für alle frei, die sich anmelden. Bitte sagen Sie rechtzeitig ab, wenn Sie nicht kommen können.

Nach {limit, plural, one {# verpassten Termin} other {# verpassten Terminen}} in zwölf Monaten werden Ihnen Studien mit Terminen nicht mehr angeboten.`,
  noShowLimitSubject: 'Studien mit Terminen sind für Sie vorerst geschlossen',
  noShowLimitBody: `Hallo {name},

Sie haben in den letzten zwölf Monaten {count, plural, one {# Termin} other {# Termine}} verpasst, zuletzt einen von „{title}“. Studien mit Terminen werden Ihnen nicht mehr angeboten; Online-Studien weiterhin.

Falls das ein Irrtum ist, antworten Sie auf diese Mail, dann können die Betreiber des Panels die Sperre aufheben.`,
};
