import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  pickTitle: 'Elegir una sesión',
  pickIntro:
    'Este estudio se realiza en horarios fijos. Elija la sesión a la que vendrá: su plaza queda reservada en cuanto se inscriba.',
  noSessions:
    'Ahora mismo ninguna sesión tiene plazas libres. Vuelva más tarde, o devuelva su plaza si ninguna le conviene.',
  yourTime: 'Su hora: {time}',
  labTime: 'Hora del laboratorio: {time}',
  online: 'En línea',
  length: 'Duración: {length}',
  seatsLeft: '{count, plural, one {# plaza libre} other {# plazas libres}}',
  enrollUntil: 'Inscripción hasta el {date}',
  enrollButton: 'Inscribirme<hidden> en la sesión del {time}</hidden>',
  enrolledHeading: 'Su sesión',
  whenLabel: 'Cuándo',
  whereLabel: 'Dónde',
  addToCalendar: 'Añadir al calendario',
  cancelButton: 'Cancelar mi inscripción',
  cancelConfirm:
    '¿Cancelar su inscripción? Su plaza en el estudio sigue siendo suya mientras elige otra sesión.',
  cancelUntil: 'Puede cancelar hasta el {date}.',
  cancelClosed:
    'El plazo para cancelar terminó el {date}. Si no puede venir, escriba a los investigadores.',
  reserveSeat:
    'Su plaza es de reserva: venga, por favor. Si todos los demás vienen también, volverá a casa y se le pagará por venir.',
  enrollmentCancelled:
    'Esta inscripción está cancelada. Elija otra sesión para conservar su plaza.',
  attendance:
    '{attendance, select, participated {Usted participó.} showed_up_not_needed {Usted vino y no fue necesario: se le paga por venir.} no_show {Se le marcó como ausente.} excused {Se le excusó.} other {}}',
  mustEnroll:
    'Este estudio se realiza en horarios fijos: elija una sesión para conservar su plaza.',
  chooseSession: 'Elegir una sesión',
  alreadyEnrolled:
    'Está inscrito en una sesión. Para cambiar, cancélela primero y luego elija otra.',
  noticeEnrolled:
    'Está inscrito. Le enviamos por correo una confirmación con un archivo de calendario.',
  noticeCancelled: 'Su inscripción está cancelada. Elija otra sesión para conservar su plaza.',
  refusedFull: 'Esa sesión acaba de llenarse. Elija otra, por favor.',
  refusedClosed: 'La inscripción en esa sesión está cerrada. Elija otra, por favor.',
  refusedCancelClosed:
    'El plazo para cancelar terminó el {date}. Si no puede venir, escriba a los investigadores.',
  refusedGeneric:
    'No ha funcionado: puede que las sesiones hayan cambiado mientras tanto. Mírelas de nuevo, por favor.',
  notEnrollable:
    'Solo una plaza que usted tiene puede inscribirse en una sesión: esta ya no le espera.',
  backToWork: 'Volver a este estudio',
};
