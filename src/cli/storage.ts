import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import type { Database } from '../platform/db/database.ts';
import { copyIntoStore } from '../platform/storage/copy.ts';
import { diskFileStore, fileStoreFor } from '../platform/storage/index.ts';
import { print, UsageError } from './output.ts';

const USAGE = 'usage: cohort storage migrate [--remove] [--json]';

/**
 * `cohort storage migrate`: the files uploaded under DATA_DIR/uploads copied into the configured
 * store (PostgreSQL with DATABASE_URL), so every process can read them
 * (docs/operations.md, "Uploaded files"; docs/decisions/0169-uploads-every-process-can-read.md).
 * Running it again copies only what is missing; --remove deletes each disk file once the store
 * holds it.
 */
export async function storageCommand(
  args: string[],
  database: Database,
  config: Pick<Config, 'dataDir' | 'uploadsStore'>,
) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      remove: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1 || positionals[0] !== 'migrate') throw new UsageError(USAGE);
  const disk = diskFileStore(config.dataDir);
  if (config.uploadsStore === 'disk') {
    throw new UsageError(
      `the uploads store is disk (${disk.root}): set DATABASE_URL, and UPLOADS_STORE unset or postgres, to move files into PostgreSQL`,
    );
  }
  const report = await copyIntoStore(disk, fileStoreFor(database, config), {
    remove: values.remove,
  });
  const removed = values.remove ? ` Removed ${report.removedFromDisk} file(s) from disk.` : '';
  print(
    values.json,
    { store: config.uploadsStore, ...report },
    `Copied ${report.copied} file(s) (${report.bytes} bytes) from ${disk.root} into the ${config.uploadsStore} store; ${report.alreadyThere} already there.${removed}`,
  );
}
