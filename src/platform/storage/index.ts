import path from 'node:path';
import type { Database } from '../db/database.ts';
import { DiskFileStore } from './disk-store.ts';
import type { FileStore, UploadsStore } from './file-store.ts';
import { PostgresFileStore } from './postgres-store.ts';

export { DiskFileStore } from './disk-store.ts';
export type { FileStore, UploadsStore } from './file-store.ts';
export { CHUNK_BYTES, PostgresFileStore } from './postgres-store.ts';

/** Uploaded work on disk lives under DATA_DIR, beside the embedded database and backed up with it. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The data folder's own store: where the embedded default keeps files, and what `cohort storage migrate` reads. */
export function diskFileStore(dataDir: string): DiskFileStore {
  return new DiskFileStore(uploadsDirectory(dataDir));
}

/**
 * The store the configuration names (UPLOADS_STORE, chosen in src/config.ts): PostgreSQL keeps
 * files in the database every process shares, disk in this process's DATA_DIR. Cheap to make: a
 * store holds no more than its folder or the database's pool.
 */
export function fileStoreFor(
  database: Database,
  settings: { uploadsStore: UploadsStore; dataDir: string },
): FileStore {
  if (settings.uploadsStore === 'postgres') {
    if (database.engine !== 'postgres') {
      throw new Error(
        'UPLOADS_STORE=postgres needs DATABASE_URL: the embedded database keeps files on disk',
      );
    }
    return new PostgresFileStore(database.db);
  }
  return diskFileStore(settings.dataDir);
}
