/**
 * Builds the packed city catalog file (city-pack-file.ts): run by the server in a child process
 * on first use, or by hand after an install: `node src/filters/build-city-pack.ts`.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cityPackFolders, cityPackName } from './city-pack-file.ts';
import { readCities, readStates } from './load-geography.ts';
import { packCities } from './pack-cities.ts';

/** Writes the pack into the first folder that takes it; the path written. */
export function writeCityPack(): string {
  const states = readStates();
  const packed = packCities(readCities(new Set(states.map((state) => state.id))), states);
  const problems: string[] = [];
  for (const folder of cityPackFolders()) {
    const file = path.join(folder, cityPackName());
    // Written under a unique name and renamed, so a reader never sees half a file and two
    // processes building at once both succeed.
    const partial = `${file}.${process.pid}.partial`;
    try {
      mkdirSync(folder, { recursive: true });
      writeFileSync(partial, packed);
      renameSync(partial, file);
      return file;
    } catch (error) {
      problems.push(`${folder}: ${(error as Error).message}`);
    }
  }
  throw new Error(`no folder takes the city pack:\n${problems.join('\n')}`);
}

if (import.meta.main) {
  const start = performance.now();
  const file = writeCityPack();
  process.stderr.write(
    `city catalog packed into ${file} in ${Math.round(performance.now() - start)} ms\n`,
  );
}
