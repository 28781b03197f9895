import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  subject: 'Nouveau message concernant « {title} »',
  body: `Bonjour {name},

L’équipe de recherche de « {title} » vous a écrit :

{message}

Lire et répondre : {link}

Vous recevez ce message parce que vous avez participé à cette étude sur {host}.`,
  yourStudy: 'votre étude',
};
