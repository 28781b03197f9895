import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  invalid: 'Diese Zeitangabe lässt sich so nicht erfassen.',
  notInProgressNamed: 'Die Teilnahme {id} läuft nicht mehr, daher lässt sich keine Zeit erfassen.',
  notInProgress: 'Zeit lässt sich nur erfassen, solange die Teilnahme läuft.',
  startedInFuture: 'Der Beginn ({at}) liegt in der Zukunft (jetzt: {now}).',
  endedInFuture: 'Das Ende ({at}) liegt in der Zukunft (jetzt: {now}).',
  beforeWorkStarted:
    'Der Beginn ({at}) liegt vor dem Start Ihrer Arbeit an dieser Studie ({workStarted}).',
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
  overlaps: 'Überschneidet sich mit bereits erfasster Zeit von {from} bis {to}.',
};
