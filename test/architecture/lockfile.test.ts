import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The committed package-lock.json is one every npm a newcomer may have (npm 10 with Node 22, the
 * npm 11 releases Node 24 ships) leaves as it is on `npm install`, and from which `npm ci` installs
 * on every platform (docs/decisions/0118-lock-file-without-libc-fields.md: how the lock is
 * made).
 */
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, Record<string, unknown>>;
};
const entries = Object.entries(lock.packages).filter(([key]) => key !== '');

describe('package-lock.json', () => {
  it('holds no field an older npm strips on install, nor registry URLs', () => {
    expect(lock.lockfileVersion).toBe(3);
    // Recent npm 11 releases (11.19 here) write `libc` on musl/glibc builds; npm 10 and 11.6
    // remove it again, so a lock with it changes under their `npm install`.
    expect(entries.filter(([, entry]) => 'libc' in entry).map(([key]) => key)).toEqual([]);
    // Written without `resolved` (omit-lockfile-registry-resolved), so mirrors work as well.
    const resolved = entries.filter(
      ([, entry]) => typeof entry.resolved === 'string' && /^https?:/.test(entry.resolved),
    );
    expect(resolved.map(([key]) => key)).toEqual([]);
  });

  it('holds every optional package of every platform its packages name', () => {
    const missing: string[] = [];
    let optional = 0;
    for (const [key, entry] of entries) {
      const wanted = Object.keys((entry.optionalDependencies as Record<string, string>) ?? {});
      for (const name of wanted) {
        optional += 1;
        // Node's lookup: beside the package's own folder, then up to the root.
        const candidates = [`${key}/node_modules/${name}`, `node_modules/${name}`];
        if (!candidates.some((candidate) => candidate in lock.packages)) {
          missing.push(`${key} -> ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // Biome and rolldown alone have a binary package per platform.
    expect(optional).toBeGreaterThan(20);
    for (const platform of ['darwin-arm64', 'darwin-x64', 'linux-x64', 'win32-x64']) {
      expect(`node_modules/@biomejs/cli-${platform}` in lock.packages, platform).toBe(true);
    }
  });
});
