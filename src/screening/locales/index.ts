import { defineCatalog } from '../../platform/i18n/catalog.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

/** Problems with an application's answers, said to the API in English and to a participant in theirs. */
export const screeningTexts = defineCatalog('screening.answers', en, { de, fr, es });
