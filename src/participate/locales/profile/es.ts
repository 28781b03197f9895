import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  title: 'Tu perfil',
  intro:
    'Los estudios eligen a sus participantes según estas respuestas. Salvo tu nombre, tu correo, tu zona horaria, tu país y tu fecha de nacimiento, todo es opcional; cuanto más completes, con más estudios encajarás.',
  aboutHeading: 'Sobre ti',
  name: 'Nombre',
  email: 'Correo electrónico',
  timeZone: 'Zona horaria',
  language: 'Idioma',
  languageHint: 'El idioma de estas páginas y de los correos que te enviamos.',
  birthDate: 'Fecha de nacimiento',
  placeHeading: 'Dónde vives',
  stateNotSaying: 'Prefiero no decirlo',
  stateCountryFirst: 'Elige primero un país',
  stateHint: '¿Has cambiado de país? Guarda una vez y luego elige la región.',
  cityHint: 'Escribe las primeras letras y elige tu ciudad; déjalo vacío si prefieres no decirlo.',
  cityNotFound: 'No hay ninguna ciudad llamada «{typed}» en el país y la región que has elegido.',
  mailHeading: 'Nuestros correos',
  newStudies: 'Nuevos estudios por correo',
  newStudiesEach: 'Cada estudio',
  newStudiesDaily: 'Un resumen diario',
  newStudiesNever: 'Nunca',
  newStudiesHint:
    'Cuando se abre un estudio que encaja contigo. El resumen llega una vez al día, a las 9:00 en tu zona horaria.',
  mailUndeliverable: 'No hemos podido entregar los correos a tu dirección; revísala o cámbiala.',
  noShows:
    '{count, plural, one {# sesión de laboratorio perdida} other {# sesiones de laboratorio perdidas}} sin justificar en los últimos 12 meses',
  noShowBarred:
    'Después de faltar a sesiones, los estudios en laboratorio ya no están abiertos para ti; escribe al equipo de este panel para que lo levante.',
  record:
    '{rate, number, percent} de aprobación en {decided, plural, one {# decisión} other {# decisiones}}',
  save: 'Guardar el perfil',
  invalid: 'Hay respuestas del perfil que corregir.',
  accountExists: 'Ya existe una cuenta con esta dirección.',
  emailTaken: 'Esta dirección ya pertenece a otra cuenta; inicia sesión con esa.',
  saved: 'Tu perfil está guardado.',
  savedNewCountry: 'Guardado. Has cambiado de país: elige también tu región y tu ciudad.',
};
