import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  pickTitle: 'Choisir une séance',
  pickIntro:
    'Cette étude a lieu à des horaires fixes. Choisissez la séance à laquelle vous viendrez : votre place est réservée dès votre inscription.',
  noSessions:
    'Aucune séance n’a de place libre pour le moment. Revenez plus tard, ou rendez votre place si aucune ne vous convient.',
  yourTime: 'Votre heure : {time}',
  labTime: 'Heure du laboratoire : {time}',
  online: 'En ligne',
  length: 'Durée : {length}',
  seatsLeft: '{count, plural, one {# place libre} other {# places libres}}',
  enrollUntil: 'Inscription jusqu’au {date}',
  enrollButton: 'M’inscrire<hidden> à la séance du {time}</hidden>',
  enrolledHeading: 'Votre séance',
  listSession: 'Votre séance : {time}, {place}',
  whenLabel: 'Quand',
  whereLabel: 'Où',
  addToCalendar: 'Ajouter au calendrier',
  addStudyToCalendar: 'Ajouter au calendrier<hidden> : {title}</hidden>',
  cancelButton: 'Annuler mon inscription',
  cancelConfirm:
    'Annuler votre inscription ? Votre place dans l’étude vous reste le temps de choisir une autre séance.',
  cancelUntil: 'Vous pouvez annuler jusqu’au {date}.',
  cancelClosed:
    'L’annulation était possible jusqu’au {date}. Si vous ne pouvez pas venir, écrivez aux chercheurs.',
  reserveSeat:
    'Votre place est une place de réserve : venez, s’il vous plaît. Si tous les autres viennent aussi, vous repartez et êtes payé pour être venu.',
  enrollmentCancelled:
    'Cette inscription est annulée. Choisissez une autre séance pour garder votre place.',
  attendance:
    '{attendance, select, participated {Vous avez participé.} showed_up_not_needed {Vous êtes venu sans être nécessaire : vous êtes payé pour être venu.} no_show {Vous avez été noté absent.} excused {Vous avez été excusé.} other {Votre présence n’est pas encore notée.}}',
  mustEnroll:
    'Cette étude a lieu à des horaires fixes : choisissez une séance pour garder votre place.',
  enrollBefore: 'Choisissez-en une avant le {date}, sinon votre place ira à quelqu’un d’autre.',
  chooseSession: 'Choisir une séance',
  alreadyEnrolled:
    'Vous êtes inscrit à une séance. Pour changer, annulez-la d’abord, puis choisissez-en une autre.',
  noticeEnrolled:
    'Vous êtes inscrit. Une confirmation avec un fichier de calendrier vous est envoyée par e-mail.',
  noticeCancelled:
    'Votre inscription est annulée. Choisissez une autre séance pour garder votre place.',
  refusedFull: 'Cette séance vient d’être complète. Choisissez-en une autre, s’il vous plaît.',
  refusedClosed:
    'Les inscriptions à cette séance sont closes. Choisissez-en une autre, s’il vous plaît.',
  refusedCancelClosed:
    'L’annulation était possible jusqu’au {date}. Si vous ne pouvez pas venir, écrivez aux chercheurs.',
  refusedGeneric:
    'Cela n’a pas fonctionné : les séances ont peut-être changé entre-temps. Regardez-les à nouveau, s’il vous plaît.',
  notEnrollable:
    'Seule une place que vous détenez peut s’inscrire à une séance : celle-ci ne vous attend plus.',
  backToWork: 'Retour à cette étude',
};
