import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  noSuchQuestion: 'Respuesta a «{key}»: esa pregunta no está en el cuestionario.',
  answeredTwice: 'Respuesta a «{key}»: la pregunta tiene dos respuestas.',
  skipped:
    'La pregunta «{key}» se salta por tu respuesta a «{skippedBy}», así que no debes responderla.',
  notShown:
    'La pregunta «{key}» no se te hace según tus respuestas anteriores, así que no debes responderla.',
  needsAnswer: 'Pregunta «{key}»: responde a esta pregunta, por favor.',
  textTakesNoFreeText:
    'Pregunta «{key}»: solo puedes añadir texto libre a las respuestas que lo permiten.',
  textOneAnswer: 'Pregunta «{key}»: escribe tu respuesta como texto.',
  textTooLong: 'Pregunta «{key}»: la respuesta tiene más de {max} caracteres.',
  chosenTwice: 'Pregunta «{key}»: has elegido una respuesta dos veces.',
  notAnAnswer: 'Pregunta «{key}»: «{value}» no es una de las respuestas posibles.',
  notAGridAnswer:
    'Pregunta «{key}»: «{value}» no es una de las respuestas posibles (en una tabla se responde «Fila: Columna»).',
  notAYesNoAnswer:
    'Pregunta «{key}»: «{value}» no es una de las respuestas posibles (responde «Sí» o «No»).',
  chooseOne: 'Pregunta «{key}»: elige una sola respuesta.',
  chooseAtLeastOne: 'Pregunta «{key}»: elige al menos una respuesta.',
  chooseOneInRow: 'Pregunta «{key}»: elige una sola columna en la fila «{row}».',
  chooseAtLeastOneCell: 'Pregunta «{key}»: marca al menos una casilla.',
  freeTextNotAllowed:
    'Pregunta «{key}»: solo puedes añadir texto libre a una respuesta que lo permita.',
  freeTextTooLong: 'Pregunta «{key}»: el texto libre tiene más de {max} caracteres.',
};
