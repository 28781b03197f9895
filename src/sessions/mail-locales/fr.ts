import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  online: 'En ligne',
  confirmationSubject: 'Votre séance : {title}, {when}',
  confirmationBody: `Bonjour {name},

Vous avez une place dans cette séance :

{title}
Quand : {when} ({zone}), {minutes, plural, one {# minute} other {# minutes}}
Où : {place}

Le fichier de calendrier joint l’ajoute à votre agenda. Si vous ne pouvez pas venir, annulez avant {deadline} pour libérer la place : {link}`,
  changeSubject: 'Déplacée : {title}, désormais {when}',
  changeBody: `Bonjour {name},

Les chercheurs ont modifié votre séance. Elle a désormais lieu :

{title}
Quand : {when} ({zone}), {minutes, plural, one {# minute} other {# minutes}}
Où : {place}

Le fichier de calendrier joint la met à jour dans votre agenda. Si vous ne pouvez plus venir, annulez avant {deadline} pour libérer la place : {link}`,
  reminderSubject: 'Rappel : {title}, {when}',
  reminderBody: `Bonjour {name},

Un rappel de votre séance :

{title}
Quand : {when} ({zone}), {minutes, plural, one {# minute} other {# minutes}}
Où : {place}

Votre étude : {link}`,
  cancellationSubject: 'Annulée : {title}, {when}',
  cancellationBody: `Bonjour {name},

Les chercheurs ont annulé cette séance :

{title}
Quand : {when} ({zone})
Où : {place}

{heldUntil, select, none {Votre place dans l’étude est conservée : choisissez une autre séance ici : {link}} other {Votre place dans l’étude est conservée jusqu’au {heldUntil} : choisissez une autre séance d’ici là, sinon elle ira à quelqu’un d’autre : {link}}}`,
  withdrawalSubject: 'Vous avez quitté la séance : {title}, {when}',
  withdrawalBody: `Bonjour {name},

Vous avez annulé votre place dans cette séance :

{title}
Quand : {when} ({zone})

{heldUntil, select, none {Pour participer, choisissez une autre séance : {link}} other {Pour participer, choisissez une autre séance avant le {heldUntil}, sinon votre place ira à quelqu’un d’autre : {link}}}`,
  closedSubject: 'Annulée : {title}, {when}',
  closedBody: `Bonjour {name},

L’étude « {title} » est close : votre séance n’aura donc pas lieu pour vous.

Quand : {when} ({zone})
Où : {place}

Le fichier de calendrier joint la retire de votre agenda. Merci de votre intérêt.`,
  noShowWarningSubject: 'Vous avez manqué une séance',
  noShowWarningBody: `Bonjour {name},

Vous étiez attendu à une séance de « {title} » et n’êtes pas venu. Les chercheurs réservent les places aux inscrits : merci d’annuler à temps si vous ne pouvez pas venir.

Après {limit, plural, one {# séance manquée} other {# séances manquées}} en douze mois, les études avec séances ne vous sont plus proposées.`,
  noShowLimitSubject: 'Les études avec séances vous sont fermées pour le moment',
  noShowLimitBody: `Bonjour {name},

Vous avez manqué {count, plural, one {# séance} other {# séances}} au cours des douze derniers mois, la dernière de « {title} ». Les études avec séances ne vous sont plus proposées ; les études en ligne le restent.

S’il s’agit d’une erreur, répondez à ce message : les responsables du panel peuvent lever cette restriction.`,
};
