import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEntryPath } from './entry-path.ts';

describe('paths from an archive', () => {
  it('stay inside the folder they are restored into', () => {
    expect(safeEntryPath('uploads/sub_1/1/file_1')).toBe('uploads/sub_1/1/file_1');
    expect(safeEntryPath('./cohort.sqlite')).toBe('cohort.sqlite');
    for (const bad of ['', '/etc/passwd', '../x', 'uploads/../../x', 'a\\b', '.', 'a\0b']) {
      expect(safeEntryPath(bad)).toBeUndefined();
    }
  });

  it('never climb out, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        const safe = safeEntryPath(path);
        if (safe === undefined) return;
        expect(safe.startsWith('/')).toBe(false);
        expect(safe.split('/')).not.toContain('..');
      }),
    );
  });
});
