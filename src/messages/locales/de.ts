import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  subject: 'Neue Nachricht zu „{title}“',
  body: `Hallo {name},

die Forschenden der Studie „{title}“ haben Ihnen geschrieben:

{message}

Lesen und antworten: {link}

Sie erhalten diese E-Mail, weil Sie auf {host} an dieser Studie teilgenommen haben.`,
  yourStudy: 'Ihre Studie',
};
