import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

type Source = string | URL;

export interface StaticAsset {
  /** The URL path it is served at: its name with a hash of its content. */
  path: string;
  body: Buffer;
  contentType: string;
  /** Gzipped once, on the first request that accepts it. */
  gzipped(): Buffer;
}

export interface StaticAssets<Name extends string> {
  pathOf(name: Name): string;
  at(urlPath: string): StaticAsset | undefined;
}

/**
 * Static files served under `prefix`, each under a name carrying a hash of its content, so browsers
 * may cache it for a year and still see a new version at once. Read on first use rather than at
 * import: every `cohort` command imports the app, and only a server asked for a page needs them.
 */
export function staticAssets<Name extends string>(
  prefix: string,
  sources: Readonly<Record<Name, Source | readonly Source[]>>,
): StaticAssets<Name> {
  let loaded: { byName: Map<Name, StaticAsset>; byPath: Map<string, StaticAsset> } | undefined;
  const load = () => {
    if (loaded) return loaded;
    const byName = new Map<Name, StaticAsset>();
    for (const [name, source] of Object.entries(sources) as [Name, Source | Source[]][]) {
      // Several files make one asset, joined in order: a shared base, then the app's own part.
      const body = Buffer.concat(
        (Array.isArray(source) ? source : [source]).flatMap((file) => [
          fs.readFileSync(file),
          Buffer.from('\n'),
        ]),
      );
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
      const extension = path.extname(name);
      const contentType = CONTENT_TYPES[extension];
      if (!contentType) throw new Error(`no content type for static asset ${name}`);
      let gzip: Buffer | undefined;
      byName.set(name, {
        path: `${prefix}${path.basename(name, extension)}.${hash}${extension}`,
        body,
        contentType,
        gzipped: () => {
          gzip ??= gzipSync(body, { level: 9 });
          return gzip;
        },
      });
    }
    loaded = { byName, byPath: new Map([...byName.values()].map((asset) => [asset.path, asset])) };
    return loaded;
  };
  return {
    pathOf: (name) => load().byName.get(name)!.path,
    at: (urlPath) => load().byPath.get(urlPath),
  };
}
