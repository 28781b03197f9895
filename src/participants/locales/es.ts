import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  verifyMailSubject: 'Confirma tu correo para {host}',
  verifyMailBody: `Hola, {name}:

Abre este enlace para confirmar tu dirección de correo y empezar a inscribirte en estudios en {host}:

{link}

El enlace solo funciona una vez y caduca en {days, plural, one {# día} other {# días}}. Si no te has registrado, ignora este correo.`,
  resetMailSubject: 'Elige tu contraseña para {host}',
  resetMailBody: `Hola, {name}:

Alguien (esperamos que tú) ha pedido una contraseña nueva para tu cuenta de participante. Abre este enlace para elegirla:

{link}

El enlace solo funciona una vez y caduca en {minutes, plural, one {# minuto} other {# minutos}}. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.`,
  signUpIncomplete: 'Faltan datos para completar el registro.',
  passwordNotAcceptable: 'Esta contraseña no sirve.',
  passwordTooShort: 'La contraseña debe tener al menos 12 caracteres.',
  passwordTooLong: 'La contraseña no puede tener más de 1024 caracteres.',
  emailNotPlain: 'Escribe una sola dirección, sin nada más, por ejemplo ana@example.org.',
  termsNotAccepted: 'Para participar tienes que aceptar las condiciones.',
  accountExists: 'Ya existe una cuenta con esta dirección.',
  emailTaken:
    'Ya existe una cuenta con esta dirección ({rule, select, dotsAndTags {en este proveedor, las direcciones que solo se diferencian por puntos o por un +sufijo llegan al mismo buzón} tags {en este proveedor, las direcciones que solo se diferencian por un +sufijo llegan al mismo buzón} other {las direcciones que solo se diferencian en mayúsculas y minúsculas son el mismo buzón}}). Inicia sesión o restablece la contraseña si la has olvidado.',
};
