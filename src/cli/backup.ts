import { parseArgs } from 'node:util';
import { BackupRefused, backupDataFolder, restoreDataFolder } from '../backup/index.ts';
import type { Config } from '../config.ts';
import { print, UsageError } from './output.ts';

/** What `cohort backup` says on PostgreSQL, where the database is not in DATA_DIR to copy. */
export const POSTGRES_BACKUP_ADVICE =
  'DATABASE_URL is set: the database is PostgreSQL, which cohort backup does not copy. Back it up with pg_dump (pg_dump --format=custom --file=cohort.dump "$DATABASE_URL") and copy DATA_DIR/uploads beside it; docs/operations.md gives both steps and the restore.';

const POSTGRES_RESTORE_ADVICE =
  'DATABASE_URL is set: the database is PostgreSQL, which cohort restore does not write. Restore it with pg_restore and put the uploads back in DATA_DIR; docs/operations.md gives the commands.';

/** Runs a backup step, turning a refusal into the CLI's one-line usage error (exit code 2). */
async function refusalsAsUsage<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof BackupRefused) throw new UsageError(error.message);
    throw error;
  }
}

/** `cohort backup FILE [--json]`: the embedded database and DATA_DIR's files, in one archive. */
export async function backupCommand(args: string[], config: Config) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new UsageError('usage: cohort backup FILE [--json]');
  if (config.databaseUrl) throw new UsageError(POSTGRES_BACKUP_ADVICE);
  const archive = positionals[0]!;
  const manifest = await refusalsAsUsage(() =>
    backupDataFolder({ dataDir: config.dataDir, archive }),
  );
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  print(
    values.json,
    { archive, ...manifest },
    `Backed up ${config.dataDir} to ${archive}: the database and ${manifest.files.length - 1} other file(s), ${bytes} bytes before compression.`,
  );
}

/** `cohort restore FILE [--force] [--json]`: a backup unpacked into DATA_DIR. */
export async function restoreCommand(args: string[], config: Config) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1)
    throw new UsageError('usage: cohort restore FILE [--force] [--json]');
  if (config.databaseUrl) throw new UsageError(POSTGRES_RESTORE_ADVICE);
  const archive = positionals[0]!;
  const manifest = await refusalsAsUsage(() =>
    restoreDataFolder({ archive, dataDir: config.dataDir, force: values.force }),
  );
  print(
    values.json,
    { archive, data_dir: config.dataDir, ...manifest },
    `Restored ${archive} (made ${manifest.created_at}) into ${config.dataDir}. Start the server on it; it applies any newer migrations.`,
  );
}
