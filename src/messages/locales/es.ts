import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  subject: 'Nuevo mensaje sobre «{title}»',
  body: `Hola, {name}:

El equipo investigador de «{title}» te ha escrito:

{message}

Lee y responde: {link}

Recibes este correo porque participaste en este estudio en {host}.`,
  yourStudy: 'tu estudio',
};
