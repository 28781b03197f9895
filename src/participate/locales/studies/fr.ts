import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  listTitle: 'Études pour vous',
  noStudies:
    'Aucune étude ne recherche de profil comme le vôtre pour le moment. De nouvelles études ouvrent souvent ; un <link>profil</link> plus complet vous en ouvre davantage.',
  moreStudies: 'Plus d’études',
  reward: 'Rémunération',
  about: 'Durée',
  perHour: 'Par heure',
  minutes: '{count, plural, one {# minute} many {# de minutes} other {# minutes}}',
  placesLeft: '{count, plural, one {# place restante} other {# places restantes}}',
  verifyHeading: 'Confirmez votre adresse e-mail pour postuler',
  verifyText:
    'Nous avons envoyé un lien à {email}. Ouvrez-le pour confirmer votre adresse ; en attendant, vous pouvez déjà parcourir les études.',
  sendLinkAgain: 'Renvoyer le lien',
  inTitle: 'Vous êtes retenu·e',
  inText:
    'Vos réponses correspondent à cette étude et une place vous est réservée. Commencez les tâches quand vous êtes prêt·e.',
  waitingTitle: 'En attente de l’équipe de recherche',
  waitingText:
    'L’équipe de recherche choisit les participants parmi les candidatures. Nous vous écrirons si vous êtes invité·e.',
  notThisTimeTitle: 'Pas cette fois',
  notThisTimeText:
    'Cette étude recherche des personnes au profil différent et ne peut donc pas vous retenir. Merci pour votre temps : d’autres études vous correspondront peut-être mieux.',
  appliedTitle: 'Candidature envoyée',
  appliedText:
    'Votre candidature est enregistrée ; la page « Mes participations » indique où elle en est.',
  goToTasks: 'Aller aux tâches',
  questionsFirst: 'D’abord quelques questions',
  applyHeading: 'Postuler',
  applyButton: 'Postuler',
  confirmEmailFirst:
    'Confirmez d’abord votre adresse e-mail : le lien se trouve dans votre boîte de réception.',
  noScreener:
    'Cette étude n’a pas de questionnaire de sélection : postuler vous donne une place s’il en reste une.',
  whatYouWillDo: 'Ce que vous ferez',
  noticeConfirmFirst:
    'Confirmez d’abord votre adresse e-mail : ouvrez le lien que nous vous avons envoyé.',
  noticePassed: 'Vous avez réussi le questionnaire de sélection.',
  tellUsMore: 'Dites-nous en plus (pour « {answers} »)',
  yourAnswer: 'Votre réponse',
  chooseAll: 'Cochez toutes les réponses qui s’appliquent.',
  yes: 'Oui',
  no: 'Non',
};
