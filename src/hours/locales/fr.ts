import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  invalid: 'Ce temps ne peut pas être enregistré tel quel.',
  notInProgressNamed:
    'La participation {id} n’est plus en cours : aucun temps ne peut être enregistré.',
  notInProgress: 'Le temps ne peut être enregistré que pendant que la participation est en cours.',
  startedInFuture: 'Le début ({at}) est dans le futur (il est {now}).',
  endedInFuture: 'La fin ({at}) est dans le futur (il est {now}).',
  beforeWorkStarted:
    'Le début ({at}) précède le moment où vous avez commencé cette étude ({workStarted}).',
  endBeforeStart: 'La fin doit être postérieure au début.',
  overlaps: 'Chevauche un temps déjà enregistré, de {from} à {to}.',
};
