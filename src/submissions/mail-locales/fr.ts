import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  subject: 'Une place vous attend : {title}',
  body: `Bonjour {name},

L’équipe de recherche de « {title} » a retenu votre candidature et vous réserve une place. Commencez dès que vous le souhaitez :

{link}

Vous recevez ce message parce que vous avez postulé à cette étude sur {host}.`,
};
