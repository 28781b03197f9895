import { staticAssets } from '../platform/http/static-assets.ts';
import { BASE_CSS, FORMS_JS } from '../platform/web/assets.ts';

/** The dashboard's static files: the shared base (src/platform/web/assets/), then its own. */
const SOURCES = {
  'dashboard.css': [
    BASE_CSS,
    new URL('./assets/dashboard.css', import.meta.url),
    new URL('./assets/sessions.css', import.meta.url),
    new URL('./assets/builder.css', import.meta.url),
    new URL('./assets/review.css', import.meta.url),
    new URL('./assets/screener.css', import.meta.url),
    new URL('./assets/dark.css', import.meta.url),
  ],
  'dashboard.js': [
    FORMS_JS,
    new URL('./assets/dashboard.js', import.meta.url),
    new URL('./assets/sessions.js', import.meta.url),
    new URL('./assets/screener.js', import.meta.url),
    new URL('./assets/builder.js', import.meta.url),
    new URL('./assets/review.js', import.meta.url),
  ],
};

export type AssetName = keyof typeof SOURCES;

const ASSETS = staticAssets<AssetName>('/dashboard/assets/', SOURCES);

export const assetPath = (name: AssetName): string => ASSETS.pathOf(name);
export const assetAt = (urlPath: string) => ASSETS.at(urlPath);
