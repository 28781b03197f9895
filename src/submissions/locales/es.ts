import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  alreadyApplied: 'Ya te has apuntado a este estudio.',
  notRecruiting: 'Este estudio ya no busca participantes.',
  doesNotFitScreener: 'Tus respuestas no encajan con el cuestionario de este estudio.',
  timeLimitPassed: 'Se ha acabado el tiempo para esta participación.',
  cannotStart:
    '{status, select, in_progress {Ya has empezado esta participación.} other {Esta participación ya no se puede empezar (estado: {status}).}}',
  submitOnlyInProgress:
    '{status, select, screen_passed {Primero empieza la participación.} awaiting_review {Ya entregaste tu trabajo y se está revisando.} other {Solo puedes entregar tareas durante la participación (estado: {status}).}}',
  taskNotAvailable:
    '{status, select, submitted {Ya entregaste esta tarea.} locked {Esta tarea aún no está disponible.} other {Esta tarea no se puede entregar (estado: {status}).}}',
  cannotReturn:
    '{status, select, awaiting_review {Ya entregaste tu trabajo, así que no puedes dejar tu plaza.} other {Ya no puedes dejar esta plaza (estado: {status}).}}',
  taskAlreadySubmitted: 'La tarea {sequence} ya está entregada.',
  uploadInvalid: 'La subida no es válida.',
  filesDoNotFit: 'Los archivos subidos no encajan con la tarea.',
  tooFewFiles: 'Hacen falta al menos {min} archivo(s); has enviado {count}.',
  tooManyFiles: 'Se permiten como máximo {max} archivo(s); has enviado {count}.',
  tooManyFilesForTask: 'Esta tarea admite como máximo {max} archivo(s).',
  notesTooLong: 'Las notas pueden tener como máximo 10.000 caracteres.',
  namedFileWrongType: 'El archivo «{name}» es de tipo {type}, que esta tarea no admite.',
  numberedFileWrongType: 'El archivo {number} es de tipo {type}, que esta tarea no admite.',
  namedFileTooLarge: 'El archivo «{name}» ocupa {size} bytes y el límite es {limit}.',
  numberedFileTooLarge: 'El archivo {number} ocupa {size} bytes y el límite es {limit}.',
  namedFileEmpty: 'El archivo «{name}» está vacío.',
  numberedFileEmpty: 'El archivo {number} está vacío.',
  codeMatchesNothing: 'Ese código de finalización no coincide con ninguna tarea de tus estudios.',
  codeMatchesSeveral:
    'Ese código de finalización coincide con tareas de varios de tus estudios; entrega la tarea desde su página.',
  codeTaskTakesFiles:
    'La tarea {sequence} de «{title}» pide archivos: súbelos en la página de la tarea, un código de finalización no basta.',
  codeAlreadyHandedIn: 'La tarea {sequence} de «{title}» ya está entregada.',
};
