import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  noSuchQuestion: 'Réponse à « {key} » : cette question ne fait pas partie du questionnaire.',
  answeredTwice: 'Réponse à « {key} » : la question a reçu deux réponses.',
  skipped:
    'La question « {key} » est sautée du fait de votre réponse à « {skippedBy} » : n’y répondez pas.',
  notShown:
    'La question « {key} » ne vous est pas posée au vu de vos réponses précédentes : n’y répondez pas.',
  needsAnswer: 'Question « {key} » : merci de répondre à cette question.',
  textTakesNoFreeText:
    'Question « {key} » : un texte libre n’est possible qu’avec les réponses qui le prévoient.',
  textOneAnswer: 'Question « {key} » : saisissez votre réponse sous forme de texte.',
  textTooLong: 'Question « {key} » : la réponse dépasse {max} caractères.',
  chosenTwice: 'Question « {key} » : une réponse est choisie deux fois.',
  notAnAnswer: 'Question « {key} » : « {value} » ne fait pas partie des réponses proposées.',
  notAGridAnswer:
    'Question « {key} » : « {value} » ne fait pas partie des réponses proposées (une réponse de tableau s’écrit « Ligne : Colonne »).',
  notAYesNoAnswer:
    'Question « {key} » : « {value} » ne fait pas partie des réponses proposées (répondez « Oui » ou « Non »).',
  chooseOne: 'Question « {key} » : choisissez une seule réponse.',
  chooseAtLeastOne: 'Question « {key} » : choisissez au moins une réponse.',
  chooseOneInRow: 'Question « {key} » : choisissez une seule colonne dans la ligne « {row} ».',
  chooseAtLeastOneCell: 'Question « {key} » : cochez au moins une case.',
  freeTextNotAllowed:
    'Question « {key} » : un texte libre n’est possible qu’avec une réponse qui le prévoit.',
  freeTextTooLong: 'Question « {key} » : le texte libre dépasse {max} caractères.',
};
