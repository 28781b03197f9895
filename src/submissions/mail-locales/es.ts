import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  subject: 'Te han seleccionado: {title}',
  body: `Hola, {name}:

El equipo investigador de «{title}» te ha elegido y tienes una plaza reservada. Empieza cuando quieras:

{link}

Recibes este correo porque te inscribiste en este estudio en {host}.`,
};
