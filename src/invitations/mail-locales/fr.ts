import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  subject: 'Une étude pour vous : {title}',
  body: `Bonjour {name},

Une étude qui correspond à votre profil recherche des participants :

{title}
Rémunération : {reward} pour environ {minutes, plural, one {# minute} other {# minutes}} ({perHour} de l’heure)

Découvrir l’étude et postuler : {link}

Les places sont limitées et reviennent aux premières candidatures.

Vous recevez ce message parce que vous avez rejoint le panel sur {host} et souhaitez être informé des nouvelles études. Pour ne plus recevoir ces messages : {unsubscribe}`,
  digestSubject:
    '{count, plural, one {Une nouvelle étude pour vous aujourd’hui} other {# nouvelles études pour vous aujourd’hui}}',
  digestIntro: `Bonjour {name},

{count, plural, one {Cette étude qui correspond à votre profil a ouvert aujourd’hui :} other {Ces études qui correspondent à votre profil ont ouvert aujourd’hui :}}`,
  digestItem: `{title}
Rémunération : {reward} pour environ {minutes, plural, one {# minute} other {# minutes}} ({perHour} de l’heure)
{link}`,
  digestFooter: `Vous recevez un message de ce type par jour parce que vous avez rejoint le panel sur {host} et choisi un récapitulatif quotidien. Pour ne plus recevoir ces messages : {unsubscribe}`,
};
