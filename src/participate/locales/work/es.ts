import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  listTitle: 'Mis participaciones',
  status:
    '{status, select, screen_passed {Lista para empezar} in_progress {En curso} awaiting_review {Entregada, pendiente de revisión} approved {Aprobada y pagada} rejected {No aprobada} abandoned {Plaza devuelta} screened_out {No seleccionada} awaiting_decision {A la espera del equipo investigador} other {{status}}}',
  taskStatus:
    '{status, select, available {pendiente} locked {bloqueada} submitted {hecha} approved {aprobada} rejected {no aprobada} other {{status}}}',
  appliedOn: 'Te apuntaste el {date}',
  older: 'Anteriores',
  noWork:
    'Aún no te has apuntado a ningún estudio. <link>Mira los estudios abiertos para ti</link>.',
  abandonedReturned: 'Devolviste esta plaza.',
  abandonedTimedOut:
    'Se acabó el tiempo para este trabajo, así que la plaza volvió a quedar libre.',
  abandonedWithdrawn: 'El estudio se cerró antes de que terminaras el trabajo.',
  reward: 'Pago: {amount}',
  rewardPaid: 'Pago: {amount} · cobrado: {paid}',
  researcherReason: 'Motivo del equipo investigador: {reason}',
  handInBefore: 'Entrégalo antes del {date}: después, la plaza vuelve a quedar libre.',
  returnRequested:
    'El equipo investigador te pide que devuelvas esta plaza: «{reason}» Devolverla no te cuesta nada.',
  returnRequestedNoReason:
    'El equipo investigador te pide que devuelvas esta plaza. Devolverla no te cuesta nada.',
  start: 'Empezar',
  tasksHeading: 'Tareas',
  returnConfirm:
    '¿Devolver tu plaza en este estudio? Otra persona podrá ocuparla y tú no podrás volver.',
  returnButton: 'Devolver mi plaza',
  handedInAt: 'Entregada el {date}.',
  opensAt: 'Disponible el {date}.',
  opensAfterPrevious: 'Disponible cuando entregues la tarea anterior.',
  files: 'Archivos',
  filesUpTo: 'Archivos (hasta {count})',
  maxFileSize: 'Como máximo {size} por archivo.',
  notesOptional: 'Notas (opcional)',
  uploadAndHandIn: 'Subir y entregar',
  openTask: 'Abrir la tarea<hidden> {title} (se abre en una pestaña nueva)</hidden>',
  taskReturnsHere:
    'Cuando termines, la tarea te traerá de vuelta aquí y quedará entregada. Si en su lugar te da un código de finalización, escríbelo abajo.',
  completionCode: 'Código de finalización',
  handIn: 'Entregar',
  notesForResearcher: 'Notas para el equipo investigador (opcional)',
  markDone: 'Marcar como hecha',
  timeWorked: 'Tiempo trabajado',
  timeHint: 'Este estudio paga por horas. Apunta cada rato de trabajo en tu zona horaria ({zone}).',
  started: 'Inicio',
  ended: 'Fin',
  logTime: 'Guardar el tiempo',
  noticeStarted: '¡Empezamos! Tienes tus tareas abajo.',
  noticeReturned: 'Has devuelto tu plaza; gracias por avisar.',
  noticeHandedIn: 'Entregada.',
  noticeTimeLogged: 'Tiempo guardado.',
  noticeUploaded: 'Subida y entregada.',
  noticeCodeAccepted: 'Gracias: la tarea está entregada.',
  codeNotAcceptedTitle: 'Código de finalización no aceptado',
  codeNothingChanged:
    'No se ha cambiado nada. Revisa el código o abre <link>tus participaciones</link> para entregar la tarea allí.',
};
