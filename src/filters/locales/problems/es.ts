import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  notAnObject: 'El perfil tiene que ser un objeto.',
  countryRequired: 'Elige tu país.',
  stateNotText: 'La región tiene que indicarse como texto.',
  stateNotInCountry: '{name} ({state}) no está en el país que has elegido ({country}).',
  cityNotText: 'La ciudad tiene que indicarse como texto.',
  cityNotInCountry: '{name} ({city}) no está en el país que has elegido ({country}).',
  cityNotInState: '{name} ({city}) no está en la región que has elegido ({state}).',
  birthDateNotADate: 'Escribe una fecha válida (AAAA-MM-DD).',
  attributesNotAnObject:
    'Las respuestas del perfil tienen que ser un objeto de filtros y opciones.',
  placeAsAttribute: '{where}: indica dónde vives con el país, la región y la ciudad.',
  notAnAttribute: '{where}: este dato no forma parte del perfil.',
  attributeNotAList: '{where}: se espera una lista de opciones.',
  optionNotText: '{where}: cada opción tiene que indicarse como texto.',
  optionByName:
    '{where}: «{given}» no es un identificador de opción; ¿quieres decir {name} (identificador {id})?',
  unknownOption:
    '{where}: «{given}» no es una de las opciones (consulta GET /v2/filters/{slug}/options).',
};
