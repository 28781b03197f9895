import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  alreadyApplied: 'Vous avez déjà posé votre candidature à cette étude.',
  notRecruiting: 'Cette étude ne recrute plus.',
  doesNotFitScreener: 'Vos réponses ne correspondent pas au questionnaire de cette étude.',
  timeLimitPassed: 'Le délai de cette participation est dépassé.',
  cannotStart:
    '{status, select, in_progress {Vous avez déjà commencé cette participation.} other {Cette participation ne peut plus être commencée (état : {status}).}}',
  submitOnlyInProgress:
    '{status, select, screen_passed {Commencez d’abord la participation.} awaiting_review {Votre travail est déjà rendu et en cours de vérification.} other {Les tâches ne peuvent être rendues que pendant la participation (état : {status}).}}',
  taskNotAvailable:
    '{status, select, submitted {Cette tâche est déjà rendue.} locked {Cette tâche n’est pas encore accessible.} other {Cette tâche ne peut pas être rendue (état : {status}).}}',
  cannotReturn:
    '{status, select, awaiting_review {Votre travail est déjà rendu : vous ne pouvez plus libérer votre place.} other {Vous ne pouvez plus libérer cette place (état : {status}).}}',
  taskAlreadySubmitted: 'La tâche {sequence} a déjà été rendue.',
  uploadInvalid: 'L’envoi n’est pas valide.',
  filesDoNotFit: 'Les fichiers envoyés ne conviennent pas à la tâche.',
  tooFewFiles: 'Il faut au moins {min} fichier(s) ; reçu(s) : {count}.',
  tooManyFiles: 'Au plus {max} fichier(s) autorisé(s) ; reçu(s) : {count}.',
  tooManyFilesForTask: 'Cette tâche accepte au plus {max} fichier(s).',
  notesTooLong: 'Les remarques ne doivent pas dépasser 10 000 caractères.',
  namedFileWrongType: 'Le fichier « {name} » est de type {type}, que cette tâche n’accepte pas.',
  numberedFileWrongType: 'Le fichier {number} est de type {type}, que cette tâche n’accepte pas.',
  namedFileTooLarge: 'Le fichier « {name} » pèse {size} octets, au-delà de la limite de {limit}.',
  numberedFileTooLarge: 'Le fichier {number} pèse {size} octets, au-delà de la limite de {limit}.',
  namedFileEmpty: 'Le fichier « {name} » est vide.',
  numberedFileEmpty: 'Le fichier {number} est vide.',
  codeMatchesNothing: 'Ce code de fin ne correspond à aucune tâche de vos études.',
  codeMatchesSeveral:
    'Ce code de fin correspond à des tâches de plusieurs de vos études ; rendez la tâche depuis sa page.',
  codeTaskTakesFiles:
    'La tâche {sequence} de « {title} » demande des fichiers : envoyez-les depuis la page de la tâche, un code de fin ne suffit pas.',
  codeAlreadyHandedIn: 'La tâche {sequence} de « {title} » a déjà été rendue.',
};
