import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import {
  BLOCK,
  type EntryHeader,
  endOfArchive,
  entryHeader,
  padding,
  parseHeader,
  parsePax,
  safeEntryPath,
} from './tar-format.ts';

/** One file to put in an archive: its path there, and where to read it now. */
export interface SourceFile {
  path: string;
  source: string;
}

export interface ArchivedFile {
  path: string;
  size: number;
  sha256: string;
}

const CHUNK = 1 << 20;

/**
 * Writes a gzip-compressed tar of `files` to `target` (through `target.part`, flushed, then renamed,
 * so `target` is whole or absent). A source that has disappeared by the time it is read is left
 * out, and not listed in the answer: uploads may be removed while a backup runs.
 */
export async function writeArchive(
  target: string,
  files: readonly SourceFile[],
  trailer: (written: ArchivedFile[]) => { path: string; content: Buffer },
): Promise<ArchivedFile[]> {
  const written: ArchivedFile[] = [];
  const directories = new Set<string>();
  const now = Math.floor(Date.now() / 1000);

  async function* blocks(): AsyncGenerator<Buffer> {
    for (const file of files) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file.source, 'r');
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') continue;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) continue;
        for (const directory of parents(file.path)) {
          if (directories.has(directory)) continue;
          directories.add(directory);
          yield entryHeader({
            path: directory,
            type: 'directory',
            size: 0,
            mtime: now,
            mode: 0o755,
          });
        }
        yield entryHeader({
          path: file.path,
          type: 'file',
          size: stat.size,
          mtime: Math.floor(stat.mtimeMs / 1000),
          mode: 0o644,
        });
        // An open file keeps its bytes when it is unlinked; its size was read from the same handle.
        const hash = createHash('sha256');
        let remaining = stat.size;
        while (remaining > 0) {
          const buffer = Buffer.alloc(Math.min(CHUNK, remaining));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, stat.size - remaining);
          if (bytesRead === 0) throw new Error(`${file.source} shrank while it was archived`);
          const chunk = buffer.subarray(0, bytesRead);
          hash.update(chunk);
          remaining -= bytesRead;
          yield chunk;
        }
        yield padding(stat.size);
        written.push({ path: file.path, size: stat.size, sha256: hash.digest('hex') });
      } finally {
        await handle.close();
      }
    }
    const last = trailer(written);
    yield entryHeader({
      path: last.path,
      type: 'file',
      size: last.content.length,
      mtime: now,
      mode: 0o644,
    });
    yield last.content;
    yield padding(last.content.length);
    yield endOfArchive();
  }

  const part = `${target}.part`;
  try {
    await pipeline(
      Readable.from(blocks()),
      createGzip(),
      fs.createWriteStream(part, { flush: true, mode: 0o600 }),
    );
    await fs.promises.rename(part, target);
  } catch (error) {
    await fs.promises.rm(part, { force: true });
    throw error;
  }
  return written;
}

/** `a/b/c` → `a`, `a/b`. */
function parents(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** Hands out exact byte counts from a stream of chunks. */
class ByteReader {
  readonly #chunks: AsyncIterator<Buffer>;
  #pending: Buffer = Buffer.alloc(0);

  constructor(chunks: AsyncIterable<Buffer>) {
    this.#chunks = chunks[Symbol.asyncIterator]();
  }

  /** Up to `limit` bytes, at least one; undefined at the end of the stream. */
  async some(limit: number): Promise<Buffer | undefined> {
    while (this.#pending.length === 0) {
      const next = await this.#chunks.next();
      if (next.done) return undefined;
      this.#pending = next.value;
    }
    const taken = this.#pending.subarray(0, limit);
    this.#pending = this.#pending.subarray(taken.length);
    return taken;
  }

  async exactly(count: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let missing = count;
    while (missing > 0) {
      const part = await this.some(missing);
      if (!part) throw new Error('the archive is cut short');
      parts.push(part);
      missing -= part.length;
    }
    return Buffer.concat(parts);
  }
}

/**
 * Unpacks a gzip-compressed tar into `folder` (which must exist), refusing any entry other than
 * files and folders and any path that would leave `folder`. Each file is flushed to the disk.
 * Answers what it wrote, with each file's SHA-256, for the caller to check against the manifest.
 */
export async function extractArchive(archive: string, folder: string): Promise<ArchivedFile[]> {
  const extracted: ArchivedFile[] = [];
  const gunzip = createGunzip();
  const reading = pipeline(fs.createReadStream(archive), gunzip);
  const reader = new ByteReader(gunzip);
  try {
    let pax: { path?: string; size?: number } = {};
    for (;;) {
      const raw = parseHeader(await reader.exactly(BLOCK));
      if (raw.kind === 'end') break;
      if (raw.kind === 'unsupported') {
        throw new Error(
          `the archive holds "${raw.path}" of tar type ${raw.typeflag}; a backup holds only files and folders`,
        );
      }
      if (raw.kind === 'pax') {
        pax = parsePax(await reader.exactly(raw.size));
        await reader.exactly(padding(raw.size).length);
        continue;
      }
      const header: EntryHeader = {
        ...raw.header,
        path: pax.path ?? raw.header.path,
        size: pax.size ?? raw.header.size,
      };
      pax = {};
      const relative = safeEntryPath(header.path);
      if (!relative) throw new Error(`the archive holds an unsafe path "${header.path}"`);
      const target = path.join(folder, ...relative.split('/'));
      if (header.type === 'directory') {
        await fs.promises.mkdir(target, { recursive: true });
        continue;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const handle = await fs.promises.open(target, 'wx', 0o600);
      const hash = createHash('sha256');
      try {
        let remaining = header.size;
        while (remaining > 0) {
          const chunk = await reader.some(Math.min(remaining, CHUNK));
          if (!chunk) throw new Error('the archive is cut short');
          hash.update(chunk);
          await handle.write(chunk);
          remaining -= chunk.length;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await reader.exactly(padding(header.size).length);
      extracted.push({ path: relative, size: header.size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    gunzip.destroy();
    await reading.catch(() => {});
    throw error;
  }
  // Drain what follows the end blocks, so the gzip checksum at the end of the file is verified.
  while (await reader.some(CHUNK)) {}
  await reading;
  return extracted;
}
