import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  noSuchQuestion: 'Antwort auf „{key}“: Diese Frage gibt es im Fragebogen nicht.',
  answeredTwice: 'Antwort auf „{key}“: Die Frage wurde zweimal beantwortet.',
  skipped:
    'Frage „{key}“ entfällt durch Ihre Antwort auf „{skippedBy}“ und darf nicht beantwortet werden.',
  notShown:
    'Frage „{key}“ wird Ihnen nach Ihren bisherigen Antworten nicht gestellt und darf nicht beantwortet werden.',
  needsAnswer: 'Frage „{key}“: Bitte beantworten Sie diese Frage.',
  textTakesNoFreeText:
    'Frage „{key}“: Ein Zusatztext ist nur bei Antworten möglich, die ihn vorsehen.',
  textOneAnswer: 'Frage „{key}“: Bitte geben Sie Ihre Antwort als Text ein.',
  textTooLong: 'Frage „{key}“: Die Antwort ist länger als {max} Zeichen.',
  chosenTwice: 'Frage „{key}“: Eine Antwort wurde zweimal gewählt.',
  notAnAnswer: 'Frage „{key}“: „{value}“ ist keine der möglichen Antworten.',
  notAGridAnswer:
    'Frage „{key}“: „{value}“ ist keine der möglichen Antworten (Tabellenantworten lauten „Zeile: Spalte“).',
  notAYesNoAnswer:
    'Frage „{key}“: „{value}“ ist keine der möglichen Antworten (bitte „Ja“ oder „Nein“).',
  chooseOne: 'Frage „{key}“: Bitte wählen Sie genau eine Antwort.',
  chooseAtLeastOne: 'Frage „{key}“: Bitte wählen Sie mindestens eine Antwort.',
  chooseOneInRow: 'Frage „{key}“: Bitte wählen Sie in der Zeile „{row}“ genau eine Spalte.',
  chooseAtLeastOneCell: 'Frage „{key}“: Bitte wählen Sie mindestens ein Feld.',
  freeTextNotAllowed:
    'Frage „{key}“: Ein Zusatztext ist nur zu einer Antwort möglich, die ihn vorsieht.',
  freeTextTooLong: 'Frage „{key}“: Der Zusatztext ist länger als {max} Zeichen.',
};
