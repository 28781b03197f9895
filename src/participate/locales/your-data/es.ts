import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  heading: 'Tus datos',
  holds:
    'Todo lo que Cohort guarda sobre ti (perfil, solicitudes y respuestas, trabajos, mensajes, pagos, archivos subidos) en un solo archivo.',
  download: 'Descargar tus datos (JSON)',
  deleteLink: 'Eliminar mi cuenta',
  deleteTitle: 'Eliminar mi cuenta',
  deletedHeading: 'Qué se elimina',
  deletedProfile:
    'Tu nombre, tu correo, tu fecha de nacimiento, dónde vives y todas las respuestas de tu perfil.',
  deletedWriting:
    'Lo que has escrito: tus respuestas escritas en los cuestionarios de selección, tus notas sobre tus trabajos y tus mensajes.',
  deletedFiles: 'Todos los archivos que has subido.',
  deletedAccess:
    'Tu contraseña, tus inicios de sesión y tu token de la API: se cerrará tu sesión en todas partes.',
  deletedPlaces:
    'Tus plazas en estudios vuelven a los investigadores. Los trabajos pendientes de revisión se quedan con ellos, sin tu nombre.',
  keptHeading: 'Qué se conserva',
  keptPayments:
    'Los pagos y el estado de cada solicitud se conservan, con un número aleatorio en lugar de tu nombre, para que las cuentas de los investigadores sigan cuadrando. Nadie puede saber por ellos quién eres.',
  keptDownload:
    '<download>Descarga tus datos</download> antes si quieres una copia: después no se podrán recuperar.',
  password: 'Tu contraseña',
  passwordHint: 'Para asegurarnos de que eres tú.',
  deleteButton: 'Eliminar mi cuenta',
  keep: 'Conservar mi cuenta',
  passwordNeeded: 'Necesitamos tu contraseña para eliminar la cuenta.',
  passwordWrong: 'La contraseña no es correcta.',
  goneTitle: 'Tu cuenta se ha eliminado',
  goneText: 'Tus datos personales se han borrado y tu sesión está cerrada. Gracias por participar.',
  frontPage: 'Volver a la página de inicio',
};
