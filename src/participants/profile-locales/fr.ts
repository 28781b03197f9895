import type { Messages } from '../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  nameBlank: 'Veuillez indiquer votre nom.',
  emailInvalid: 'Cette adresse e-mail n’est pas valide.',
  timeZoneUnknown: '« {zone} » n’est pas un fuseau horaire connu.',
  linkedinNotWeb: 'Le lien LinkedIn doit commencer par http:// ou https://.',
  tooYoung: 'Vous devez avoir au moins {age} ans pour participer.',
};
