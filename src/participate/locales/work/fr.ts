import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  listTitle: 'Mes participations',
  status:
    '{status, select, screen_passed {Prête à commencer} in_progress {En cours} awaiting_review {Rendue, en attente de vérification} approved {Acceptée et payée} rejected {Non acceptée} abandoned {Place libérée} screened_out {Non retenue} awaiting_decision {En attente de l’équipe de recherche} other {{status}}}',
  taskStatus:
    '{status, select, available {à faire} locked {verrouillée} submitted {rendue} approved {acceptée} rejected {non acceptée} other {{status}}}',
  appliedOn: 'Candidature du {date}',
  older: 'Plus anciennes',
  noWork:
    'Vous n’avez encore postulé à aucune étude. <link>Voir les études qui vous sont ouvertes</link>.',
  abandonedReturned: 'Vous avez libéré cette place.',
  abandonedTimedOut:
    'Le temps imparti pour ce travail est écoulé : la place a été remise à disposition.',
  abandonedWithdrawn: 'L’étude s’est terminée avant que le travail soit fait.',
  reward: 'Rémunération : {amount}',
  rewardPaid: 'Rémunération : {amount} · versé : {paid}',
  researcherReason: 'Motif indiqué par l’équipe de recherche : {reason}',
  handInBefore: 'À rendre avant le {date} : passé ce délai, la place est remise à disposition.',
  returnRequested:
    'L’équipe de recherche vous demande de libérer cette place : « {reason} » Cela ne vous coûte rien.',
  returnRequestedNoReason:
    'L’équipe de recherche vous demande de libérer cette place. Cela ne vous coûte rien.',
  start: 'Commencer',
  tasksHeading: 'Tâches',
  returnConfirm:
    'Libérer votre place dans cette étude ? Quelqu’un d’autre pourra la prendre et vous ne pourrez pas revenir.',
  returnButton: 'Libérer ma place',
  handedInAt: 'Rendue le {date}.',
  opensAt: 'Disponible le {date}.',
  opensAfterPrevious: 'Disponible une fois la tâche précédente rendue.',
  files: 'Fichiers',
  filesUpTo: 'Fichiers ({count} au maximum)',
  maxFileSize: '{size} au maximum par fichier.',
  notesOptional: 'Remarques (facultatif)',
  uploadAndHandIn: 'Envoyer et rendre',
  openTask: 'Ouvrir la tâche<hidden> {title} (s’ouvre dans un nouvel onglet)</hidden>',
  taskReturnsHere:
    'Une fois terminée, la tâche vous ramène ici et elle est rendue. Si elle vous donne plutôt un code de fin, saisissez-le ci-dessous.',
  completionCode: 'Code de fin',
  handIn: 'Rendre',
  notesForResearcher: 'Remarques pour l’équipe de recherche (facultatif)',
  markDone: 'Marquer comme terminée',
  timeWorked: 'Temps de travail',
  timeHint:
    'Cette étude est payée à l’heure. Indiquez chaque période de travail dans votre fuseau horaire ({zone}).',
  started: 'Début',
  ended: 'Fin',
  logTime: 'Enregistrer le temps',
  noticeStarted: 'C’est parti. Vos tâches sont ci-dessous.',
  noticeReturned: 'Vous avez libéré votre place ; merci de nous l’avoir fait savoir.',
  noticeHandedIn: 'Rendue.',
  noticeTimeLogged: 'Temps enregistré.',
  noticeUploaded: 'Fichiers envoyés, tâche rendue.',
  noticeCodeAccepted: 'Merci : la tâche est rendue.',
  codeNotAcceptedTitle: 'Code de fin refusé',
  codeNothingChanged:
    'Rien n’a été modifié. Vérifiez le code, ou ouvrez <link>vos participations</link> pour y rendre la tâche.',
};
