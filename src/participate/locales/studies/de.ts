import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  listTitle: 'Studien für Sie',
  noStudies:
    'Im Moment sucht keine Studie jemanden wie Sie. Es kommen oft neue Studien hinzu; mit einem vollständigeren <link>Profil</link> passen Sie zu mehr davon.',
  moreStudies: 'Weitere Studien',
  reward: 'Vergütung',
  about: 'Dauer etwa',
  perHour: 'Pro Stunde',
  minutes: '{count, plural, one {# Minute} other {# Minuten}}',
  placesLeft: '{count, plural, one {Noch # Platz frei} other {Noch # Plätze frei}}',
  verifyHeading: 'Bestätigen Sie Ihre E-Mail-Adresse, um sich zu bewerben',
  verifyText:
    'Wir haben einen Link an {email} geschickt. Öffnen Sie ihn, um Ihre Adresse zu bestätigen; die Studien können Sie sich schon jetzt ansehen.',
  sendLinkAgain: 'Link erneut senden',
  inTitle: 'Sie sind dabei',
  inText:
    'Ihre Antworten passen zu dieser Studie, und ein Platz ist für Sie reserviert. Beginnen Sie mit den Aufgaben, sobald Sie bereit sind.',
  waitingTitle: 'Die Studienleitung entscheidet',
  waitingText:
    'Die Studienleitung wählt die Teilnehmenden aus den Bewerbungen aus. Wenn Sie eingeladen werden, erhalten Sie eine E-Mail.',
  notThisTimeTitle: 'Diesmal leider nicht',
  notThisTimeText:
    'Diese Studie sucht Menschen mit einem anderen Profil und kann Sie daher nicht aufnehmen. Danke für Ihre Zeit – andere Studien passen vielleicht besser zu Ihnen.',
  appliedTitle: 'Sie haben sich beworben',
  appliedText:
    'Ihre Bewerbung ist eingegangen; auf der Seite „Meine Teilnahmen“ sehen Sie, wie es darum steht.',
  goToTasks: 'Zu den Aufgaben',
  questionsFirst: 'Zuerst ein paar Fragen',
  applyHeading: 'Bewerben',
  applyButton: 'Bewerben',
  confirmEmailFirst:
    'Bestätigen Sie zuerst Ihre E-Mail-Adresse: Den Link finden Sie in Ihrem Posteingang.',
  noScreener:
    'Diese Studie stellt keine Vorabfragen: Mit der Bewerbung erhalten Sie einen Platz, sofern noch einer frei ist.',
  whatYouWillDo: 'Das erwartet Sie',
  noticeConfirmFirst:
    'Bestätigen Sie zuerst Ihre E-Mail-Adresse: Öffnen Sie den Link, den wir Ihnen geschickt haben.',
  noticePassed: 'Sie haben die Vorabfragen bestanden.',
  tellUsMore: 'Erzählen Sie uns mehr (zu „{answers}“)',
  yourAnswer: 'Ihre Antwort',
  chooseAll: 'Wählen Sie alles Zutreffende aus.',
  yes: 'Ja',
  no: 'Nein',
};
