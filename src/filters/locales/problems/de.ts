import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  notAnObject: 'Das Profil muss ein Objekt sein.',
  countryRequired: 'Bitte wählen Sie Ihr Land.',
  stateNotText: 'Das Bundesland muss als Text angegeben werden.',
  stateNotInCountry: '{name} ({state}) liegt nicht im gewählten Land ({country}).',
  cityNotText: 'Die Stadt muss als Text angegeben werden.',
  cityNotInCountry: '{name} ({city}) liegt nicht im gewählten Land ({country}).',
  cityNotInState: '{name} ({city}) liegt nicht im gewählten Bundesland ({state}).',
  birthDateNotADate: 'Bitte geben Sie ein gültiges Datum ein (JJJJ-MM-TT).',
  attributesNotAnObject: 'Die Profilangaben müssen ein Objekt aus Filter und Auswahl sein.',
  placeAsAttribute: '{where}: Geben Sie den Wohnort bitte über Land, Bundesland und Stadt an.',
  notAnAttribute: '{where}: Diese Angabe gehört nicht zum Profil.',
  attributeNotAList: '{where}: Erwartet wird eine Liste von Auswahlmöglichkeiten.',
  optionNotText: '{where}: Jede Auswahl muss als Text angegeben werden.',
  optionByName: '{where}: „{given}“ ist keine Auswahl-ID; gemeint ist wohl {name} (ID {id}).',
  unknownOption:
    '{where}: „{given}“ steht nicht zur Auswahl (siehe GET /v2/filters/{slug}/options).',
};
