import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The dashboard's static files, read once at start-up. Each is served under a name carrying a hash
 * of its content, so browsers may cache it for a year and still see a new version at once.
 */
const FILES = {
  'dashboard.css': 'text/css; charset=utf-8',
  'dashboard.js': 'text/javascript; charset=utf-8',
} as const;

export type AssetName = keyof typeof FILES;

interface Asset {
  path: string;
  body: Buffer;
  contentType: string;
}

function load(): Map<string, Asset> {
  const byPath = new Map<string, Asset>();
  for (const [name, contentType] of Object.entries(FILES)) {
    const body = fs.readFileSync(new URL(`./assets/${name}`, import.meta.url));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const dot = name.lastIndexOf('.');
    const fileName = `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
    byPath.set(name, { path: `/dashboard/assets/${fileName}`, body, contentType });
  }
  return byPath;
}

const ASSETS = load();
const BY_FILE_NAME = new Map([...ASSETS.values()].map((asset) => [asset.path, asset]));

export function assetPath(name: AssetName): string {
  return ASSETS.get(name)!.path;
}

export function assetAt(path: string): Asset | undefined {
  return BY_FILE_NAME.get(path);
}
