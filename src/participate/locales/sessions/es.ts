import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  pickTitle: 'Elige una sesión',
  pickIntro:
    'Este estudio se hace en horarios fijos. Elige la sesión a la que vendrás: tu plaza queda reservada en cuanto te inscribas.',
  noSessions:
    'Ahora mismo ninguna sesión tiene plazas libres. Vuelve más tarde, o devuelve tu plaza si ninguna te viene bien.',
  yourTime: 'Tu hora: {time}',
  labTime: 'Hora del laboratorio: {time}',
  online: 'En línea',
  length: 'Duración: {length}',
  seatsLeft: '{count, plural, one {# plaza libre} other {# plazas libres}}',
  enrollUntil: 'Inscripción hasta el {date}',
  enrollButton: 'Inscribirme<hidden> en la sesión del {time}</hidden>',
  enrolledHeading: 'Tu sesión',
  listSession: 'Tu sesión: {time}, {place}',
  whenLabel: 'Cuándo',
  whereLabel: 'Dónde',
  addToCalendar: 'Añadir al calendario',
  addStudyToCalendar: 'Añadir al calendario<hidden>: {title}</hidden>',
  cancelButton: 'Cancelar mi inscripción',
  cancelConfirm:
    '¿Cancelar tu inscripción? Tu plaza en el estudio sigue siendo tuya mientras eliges otra sesión.',
  cancelUntil: 'Puedes cancelar hasta el {date}.',
  cancelClosed:
    'El plazo para cancelar terminó el {date}. Si no puedes venir, escribe a los investigadores.',
  reserveSeat:
    'Tu plaza es de reserva: ven, por favor. Si todos los demás vienen también, volverás a casa y te pagaremos por venir.',
  enrollmentCancelled:
    'Esta inscripción está cancelada. Elige otra sesión para conservar tu plaza.',
  attendance:
    '{attendance, select, participated {Participaste.} showed_up_not_needed {Viniste y no hiciste falta: te pagamos por venir.} no_show {Constas como ausente.} excused {Tu ausencia está justificada.} other {Tu asistencia aún no está anotada.}}',
  mustEnroll: 'Este estudio se hace en horarios fijos: elige una sesión para conservar tu plaza.',
  enrollBefore: 'Elige una antes del {date}, o tu plaza pasará a otra persona.',
  chooseSession: 'Elegir una sesión',
  alreadyEnrolled:
    'Ya estás inscrito en una sesión. Para cambiar, cancélala primero y luego elige otra.',
  noticeEnrolled:
    'Ya estás inscrito. Te enviamos por correo una confirmación con un archivo de calendario.',
  noticeCancelled: 'Tu inscripción está cancelada. Elige otra sesión para conservar tu plaza.',
  refusedFull: 'Esa sesión acaba de llenarse. Elige otra, por favor.',
  refusedClosed: 'La inscripción en esa sesión está cerrada. Elige otra, por favor.',
  refusedCancelClosed:
    'El plazo para cancelar terminó el {date}. Si no puedes venir, escribe a los investigadores.',
  refusedGeneric:
    'No ha funcionado: puede que las sesiones hayan cambiado mientras tanto. Míralas de nuevo, por favor.',
  notEnrollable: 'Solo puedes inscribirte con una plaza que tengas: esta ya no te espera.',
  backToWork: 'Volver a este estudio',
};
