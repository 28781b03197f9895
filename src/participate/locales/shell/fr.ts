import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Menu principal',
  navStudies: 'Études',
  navWork: 'Mes participations',
  navEarnings: 'Gains',
  navProfile: 'Profil',
  signOut: 'Se déconnecter',
  languageNavigation: 'Langue',
  backToStudies: 'Retour aux études',
  formExpiredTitle: 'Formulaire expiré',
  formExpiredText:
    'Ce formulaire ne provient pas d’une page récente de votre session. Revenez en arrière, rechargez la page et réessayez.',
  formExpiredReopen: 'Rouvrez la page et réessayez.',
  notFoundTitle: 'Page introuvable',
  notFoundStudy: 'Cette étude ou cette page n’existe pas pour vous.',
  notFoundPage: 'Cette page n’existe pas.',
  notFoundFile: 'Ce fichier n’existe pas.',
  previewNotValidTitle: 'Lien d’aperçu non valide',
  previewNotValidText:
    'Ce lien d’aperçu a déjà été utilisé, a expiré ou n’a jamais existé. Demandez un nouvel aperçu au chercheur responsable de l’étude.',
  notPossibleTitle: 'Action impossible',
  notPossibleText:
    'Ce n’est pas possible pour le moment. Rechargez la page pour voir où en sont les choses.',
  failedTitle: 'Une erreur s’est produite',
  failedText: 'Une erreur s’est produite de notre côté (identifiant de la requête : {requestId}).',
  badRequestTitle: 'Requête incorrecte',
  badRequestText: 'La requête n’a pas pu être comprise.',
  frontDoorTitle: 'Études de recherche sur {host}',
  takePartHeading: 'Participer à des études',
  takePartText:
    'Rejoignez le panel, répondez à quelques questions et soyez rémunéré pour des sondages, des entretiens et des tâches qui vous correspondent.',
  joinPanel: 'Rejoindre le panel',
  alreadyParticipant: 'Déjà inscrit ? <link>Connectez-vous</link>.',
  runStudiesHeading: 'Mener des études',
  runStudiesText:
    'Les chercheurs décrivent un public et un questionnaire de sélection, lancent l’étude, examinent le travail et le rémunèrent, ici ou via l’API.',
  researcherSignIn: 'Espace chercheurs',
  apiReference: 'Référence de l’API',
  researcherPagesInEnglish: 'Les pages destinées aux chercheurs sont en anglais.',
};
