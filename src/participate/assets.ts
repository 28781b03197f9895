import { staticAssets } from '../platform/http/static-assets.ts';

/** The participant app's static files (src/participate/assets/). */
const SOURCES = {
  'participate.css': new URL('./assets/participate.css', import.meta.url),
  'participate.js': new URL('./assets/participate.js', import.meta.url),
};

export type AssetName = keyof typeof SOURCES;

const ASSETS = staticAssets<AssetName>('/participate/assets/', SOURCES);

export const assetPath = (name: AssetName): string => ASSETS.pathOf(name);
export const assetAt = (urlPath: string) => ASSETS.at(urlPath);
