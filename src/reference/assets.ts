import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The reference page's static files: Swagger UI's browser bundle and stylesheet, served from the
 * installed swagger-ui-dist package (never a CDN, so the page works offline), and the page's own
 * script and stylesheet. Each is served under a name carrying a hash of its content, so browsers
 * cache it for a year and still see a new version at once.
 */
const SWAGGER_UI = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

const SOURCES = {
  'swagger-ui-bundle.js': path.join(SWAGGER_UI, 'swagger-ui-bundle.js'),
  'swagger-ui.css': path.join(SWAGGER_UI, 'swagger-ui.css'),
  'favicon-32x32.png': path.join(SWAGGER_UI, 'favicon-32x32.png'),
  'reference.js': new URL('./assets/reference.js', import.meta.url),
  'reference.css': new URL('./assets/reference.css', import.meta.url),
} as const;

export type AssetName = keyof typeof SOURCES;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

export interface Asset {
  path: string;
  body: Buffer;
  contentType: string;
  /** Gzipped once, on the first request that accepts it (the bundle is 1.7 MB, 0.5 MB gzipped). */
  gzipped(): Buffer;
}

export const ASSET_PREFIX = '/docs/assets/';

let loaded: { byName: Map<AssetName, Asset>; byPath: Map<string, Asset> } | undefined;

/**
 * Read on first use rather than at import: every `cohort` command imports the app, and only a
 * server that is asked for the page needs 2 MB of browser code in memory.
 */
function assets() {
  if (loaded) return loaded;
  const byName = new Map<AssetName, Asset>();
  for (const [name, source] of Object.entries(SOURCES) as [AssetName, string | URL][]) {
    const body = fs.readFileSync(source);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const extension = path.extname(name);
    let gzip: Buffer | undefined;
    byName.set(name, {
      path: `${ASSET_PREFIX}${path.basename(name, extension)}.${hash}${extension}`,
      body,
      contentType: CONTENT_TYPES[extension]!,
      gzipped: () => {
        gzip ??= gzipSync(body, { level: 9 });
        return gzip;
      },
    });
  }
  loaded = { byName, byPath: new Map([...byName.values()].map((asset) => [asset.path, asset])) };
  return loaded;
}

export function assetPath(name: AssetName): string {
  return assets().byName.get(name)!.path;
}

export function assetAt(urlPath: string): Asset | undefined {
  return assets().byPath.get(urlPath);
}
