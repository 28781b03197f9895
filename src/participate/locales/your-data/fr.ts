import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  heading: 'Vos données',
  holds:
    'Tout ce que Cohort conserve sur vous (profil, candidatures et réponses, travaux, messages, paiements, fichiers envoyés) réuni dans un seul fichier.',
  download: 'Télécharger vos données (JSON)',
  deleteLink: 'Supprimer mon compte',
  deleteTitle: 'Supprimer mon compte',
  deletedHeading: 'Ce qui est supprimé',
  deletedProfile:
    'Votre nom, votre adresse e-mail, votre date de naissance, votre lieu de résidence et toutes les réponses de votre profil.',
  deletedWriting:
    'Ce que vous avez écrit : vos réponses rédigées aux questionnaires de sélection, vos notes sur vos travaux, vos messages.',
  deletedFiles: 'Tous les fichiers que vous avez envoyés.',
  deletedAccess:
    'Votre mot de passe, vos connexions et votre jeton d’API : vous êtes déconnecté(e) partout.',
  deletedPlaces:
    'Vos places dans les études reviennent aux chercheurs. Les travaux en attente de validation leur restent, sans votre nom.',
  keptHeading: 'Ce qui est conservé',
  keptPayments:
    'Les paiements et le statut de chaque candidature sont conservés, sous un numéro aléatoire à la place de votre nom, pour que les comptes des chercheurs restent justes. Personne ne peut savoir à partir d’eux qui vous êtes.',
  keptDownload:
    '<download>Téléchargez vos données</download> avant si vous souhaitez en garder une copie : elles ne pourront plus être récupérées ensuite.',
  password: 'Votre mot de passe',
  passwordHint: 'Pour être sûrs que c’est bien vous.',
  deleteButton: 'Supprimer mon compte',
  keep: 'Garder mon compte',
  passwordNeeded: 'Votre mot de passe est nécessaire pour supprimer le compte.',
  passwordWrong: 'Le mot de passe est incorrect.',
  goneTitle: 'Votre compte est supprimé',
  goneText:
    'Vos données personnelles sont effacées et vous êtes déconnecté(e). Merci d’avoir participé.',
  frontPage: 'Retour à l’accueil',
};
