import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  unsubscribedTitle: 'Désinscription effectuée',
  unsubscribedText:
    'Nous ne vous écrirons plus au sujet des nouvelles études. Vous recevrez toujours les messages concernant votre compte et les études auxquelles vous participez.',
  undoButton: 'Annuler : m’écrire à nouveau au sujet des nouvelles études',
  subscribedTitle: 'Vous recevrez à nouveau les nouvelles études',
  subscribedText:
    '{preference, select, daily {Nous vous enverrons un e-mail par jour avec les nouvelles études qui vous correspondent.} other {Nous vous écrirons pour chaque nouvelle étude qui vous correspond.}}',
  unsubscribeAgainButton: 'Ne plus recevoir les nouvelles études',
  manageInProfile:
    'Choisissez dans votre <link>profil</link> à quelle fréquence nous vous écrivons au sujet des nouvelles études.',
  invalidTitle: 'Lien non valide',
  invalidText:
    'Ce lien de désinscription n’est pas valide. Vérifiez qu’il a été copié en entier, ou choisissez dans votre <link>profil</link> à quelle fréquence nous vous écrivons au sujet des nouvelles études.',
};
