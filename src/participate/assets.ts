import { staticAssets } from '../platform/http/static-assets.ts';
import { BASE_CSS, FORMS_JS } from '../platform/web/assets.ts';

/** The participant app's static files: the shared base (src/platform/web/assets/), then its own. */
const SOURCES = {
  'participate.css': [
    BASE_CSS,
    new URL('./assets/participate.css', import.meta.url),
    new URL('./assets/sessions.css', import.meta.url),
  ],
  'participate.js': [FORMS_JS, new URL('./assets/participate.js', import.meta.url)],
};

export type AssetName = keyof typeof SOURCES;

const ASSETS = staticAssets<AssetName>('/participate/assets/', SOURCES);

export const assetPath = (name: AssetName): string => ASSETS.pathOf(name);
export const assetAt = (urlPath: string) => ASSETS.at(urlPath);
