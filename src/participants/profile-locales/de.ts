import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  nameBlank: 'Bitte geben Sie Ihren Namen ein.',
  emailInvalid: 'Das ist keine gültige E-Mail-Adresse.',
  timeZoneUnknown: '„{zone}“ ist keine bekannte Zeitzone.',
  linkedinNotWeb: 'Der LinkedIn-Link muss mit http:// oder https:// beginnen.',
  tooYoung: 'Sie müssen mindestens {age} Jahre alt sein, um teilzunehmen.',
};
