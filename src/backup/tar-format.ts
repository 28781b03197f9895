/**
 * The few pieces of the POSIX tar format (ustar, with pax `x` records for long paths and big files)
 * that a Cohort backup needs: regular files and folders, written and read back in 512-byte blocks.
 * `tar -tzf backup.tar.gz` lists a backup with no Cohort at hand (docs/decisions.md, "Backups,
 * upgrades and restarts"). Pure: buffers in, buffers out.
 */

export const BLOCK = 512;

export type EntryType = 'file' | 'directory';

export interface EntryHeader {
  /** Relative, with `/` separators; a folder's path ends without a slash. */
  path: string;
  type: EntryType;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
  mode: number;
}

const NAME_LENGTH = 100;
const PREFIX_LENGTH = 155;
/** The largest size the 11 octal digits of a ustar header hold (8 GiB - 1). */
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

function writeString(block: Buffer, offset: number, length: number, value: string) {
  block.write(value, offset, length, 'utf8');
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** Splits a path into ustar's prefix and name fields, or undefined when it does not fit them. */
function splitPath(path: string): { prefix: string; name: string } | undefined {
  if (Buffer.byteLength(path) <= NAME_LENGTH) return { prefix: '', name: path };
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= PREFIX_LENGTH && Buffer.byteLength(name) <= NAME_LENGTH) {
      return { prefix, name };
    }
  }
  return undefined;
}

function headerBlock(
  fields: { name: string; prefix: string; size: number; mtime: number; mode: number },
  typeflag: string,
): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, NAME_LENGTH, fields.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0); // uid
  writeOctal(block, 116, 8, 0); // gid
  writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, fields.mtime);
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  writeString(block, 156, 1, typeflag);
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, PREFIX_LENGTH, fields.prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** One pax record: `<length> <key>=<value>\n`, the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) {
    length = String(length).length + Buffer.byteLength(body);
  }
  return `${length}${body}`;
}

/** The blocks that precede an entry's content: a pax record first when ustar cannot say it all. */
export function entryHeader(entry: EntryHeader): Buffer {
  const split = splitPath(entry.path);
  const records: string[] = [];
  if (!split) records.push(paxRecord('path', entry.path));
  if (entry.size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(entry.size)));
  const ustar = headerBlock(
    {
      name: split?.name ?? entry.path.slice(-NAME_LENGTH).replace(/^[^/]*\//, ''),
      prefix: split?.prefix ?? '',
      size: entry.type === 'file' && entry.size <= MAX_OCTAL_SIZE ? entry.size : 0,
      mtime: entry.mtime,
      mode: entry.mode,
    },
    entry.type === 'file' ? '0' : '5',
  );
  if (records.length === 0) return ustar;
  const pax = Buffer.from(records.join(''));
  const paxHeader = headerBlock(
    { name: 'PaxHeader', prefix: '', size: pax.length, mtime: entry.mtime, mode: 0o644 },
    'x',
  );
  return Buffer.concat([paxHeader, pax, padding(pax.length), ustar]);
}

/** Zeros that bring content of this size to a whole number of blocks. */
export function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end an archive. */
export function endOfArchive(): Buffer {
  return Buffer.alloc(2 * BLOCK);
}

export type RawHeader =
  | { kind: 'end' }
  | { kind: 'pax'; size: number }
  | { kind: 'entry'; header: EntryHeader }
  | { kind: 'unsupported'; typeflag: string; path: string };

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error(`not a tar header: bad number "${text}"`);
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** Reads one 512-byte header block, checking its checksum. */
export function parseHeader(block: Buffer): RawHeader {
  if (block.length !== BLOCK) throw new Error('a tar header is 512 bytes');
  if (block.every((byte) => byte === 0)) return { kind: 'end' };
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (readOctal(block, 148, 8) !== sum) throw new Error('not a tar archive: header checksum');
  const typeflag = readString(block, 156, 1) || '0';
  const size = readOctal(block, 124, 12);
  const name = readString(block, 0, NAME_LENGTH);
  const prefix = readString(block, 345, PREFIX_LENGTH);
  const path = (prefix ? `${prefix}/${name}` : name).replace(/\/+$/, '');
  if (typeflag === 'x') return { kind: 'pax', size };
  if (typeflag !== '0' && typeflag !== '5') return { kind: 'unsupported', typeflag, path };
  return {
    kind: 'entry',
    header: {
      path,
      type: typeflag === '0' ? 'file' : 'directory',
      size,
      mtime: readOctal(block, 136, 12),
      mode: readOctal(block, 100, 8),
    },
  };
}

/** The `path` and `size` of a pax record set, the only keys a Cohort backup writes. */
export function parsePax(content: Buffer): { path?: string; size?: number } {
  const result: { path?: string; size?: number } = {};
  let offset = 0;
  while (offset < content.length) {
    const space = content.indexOf(0x20, offset);
    if (space === -1) break;
    const length = Number(content.subarray(offset, space).toString('utf8'));
    if (!Number.isInteger(length) || length <= 0) throw new Error('not a tar archive: pax record');
    const record = content.subarray(space + 1, offset + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    const key = record.slice(0, eq);
    const value = record.slice(eq + 1);
    if (key === 'path') result.path = value;
    if (key === 'size') result.size = Number(value);
    offset += length;
  }
  return result;
}

/**
 * A path from an archive, as a safe relative path: refused when absolute or when it climbs out of
 * the folder it is restored into.
 */
export function safeEntryPath(path: string): string | undefined {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0')) {
    return undefined;
  }
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..')) return undefined;
  return parts.join('/');
}
