import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  online: 'En línea',
  confirmationSubject: 'Su sesión: {title}, {when}',
  confirmationBody: `Hola, {name}:

Tiene un lugar en esta sesión:

{title}
Cuándo: {when} ({zone}), {minutes, plural, one {# minuto} other {# minutos}}
Dónde: {place}

El archivo de calendario adjunto la añade a su calendario. Si no puede venir, cancele antes de {deadline} para que otra persona ocupe el lugar: {link}`,
  changeSubject: 'Cambiada: {title}, ahora {when}',
  changeBody: `Hola, {name}:

Los investigadores cambiaron su sesión. Ahora es:

{title}
Cuándo: {when} ({zone}), {minutes, plural, one {# minuto} other {# minutos}}
Dónde: {place}

El archivo de calendario adjunto la actualiza en su calendario. Si ya no puede venir, cancele antes de {deadline} para que otra persona ocupe el lugar: {link}`,
  reminderSubject: 'Recordatorio: {title}, {when}',
  reminderBody: `Hola, {name}:

Le recordamos su sesión:

{title}
Cuándo: {when} ({zone}), {minutes, plural, one {# minuto} other {# minutos}}
Dónde: {place}

Su estudio: {link}`,
  cancellationSubject: 'Cancelada: {title}, {when}',
  cancellationBody: `Hola, {name}:

Los investigadores cancelaron esta sesión:

{title}
Cuándo: {when} ({zone})
Dónde: {place}

{heldUntil, select, none {Conserva su lugar en el estudio: elija otra sesión aquí: {link}} other {Conserva su lugar en el estudio hasta el {heldUntil}: elija otra sesión antes, o pasará a otra persona: {link}}}`,
  withdrawalSubject: 'Ha dejado la sesión: {title}, {when}',
  withdrawalBody: `Hola, {name}:

Ha cancelado su lugar en esta sesión:

{title}
Cuándo: {when} ({zone})

{heldUntil, select, none {Para participar, elija otra sesión: {link}} other {Para participar, elija otra sesión antes del {heldUntil}, o su lugar pasará a otra persona: {link}}}`,
  closedSubject: 'Cancelada: {title}, {when}',
  closedBody: `Hola, {name}:

El estudio «{title}» se ha cerrado, así que su sesión no tendrá lugar para usted:

Cuándo: {when} ({zone})
Dónde: {place}

El archivo de calendario adjunto la quita de su calendario. Gracias por su interés.`,
  noShowWarningSubject: 'No asistió a una sesión',
  noShowWarningBody: `Hola, {name}:

Le esperábamos en una sesión de «{title}» y no vino. Los investigadores reservan los lugares para quienes se inscriben: cancele a tiempo si no puede venir.

Después de {limit, plural, one {# sesión perdida} other {# sesiones perdidas}} en doce meses, ya no se le ofrecerán estudios con sesiones.`,
  noShowLimitSubject: 'Los estudios con sesiones están cerrados para usted por ahora',
  noShowLimitBody: `Hola, {name}:

No asistió a {count, plural, one {# sesión} other {# sesiones}} en los últimos doce meses, la última de «{title}». Ya no se le ofrecen estudios con sesiones; los estudios en línea, sí.

Si se trata de un error, responda a este correo y los responsables del panel pueden levantar la restricción.`,
};
