import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  skipToContent: 'Ir al contenido',
  mainNavigation: 'Menú principal',
  navStudies: 'Estudios',
  navWork: 'Mis participaciones',
  navEarnings: 'Ganancias',
  navProfile: 'Perfil',
  signOut: 'Cerrar sesión',
  languageNavigation: 'Idioma',
  backToStudies: 'Volver a los estudios',
  formExpiredTitle: 'Formulario caducado',
  formExpiredText:
    'Este formulario no se envió desde una página actual de tu sesión. Vuelve atrás, recarga la página e inténtalo de nuevo.',
  formExpiredReopen: 'Vuelve a abrir la página e inténtalo de nuevo.',
  notFoundTitle: 'No encontrado',
  notFoundStudy: 'Este estudio o esta página no existe para ti.',
  notFoundPage: 'Esta página no existe.',
  notFoundFile: 'Este archivo no existe.',
  previewNotValidTitle: 'Enlace de vista previa no válido',
  previewNotValidText:
    'Este enlace de vista previa ya se usó, ha caducado o nunca existió. Pide una nueva vista previa al equipo investigador del estudio.',
  notPossibleTitle: 'No es posible',
  notPossibleText:
    'Ahora mismo no se puede hacer. Recarga la página para ver cómo están las cosas.',
  failedTitle: 'Algo ha fallado',
  failedText: 'Algo ha fallado por nuestra parte (identificador de la solicitud: {requestId}).',
  badRequestTitle: 'Solicitud incorrecta',
  badRequestText: 'No se ha podido entender la solicitud.',
  frontDoorTitle: 'Estudios de investigación en {host}',
  takePartHeading: 'Participa en estudios',
  takePartText:
    'Únete al panel, responde unas preguntas y cobra por encuestas, entrevistas y tareas que encajan contigo.',
  joinPanel: 'Unirme al panel',
  alreadyParticipant: '¿Ya participas? <link>Inicia sesión</link>.',
  runStudiesHeading: 'Realiza estudios',
  runStudiesText:
    'Los investigadores describen un público y un cuestionario de selección, lanzan el estudio, revisan el trabajo y lo pagan, aquí o a través de la API.',
  researcherSignIn: 'Acceso para investigadores',
  apiReference: 'Referencia de la API',
  researcherPagesInEnglish: 'Las páginas para investigadores están en inglés.',
};
