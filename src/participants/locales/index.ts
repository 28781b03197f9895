import { defineCatalog } from '../../platform/i18n/catalog.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

/** The account mails and the sign-up's and password reset's problems (src/participants/web-accounts.ts). */
export const accountTexts = defineCatalog('participants.accounts', en, { de, fr, es });
