import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  listTitle: 'Estudios para ti',
  noStudies:
    'Ahora mismo ningún estudio busca a alguien como tú. Se abren estudios nuevos a menudo; con un <link>perfil</link> más completo encajarás en más.',
  moreStudies: 'Más estudios',
  reward: 'Pago',
  about: 'Duración',
  perHour: 'Por hora',
  minutes: '{count, plural, one {# minuto} other {# minutos}}',
  placesLeft: '{count, plural, one {Queda # plaza} other {Quedan # plazas}}',
  verifyHeading: 'Confirma tu correo para apuntarte',
  verifyText:
    'Te hemos enviado un enlace a {email}. Ábrelo para confirmar tu dirección; mientras tanto, puedes ir mirando los estudios.',
  sendLinkAgain: 'Enviar el enlace otra vez',
  inTitle: '¡Estás dentro!',
  inText:
    'Tus respuestas encajan con este estudio y tienes una plaza reservada. Empieza las tareas cuando quieras.',
  waitingTitle: 'A la espera del equipo investigador',
  waitingText:
    'El equipo investigador elige a los participantes entre las solicitudes. Te escribiremos si te invitan.',
  notThisTimeTitle: 'Esta vez no',
  notThisTimeText:
    'Este estudio busca personas con otro perfil, así que no puede contar contigo. Gracias por tu tiempo: puede que otros estudios encajen mejor contigo.',
  appliedTitle: 'Te has apuntado',
  appliedText: 'Tu solicitud está registrada; en «Mis participaciones» verás cómo va.',
  goToTasks: 'Ir a las tareas',
  questionsFirst: 'Primero, unas preguntas',
  applyHeading: 'Apuntarte',
  applyButton: 'Apuntarme',
  confirmEmailFirst: 'Primero confirma tu correo: tienes el enlace en tu bandeja de entrada.',
  noScreener:
    'Este estudio no tiene preguntas previas: al apuntarte te quedas con una plaza si queda alguna libre.',
  whatYouWillDo: 'Qué harás',
  noticeConfirmFirst: 'Primero confirma tu correo: abre el enlace que te enviamos.',
  noticePassed: 'Has superado las preguntas previas.',
  tellUsMore: 'Cuéntanos más (sobre «{answers}»)',
  yourAnswer: 'Tu respuesta',
  chooseAll: 'Marca todas las que correspondan.',
  yes: 'Sí',
  no: 'No',
};
