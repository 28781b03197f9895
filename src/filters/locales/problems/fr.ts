import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  notAnObject: 'Le profil doit être un objet.',
  countryRequired: 'Veuillez choisir votre pays.',
  stateNotText: 'La région doit être indiquée sous forme de texte.',
  stateNotInCountry: '{name} ({state}) ne se trouve pas dans le pays choisi ({country}).',
  cityNotText: 'La ville doit être indiquée sous forme de texte.',
  cityNotInCountry: '{name} ({city}) ne se trouve pas dans le pays choisi ({country}).',
  cityNotInState: '{name} ({city}) ne se trouve pas dans la région choisie ({state}).',
  birthDateNotADate: 'Veuillez saisir une date valide (AAAA-MM-JJ).',
  attributesNotAnObject: 'Les réponses du profil doivent être un objet associant filtres et choix.',
  placeAsAttribute:
    '{where} : indiquez votre lieu de résidence avec le pays, la région et la ville.',
  notAnAttribute: '{where} : cette réponse ne fait pas partie du profil.',
  attributeNotAList: '{where} : une liste de choix est attendue.',
  optionNotText: '{where} : chaque choix doit être indiqué sous forme de texte.',
  optionByName:
    '{where} : « {given} » n’est pas un identifiant de choix ; vouliez-vous dire {name} (identifiant {id}) ?',
  unknownOption:
    '{where} : « {given} » ne fait pas partie des choix (voir GET /v2/filters/{slug}/options).',
};
