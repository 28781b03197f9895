import { staticAssets } from '../platform/http/static-assets.ts';

/** The dashboard's static files (src/dashboard/assets/). */
const SOURCES = {
  'dashboard.css': new URL('./assets/dashboard.css', import.meta.url),
  'dashboard.js': new URL('./assets/dashboard.js', import.meta.url),
};

export type AssetName = keyof typeof SOURCES;

const ASSETS = staticAssets<AssetName>('/dashboard/assets/', SOURCES);

export const assetPath = (name: AssetName): string => ASSETS.pathOf(name);
export const assetAt = (urlPath: string) => ASSETS.at(urlPath);
