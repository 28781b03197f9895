import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK,
  type EntryHeader,
  entryHeader,
  padding,
  parseHeader,
  parsePax,
  safeEntryPath,
} from './tar-format.ts';

/** Reads back what entryHeader wrote: the pax record (if any) applied to the ustar header. */
function readBack(blocks: Buffer): EntryHeader {
  let offset = 0;
  let pax: { path?: string; size?: number } = {};
  for (;;) {
    const raw = parseHeader(blocks.subarray(offset, offset + BLOCK));
    offset += BLOCK;
    if (raw.kind === 'pax') {
      pax = parsePax(blocks.subarray(offset, offset + raw.size));
      offset += raw.size + padding(raw.size).length;
      continue;
    }
    if (raw.kind !== 'entry') throw new Error(`unexpected ${raw.kind}`);
    expect(offset).toBe(blocks.length);
    return { ...raw.header, path: pax.path ?? raw.header.path, size: pax.size ?? raw.header.size };
  }
}

const segment = fc.stringMatching(/^[a-zA-Z0-9_.é-]{1,60}$/).filter((s) => s !== '.' && s !== '..');

describe('tar headers', () => {
  it('read back the path, type, size, time and mode they were written with', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<'file' | 'directory'>('file', 'directory'),
        fc.oneof(fc.nat(10_000), fc.integer({ min: 8 ** 11 - 2, max: 2 ** 40 })),
        fc.nat(2 ** 33 - 1),
        (parts, type, size, mtime) => {
          const entry: EntryHeader = {
            path: parts.join('/'),
            type,
            size: type === 'file' ? size : 0,
            mtime,
            mode: type === 'file' ? 0o644 : 0o755,
          };
          const blocks = entryHeader(entry);
          expect(blocks.length % BLOCK).toBe(0);
          expect(readBack(blocks)).toEqual(entry);
        },
      ),
    );
  });

  it('write short paths as plain ustar, which any tar reads', () => {
    const blocks = entryHeader({
      path: 'uploads/sub_1/1/file_1',
      type: 'file',
      size: 14,
      mtime: 1_700_000_000,
      mode: 0o644,
    });
    expect(blocks.length).toBe(BLOCK);
    expect(blocks.subarray(257, 263).toString()).toBe('ustar\0');
  });

  it('refuse a header whose checksum does not match', () => {
    const blocks = entryHeader({ path: 'a', type: 'file', size: 1, mtime: 0, mode: 0o644 });
    blocks[0] = 'b'.charCodeAt(0);
    expect(() => parseHeader(blocks)).toThrow(/checksum/);
  });

  it('read a zero block as the end', () => {
    expect(parseHeader(Buffer.alloc(BLOCK))).toEqual({ kind: 'end' });
  });
});

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
