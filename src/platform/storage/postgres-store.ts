import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { checkedKey, checkedPrefix, type FileStore } from './file-store.ts';

/** The chunks of stored files (migration 0029): one row per CHUNK_BYTES of a file, in order. */
interface FileChunksTable {
  file_key: string;
  seq: number;
  bytes: Uint8Array;
}

type StorageTables = { file_chunks: FileChunksTable };

/**
 * A file's bytes go in rows of this size: small enough that a reader or writer holds one at a
 * time, large enough that a 10 MB file is 40 rows (docs/decisions/0169-uploads-every-process-can-read.md).
 */
export const CHUNK_BYTES = 256 * 1024;

const STAGING = '.part';

/**
 * Files in PostgreSQL, every process's to read: each file is rows of `file_chunks`, written one
 * chunk at a time as the upload streams in and read back one chunk per query as it streams out.
 */
export class PostgresFileStore implements FileStore {
  readonly kind = 'postgres';
  readonly #db: Kysely<DB & StorageTables>;

  constructor(db: Kysely<DB>) {
    this.#db = db.withTables<StorageTables>();
  }

  /**
   * The chunks go under the key's staging name, each in its own statement (an upload as slow as
   * its sender holds no transaction open), then take the key in one transaction, replacing a file
   * of that key: a reader sees the old file or the whole new one.
   */
  async put(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const staging = `${checkedKey(key)}${STAGING}`;
    try {
      await this.#deleteKey(staging);
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const write = async (bytes: Buffer) => {
        await this.#db
          .insertInto('file_chunks')
          .values({ file_key: staging, seq, bytes })
          .execute();
        seq += 1;
      };
      for await (const piece of source) {
        pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        pendingBytes += piece.byteLength;
        while (pendingBytes >= CHUNK_BYTES) {
          const joined = Buffer.concat(pending);
          await write(joined.subarray(0, CHUNK_BYTES));
          pending = joined.length > CHUNK_BYTES ? [joined.subarray(CHUNK_BYTES)] : [];
          pendingBytes = joined.length - CHUNK_BYTES;
        }
      }
      // The last chunk, or an empty one: an empty file is still a file.
      if (pendingBytes > 0 || seq === 0) await write(Buffer.concat(pending));
      await this.#db.transaction().execute(async (trx) => {
        await trx.deleteFrom('file_chunks').where('file_key', '=', key).execute();
        await trx
          .updateTable('file_chunks')
          .set({ file_key: key })
          .where('file_key', '=', staging)
          .execute();
      });
    } catch (error) {
      await this.#deleteKey(staging).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const last = await this.#db
      .selectFrom('file_chunks')
      .select((eb) => eb.fn.max('seq').as('last'))
      .where('file_key', '=', checkedKey(key))
      .executeTakeFirst();
    if (last?.last === null || last?.last === undefined) return undefined;
    const count = Number(last.last) + 1;
    const db = this.#db;
    async function* chunks() {
      for (let seq = 0; seq < count; seq += 1) {
        const row = await db
          .selectFrom('file_chunks')
          .select('bytes')
          .where('file_key', '=', key)
          .where('seq', '=', seq)
          .executeTakeFirst();
        // Erased or replaced while it was read: the answer breaks off rather than mixing files.
        if (!row) throw new Error(`file ${key} changed while it was read (chunk ${seq})`);
        // pg hands a bytea back as a Buffer already: no second copy.
        yield Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async exists(key: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('file_chunks')
      .select('seq')
      .where('file_key', '=', checkedKey(key))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remove(key: string): Promise<void> {
    await this.#deleteKey(checkedKey(key));
    await this.#deleteKey(`${key}${STAGING}`);
  }

  /**
   * Deleted rows stay in the table's pages until VACUUM reclaims them, as every erased row does
   * on PostgreSQL (docs/participant-data.md).
   */
  async eraseUnder(prefix: string): Promise<number> {
    // Keys are ids, digits, "_" and "/": "_" is escaped so LIKE reads it as itself. The key
    // column sorts bytewise ("C"), so the prefix is a range of the primary key.
    const pattern = `${checkedPrefix(prefix).replaceAll('_', '\\_')}%`;
    const deleted = await sql<{ file_key: string }>`
      delete from file_chunks where file_key like ${pattern} escape '\\' and seq = 0
      returning file_key`.execute(this.#db);
    await sql`delete from file_chunks where file_key like ${pattern} escape '\\'`.execute(this.#db);
    return deleted.rows.filter((row) => !row.file_key.endsWith(STAGING)).length;
  }

  async #deleteKey(key: string): Promise<void> {
    await this.#db.deleteFrom('file_chunks').where('file_key', '=', key).execute();
  }
}
