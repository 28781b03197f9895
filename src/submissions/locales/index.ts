import { defineCatalog } from '../../platform/i18n/catalog.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

/** A participant's refused application or work, said to the API in English and to them in theirs. */
export const submissionTexts = defineCatalog('submissions.participant', en, { de, fr, es });
