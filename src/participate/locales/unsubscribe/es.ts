import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  unsubscribedTitle: 'Te has dado de baja',
  unsubscribedText:
    'Ya no te escribiremos sobre estudios nuevos. Seguirás recibiendo los correos sobre tu cuenta y sobre los estudios en los que participas.',
  undoButton: 'Deshacer: volver a escribirme sobre estudios nuevos',
  subscribedTitle: 'Volverás a saber de estudios nuevos',
  subscribedText:
    '{preference, select, daily {Te enviaremos un correo al día con los estudios nuevos que encajan contigo.} other {Te escribiremos por cada estudio nuevo que encaje contigo.}}',
  unsubscribeAgainButton: 'Darme de baja de los estudios nuevos',
  manageInProfile:
    'Elige en tu <link>perfil</link> con qué frecuencia te escribimos sobre estudios nuevos.',
  invalidTitle: 'Enlace no válido',
  invalidText:
    'Este enlace para darte de baja no es válido. Comprueba que lo has copiado entero, o elige en tu <link>perfil</link> con qué frecuencia te escribimos sobre estudios nuevos.',
};
