import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { safeEntryPath } from './entry-path.ts';

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

type EntryHeader = Parameters<tar.Pack['entry']>[0];
type Sink = ReturnType<tar.Pack['entry']>;

/**
 * Writes a gzip-compressed tar of `files` to `target` (through `target.part`, flushed, then renamed,
 * so `target` is whole or absent). A source that has disappeared by the time it is read is left
 * out, and not listed in the answer: uploads may be removed while a backup runs. The tar format
 * (ustar, with pax records for long or non-ASCII paths) is tar-stream's
 * (docs/decisions/0154-tar-stream-for-the-backup-archive.md).
 */
export async function writeArchive(
  target: string,
  files: readonly SourceFile[],
  trailer: (written: ArchivedFile[]) => { path: string; content: Buffer },
): Promise<ArchivedFile[]> {
  const written: ArchivedFile[] = [];
  const directories = new Set<string>();
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const part = `${target}.part`;
  const pack = tar.pack();
  const writing = pipeline(
    pack,
    createGzip(),
    fs.createWriteStream(part, { flush: true, mode: 0o600 }),
  );
  // A failure of the output is awaited below, and must not go unhandled while files are read.
  writing.catch(() => {});

  async function addFile(file: SourceFile): Promise<void> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file.source, 'r');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return;
      for (const directory of parents(file.path)) {
        if (directories.has(directory)) continue;
        directories.add(directory);
        await entry({ name: directory, type: 'directory', mode: 0o755, mtime: now });
      }
      const mtime = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
      const header = {
        name: file.path,
        type: 'file',
        size: stat.size,
        mode: 0o644,
        mtime,
      } as const;
      // An open file keeps its bytes when it is unlinked; its size was read from the same handle.
      const hash = createHash('sha256');
      await entry(header, async (sink) => {
        let remaining = stat.size;
        while (remaining > 0) {
          const buffer = Buffer.alloc(Math.min(CHUNK, remaining));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, stat.size - remaining);
          if (bytesRead === 0) throw new Error(`${file.source} shrank while it was archived`);
          const chunk = buffer.subarray(0, bytesRead);
          hash.update(chunk);
          remaining -= bytesRead;
          if (!sink.write(chunk))
            await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
        }
      });
      written.push({ path: file.path, size: stat.size, sha256: hash.digest('hex') });
    } finally {
      await handle.close();
    }
  }

  /** Adds one entry and waits until the pack has taken all of it. */
  function entry(header: EntryHeader, content?: (sink: Sink) => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const sink = pack.entry(header, (error) => (error ? reject(error) : resolve()));
      (content ? content(sink) : Promise.resolve()).then(
        () => sink.end(null), // streamx's end takes a last chunk; there is none
        (error: Error) => {
          sink.destroy(error);
          reject(error);
        },
      );
    });
  }

  try {
    for (const file of files) await addFile(file);
    const last = trailer(written);
    await new Promise<void>((resolve, reject) =>
      pack.entry(
        { name: last.path, type: 'file', size: last.content.length, mode: 0o644, mtime: now },
        last.content,
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    pack.finalize();
    await writing;
    await fs.promises.rename(part, target);
  } catch (error) {
    pack.destroy(error as Error);
    await writing.catch(() => {});
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

/**
 * Unpacks a gzip-compressed tar into `folder` (which must exist), refusing any entry other than
 * files and folders and any path that would leave `folder`. Each file is flushed to the disk.
 * Answers what it wrote, with each file's SHA-256, for the caller to check against the manifest.
 */
export async function extractArchive(archive: string, folder: string): Promise<ArchivedFile[]> {
  const extracted: ArchivedFile[] = [];
  const extract = tar.extract();
  // The whole file goes through gunzip, so the gzip checksum at its end is verified.
  const reading = pipeline(fs.createReadStream(archive), createGunzip(), extract);
  // Its failure also ends the loop below; it is awaited after, and must not go unhandled before.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file' && type !== 'directory') {
        throw new Error(
          `the archive holds "${name}" of tar type ${type}; a backup holds only files and folders`,
        );
      }
      const relative = safeEntryPath(name);
      if (!relative) throw new Error(`the archive holds an unsafe path "${name}"`);
      const target = path.join(folder, ...relative.split('/'));
      if (type === 'directory') {
        await fs.promises.mkdir(target, { recursive: true });
        entry.resume();
        continue;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const handle = await fs.promises.open(target, 'wx', 0o600);
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          await handle.write(chunk);
          size += chunk.length;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      extracted.push({ path: relative, size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    throw error;
  }
  await reading;
  return extracted;
}
