import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  invalid: 'No se puede registrar este tiempo tal como está.',
  notInProgressNamed:
    'La participación {id} ya no está en curso, así que no se puede registrar tiempo.',
  notInProgress: 'Solo puedes registrar tiempo mientras la participación está en curso.',
  startedInFuture: 'El inicio ({at}) está en el futuro (ahora: {now}).',
  endedInFuture: 'El final ({at}) está en el futuro (ahora: {now}).',
  beforeWorkStarted:
    'El inicio ({at}) es anterior al momento en que empezaste este estudio ({workStarted}).',
  endBeforeStart: 'El final tiene que ser posterior al inicio.',
  overlaps: 'Se solapa con tiempo ya registrado de {from} a {to}.',
};
