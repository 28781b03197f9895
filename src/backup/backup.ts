import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type SourceFile, writeArchive } from './archive.ts';
import {
  type BackupManifest,
  BackupRefused,
  DATABASE_FILE,
  MANIFEST_FILE,
  STAGING_PREFIX,
} from './manifest.ts';

/** The database and what SQLite keeps beside it: copied through SQLite, never as files. */
const DATABASE_FILES = new Set(
  ['', '-wal', '-shm', '-journal'].map((suffix) => `${DATABASE_FILE}${suffix}`),
);

/**
 * A consistent copy of the embedded database, made while servers keep writing: `VACUUM INTO` runs
 * in one read transaction, which in WAL mode sees one committed state and blocks no writer
 * (docs/decisions/0106-backup-with-vacuum-into.md). Answers the migrations the copy holds.
 */
function snapshotDatabase(source: string, target: string): string[] {
  const database = new DatabaseSync(source);
  try {
    database.exec('pragma busy_timeout = 5000');
    database.prepare('vacuum into ?').run(target);
  } finally {
    database.close();
  }
  const copy = new DatabaseSync(target);
  try {
    const check = copy.prepare('pragma quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]!.quick_check !== 'ok') {
      throw new Error(`the copy of the database failed its check: ${JSON.stringify(check)}`);
    }
    const hasMigrations = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) return [];
    return (
      copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    copy.close();
  }
}

/**
 * Every file of DATA_DIR but the database (copied apart) and what is being written there now: a
 * `.part` file is an upload or an archive not yet whole, a `.restore-` folder a restore under way.
 */
async function dataFiles(dataDir: string): Promise<SourceFile[]> {
  const entries = await fs.promises.readdir(dataDir, { recursive: true, withFileTypes: true });
  const files: SourceFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dataDir, source).split(path.sep).join('/');
    if (DATABASE_FILES.has(relative)) continue;
    if (entry.name.endsWith('.part') || relative.startsWith(STAGING_PREFIX)) continue;
    files.push({ path: relative, source });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * `cohort backup FILE`: the embedded database and the rest of DATA_DIR (uploads, and any key file
 * kept there) in one gzip-compressed tar, ending with a manifest of every file and its SHA-256.
 * The database is copied first and the files after: uploads are written whole before any row
 * names them and never changed, so every file the copied rows name is in the archive.
 */
export async function backupDataFolder(options: {
  dataDir: string;
  archive: string;
  now?: () => Date;
}): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const archive = path.resolve(options.archive);
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) {
    throw new BackupRefused(`there is no database at ${source} (DATA_DIR is ${dataDir})`);
  }
  if (archive.startsWith(`${dataDir}${path.sep}`)) {
    throw new BackupRefused(
      `write the backup outside DATA_DIR (${dataDir}): a backup kept there would be copied into every later one`,
    );
  }
  if (fs.existsSync(archive)) {
    throw new BackupRefused(`${archive} already exists; name a new file`);
  }
  // Beside the archive: where the operator made room for the backup.
  const snapshot = path.join(
    path.dirname(archive),
    `.${path.basename(archive)}.${randomBytes(4).toString('hex')}.sqlite`,
  );
  try {
    const migrations = snapshotDatabase(source, snapshot);
    const others = await dataFiles(dataDir);
    let manifest: BackupManifest | undefined;
    await writeArchive(archive, [{ path: DATABASE_FILE, source: snapshot }, ...others], (files) => {
      manifest = {
        format: 'cohort-backup',
        version: 1,
        created_at: (options.now?.() ?? new Date()).toISOString(),
        migrations,
        files,
      };
      return {
        path: MANIFEST_FILE,
        content: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
      };
    });
    return manifest!;
  } finally {
    await fs.promises.rm(snapshot, { force: true });
  }
}
