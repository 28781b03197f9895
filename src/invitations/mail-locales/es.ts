import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  subject: 'Un estudio para ti: {title}',
  body: `Hola, {name}:

Un estudio que encaja contigo busca participantes:

{title}
Pago: {reward} por unos {minutes, plural, one {# minuto} other {# minutos}} ({perHour} por hora)

Míralo e inscríbete: {link}

Las plazas son limitadas y se asignan por orden de inscripción.

Recibes este correo porque te uniste al panel en {host} y quieres saber de nuevos estudios. Para dejar de recibir estos correos: {unsubscribe}`,
  digestSubject:
    '{count, plural, one {Hoy, un estudio nuevo para ti} other {Hoy, # estudios nuevos para ti}}',
  digestIntro: `Hola, {name}:

{count, plural, one {Este estudio que encaja contigo se abrió hoy:} other {Estos estudios que encajan contigo se abrieron hoy:}}`,
  digestItem: `{title}
Pago: {reward} por unos {minutes, plural, one {# minuto} other {# minutos}} ({perHour} por hora)
{link}`,
  digestFooter: `Recibes un correo así al día porque te uniste al panel en {host} y elegiste un resumen diario. Para dejar de recibir estos correos: {unsubscribe}`,
};
