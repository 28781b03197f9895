import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  unsubscribedTitle: 'Sie sind abgemeldet',
  unsubscribedText:
    'Wir schreiben Ihnen keine E-Mails mehr über neue Studien. Nachrichten zu Ihrem Konto und zu den Studien, an denen Sie teilnehmen, erhalten Sie weiterhin.',
  undoButton: 'Rückgängig machen: wieder über neue Studien informieren',
  subscribedTitle: 'Sie hören wieder von neuen Studien',
  subscribedText:
    '{preference, select, daily {Wir schicken Ihnen einmal am Tag eine E-Mail mit den neuen Studien, die zu Ihnen passen.} other {Wir schreiben Ihnen zu jeder neuen Studie, die zu Ihnen passt.}}',
  unsubscribeAgainButton: 'Von neuen Studien abmelden',
  manageInProfile:
    'Wie oft wir Ihnen über neue Studien schreiben, legen Sie in Ihrem <link>Profil</link> fest.',
  invalidTitle: 'Link ungültig',
  invalidText:
    'Dieser Abmeldelink ist ungültig. Prüfen Sie, ob er vollständig kopiert wurde, oder legen Sie in Ihrem <link>Profil</link> fest, wie oft wir Ihnen über neue Studien schreiben.',
};
