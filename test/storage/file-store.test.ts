import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import {
  CHUNK_BYTES,
  DiskFileStore,
  type FileStore,
  PostgresFileStore,
} from '../../src/platform/storage/index.ts';
import { openMigratedTestDatabase } from '../support/harness.ts';

/** `size` bytes that repeat no pattern a chunk boundary could hide. */
function bytesOf(size: number): Buffer {
  return crypto.randomBytes(size);
}

/** A source that yields `bytes` in pieces of `piece`, as a multipart stream does. */
async function* pieces(bytes: Buffer, piece = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
}

async function* failingAfter(bytes: Buffer) {
  yield* pieces(bytes);
  throw new Error('the sender went away');
}

async function read(store: FileStore, key: string): Promise<Buffer | undefined> {
  const stream = await store.get(key);
  if (!stream) return undefined;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A submission id of this run's own: the PostgreSQL test database is shared by every file. */
const submission = () => `sub_${crypto.randomBytes(8).toString('hex')}`;

/**
 * The storage port's contract (docs/decisions/0169-uploads-every-process-can-read.md), the same
 * for the disk store and the PostgreSQL store: whole files by key, streamed in and out, a failed
 * write keeping nothing, a submission's folder erased at once.
 */
const stores: {
  name: string;
  open: () => Promise<{ store: FileStore; close(): Promise<void> }>;
}[] = [
  {
    name: 'disk',
    open: async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-store-'));
      return {
        store: new DiskFileStore(root),
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
];
if (inject('postgresUrl')) {
  stores.push({
    name: 'postgres',
    open: async () => {
      const database: Database = await openMigratedTestDatabase('postgres');
      return { store: new PostgresFileStore(database.db), close: () => database.destroy() };
    },
  });
}

describe.each(stores)('the $name file store', ({ open }) => {
  let store: FileStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(async () => {
    await close();
  });

  it('gives back a file of several chunks byte for byte, and an empty one', async () => {
    const folder = submission();
    const big = bytesOf(2 * CHUNK_BYTES + 12_345);
    await store.put(`${folder}/1/file_a`, pieces(big, 50_000));
    await store.put(`${folder}/1/file_empty`, pieces(Buffer.alloc(0)));
    expect((await read(store, `${folder}/1/file_a`))?.equals(big)).toBe(true);
    expect(await read(store, `${folder}/1/file_empty`)).toEqual(Buffer.alloc(0));
    expect(await store.exists(`${folder}/1/file_a`)).toBe(true);
    expect(await store.exists(`${folder}/1/file_none`)).toBe(false);
    expect(await store.get(`${folder}/1/file_none`)).toBeUndefined();
  });

  it('keeps nothing of a write whose source fails, and keeps the file it would have replaced', async () => {
    const folder = submission();
    const first = bytesOf(1000);
    await store.put(`${folder}/1/file_a`, pieces(first));
    await expect(
      store.put(`${folder}/1/file_a`, failingAfter(bytesOf(CHUNK_BYTES + 1))),
    ).rejects.toThrow('the sender went away');
    await expect(store.put(`${folder}/1/file_b`, failingAfter(bytesOf(10)))).rejects.toThrow();
    expect((await read(store, `${folder}/1/file_a`))?.equals(first)).toBe(true);
    expect(await store.exists(`${folder}/1/file_b`)).toBe(false);
    expect(await store.eraseUnder(`${folder}/`)).toBe(1);
  });

  it('removes one file, and erases a submission folder without touching its neighbours', async () => {
    const folder = submission();
    // The neighbour's id continues this one's: a prefix match must stop at the "/".
    const neighbour = `${folder}0`;
    await store.put(`${folder}/1/file_a`, pieces(bytesOf(CHUNK_BYTES * 2)));
    await store.put(`${folder}/2/file_b`, pieces(bytesOf(10)));
    await store.put(`${folder}/2/file_c`, pieces(bytesOf(10)));
    await store.put(`${neighbour}/1/file_a`, pieces(bytesOf(10)));
    await store.remove(`${folder}/2/file_c`);
    await store.remove(`${folder}/2/file_c`);
    expect(await store.exists(`${folder}/2/file_c`)).toBe(false);
    expect(await store.eraseUnder(`${folder}/`)).toBe(2);
    expect(await store.exists(`${folder}/1/file_a`)).toBe(false);
    expect(await store.eraseUnder(`${folder}/`)).toBe(0);
    expect(await store.exists(`${neighbour}/1/file_a`)).toBe(true);
  });

  it('refuses a key that is not made of ids', async () => {
    await expect(store.put('../outside', pieces(bytesOf(1)))).rejects.toThrow('bad file key');
    await expect(store.get('a/../../b')).rejects.toThrow('bad file key');
    await expect(store.eraseUnder('sub_1')).rejects.toThrow('bad file key prefix');
  });
});

describe.runIf(inject('postgresUrl'))('the PostgreSQL store on disk and in rows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('writes a file as rows of 256 KiB, the last one shorter', async () => {
    const store = new PostgresFileStore(database.db);
    const key = `${submission()}/1/file_a`;
    await store.put(key, pieces(bytesOf(2 * CHUNK_BYTES + 7), 10_000));
    const { rows } = await sql<{ seq: number; size: number }>`
      select seq, length(bytes) as size from file_chunks where file_key = ${key} order by seq`.execute(
      database.db,
    );
    expect(rows.map((row) => [row.seq, Number(row.size)])).toEqual([
      [0, CHUNK_BYTES],
      [1, CHUNK_BYTES],
      [2, 7],
    ]);
  });
});
