import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  nameBlank: 'Escribe tu nombre.',
  emailInvalid: 'Esta dirección de correo no es válida.',
  timeZoneUnknown: '«{zone}» no es una zona horaria conocida.',
  linkedinNotWeb: 'El enlace de LinkedIn tiene que empezar por http:// o https://.',
  tooYoung: 'Tienes que tener al menos {age} años para participar.',
};
