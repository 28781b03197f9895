import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BackupRefused, DATABASE_FILE, manifestMismatches, parseManifest } from './manifest.ts';

const file = (path: string, sha256 = 'a', size = 1) => ({ path, size, sha256 });

describe('checking an unpacked backup against its manifest', () => {
  it('finds nothing wrong when every listed file arrived as listed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z/]{1,12}$/)), (paths) => {
        const files = [
          file(DATABASE_FILE),
          ...paths.filter((p) => p !== DATABASE_FILE).map((p) => file(p)),
        ];
        expect(manifestMismatches(files, [...files].reverse())).toEqual([]);
      }),
    );
  });

  it('names missing, extra and changed files, and a backup without a database', () => {
    expect(
      manifestMismatches(
        [file('uploads/a'), file('uploads/b', 'x')],
        [file('uploads/b', 'y'), file('uploads/c')],
      ),
    ).toEqual([
      'uploads/a: listed but not in the archive',
      'uploads/b: its content differs from the one listed',
      'uploads/c: in the archive but not listed',
      `${DATABASE_FILE}: the backup holds no database`,
    ]);
  });
});

describe('reading a manifest', () => {
  it('refuses what is not a Cohort backup', () => {
    expect(() => parseManifest('not json')).toThrow(BackupRefused);
    expect(() => parseManifest('{"format": "other", "version": 1, "files": []}')).toThrow(
      /does not describe a Cohort backup/,
    );
    const manifest = {
      format: 'cohort-backup',
      version: 1,
      created_at: 'x',
      migrations: [],
      files: [],
    };
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
  });
});
