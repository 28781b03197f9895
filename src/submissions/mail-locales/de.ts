import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  subject: 'Sie sind dabei: {title}',
  body: `Hallo {name},

die Forschenden der Studie „{title}“ haben Sie ausgewählt, und ein Platz ist für Sie reserviert. Legen Sie los, sobald Sie bereit sind:

{link}

Sie erhalten diese E-Mail, weil Sie sich auf {host} für diese Studie beworben haben.`,
};
