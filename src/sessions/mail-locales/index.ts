import { defineCatalog } from '../../platform/i18n/catalog.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

export const sessionMailTexts = defineCatalog('sessions.mail', en, { de, fr, es });
