import type { Readable } from 'node:stream';

/** Where uploaded files are kept: the data folder, or PostgreSQL (docs/decisions/0169-uploads-every-process-can-read.md). */
export type UploadsStore = 'disk' | 'postgres';

/**
 * The storage port: files by key (`<submission>/<sequence>/<file>`), written and read as streams,
 * so no store ever holds a whole file in memory. A key names a file and nothing about a person.
 */
export interface FileStore {
  readonly kind: UploadsStore;
  /**
   * Stores what `source` yields under `key`, replacing a file of that key. A reader never sees a
   * partial file: the bytes go under a staging name first and take the key when whole; when the
   * source fails, nothing is kept.
   */
  put(key: string, source: AsyncIterable<Uint8Array>): Promise<void>;
  /** The file's bytes as a stream, or undefined when the store has no file of that key. */
  get(key: string): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes one file (a refused upload's); nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /**
   * Erases every file whose key starts with `prefix` (a submission's folder, `sub_.../`), staging
   * leftovers included, and answers how many whole files there were.
   */
  eraseUnder(prefix: string): Promise<number>;
}

/** Keys are made of ids and sequence numbers joined by "/": nothing else gets in. */
export function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(key)) throw new Error(`bad file key ${key}`);
  return key;
}

export function checkedPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`bad file key prefix ${prefix}`);
  checkedKey(prefix.slice(0, -1));
  return prefix;
}
