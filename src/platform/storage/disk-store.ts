import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedKey, checkedPrefix, type FileStore } from './file-store.ts';

const STAGING = '.part';

/**
 * Files under DATA_DIR/uploads, the embedded default: beside the SQLite file and backed up with it
 * (`cohort backup`). A key is a path below that folder.
 */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, refusing anything that would leave the uploads folder. */
  pathOf(key: string): string {
    const absolute = path.resolve(this.root, checkedKey(key));
    if (!absolute.startsWith(`${this.root}${path.sep}`)) throw new Error(`bad file key ${key}`);
    return absolute;
  }

  /** Written to a `.part` file, flushed to the disk, then renamed: a key always holds a whole file. */
  async put(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const staging = `${target}${STAGING}`;
    try {
      await pipeline(source, fs.createWriteStream(staging, { flush: true }));
      await fs.promises.rename(staging, target);
    } catch (error) {
      await fs.promises.rm(staging, { force: true }).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    // Opened first, so a missing file is known before anything is answered.
    const handle = await fs.promises.open(this.pathOf(key), 'r').catch((error: unknown) => {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    });
    return handle?.createReadStream();
  }

  async exists(key: string): Promise<boolean> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => undefined);
    return stat?.isFile() ?? false;
  }

  async remove(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.rm(target, { force: true });
    await fs.promises.rm(`${target}${STAGING}`, { force: true });
  }

  /**
   * Each file is overwritten with zeros and flushed before it is unlinked, so its blocks do not
   * keep the content on a file system that writes in place (docs/participant-data.md says where
   * that is not enough); then the folder goes.
   */
  async eraseUnder(prefix: string): Promise<number> {
    const directory = this.pathOf(checkedPrefix(prefix).slice(0, -1));
    const entries = await fs.promises
      .readdir(directory, { recursive: true, withFileTypes: true })
      .catch(() => []);
    let erased = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      await overwriteWithZeros(path.join(entry.parentPath, entry.name));
      if (!entry.name.endsWith(STAGING)) erased += 1;
    }
    await fs.promises.rm(directory, { recursive: true, force: true });
    return erased;
  }

  /** Every whole file's key, for `cohort storage migrate`; staging files are left out. */
  async *keys(): AsyncGenerator<string> {
    const entries = await fs.promises
      .readdir(this.root, { recursive: true, withFileTypes: true })
      .catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(STAGING)) continue;
      yield path
        .relative(this.root, path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join('/');
    }
  }
}

async function overwriteWithZeros(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const zeros = Buffer.alloc(Math.min(size, 1 << 20));
    for (let at = 0; at < size; at += zeros.length) {
      await handle.write(zeros, 0, Math.min(zeros.length, size - at), at);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rm(file, { force: true });
}
