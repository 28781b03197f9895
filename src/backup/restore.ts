import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { extractArchive } from './archive.ts';
import {
  type BackupManifest,
  BackupRefused,
  DATABASE_FILE,
  MANIFEST_FILE,
  manifestMismatches,
  parseManifest,
  STAGING_PREFIX,
} from './manifest.ts';

function checkDatabase(file: string) {
  const database = new DatabaseSync(file);
  try {
    const rows = database.prepare('pragma integrity_check').all() as { integrity_check: string }[];
    if (rows.length !== 1 || rows[0]!.integrity_check !== 'ok') {
      throw new BackupRefused(
        `the database in the backup failed SQLite's integrity check: ${rows.map((r) => r.integrity_check).join('; ')}`,
      );
    }
  } finally {
    database.close();
  }
}

async function fsyncDirectory(directory: string) {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * `cohort restore FILE [--force]`: unpacks a backup into DATA_DIR. The archive is unpacked into a
 * folder inside DATA_DIR first and checked (every file against the manifest, the database with
 * SQLite's integrity check); only then is DATA_DIR's old content removed (with `force`; without,
 * a DATA_DIR that holds anything is refused before anything is read) and the new moved in.
 * No server may run on DATA_DIR meanwhile (docs/operations.md).
 */
export async function restoreDataFolder(options: {
  archive: string;
  dataDir: string;
  force: boolean;
}): Promise<BackupManifest> {
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(archive)) throw new BackupRefused(`there is no backup at ${archive}`);
  await fs.promises.mkdir(dataDir, { recursive: true });
  const present = (await fs.promises.readdir(dataDir)).filter(
    (name) => !name.startsWith(STAGING_PREFIX),
  );
  if (present.length > 0 && !options.force) {
    throw new BackupRefused(
      `DATA_DIR ${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', ...' : ''}); restore into an empty folder, or pass --force to replace what it holds`,
    );
  }
  const staging = await fs.promises.mkdtemp(path.join(dataDir, STAGING_PREFIX));
  try {
    let unpacked: Awaited<ReturnType<typeof extractArchive>>;
    try {
      unpacked = await extractArchive(archive, staging);
    } catch (error) {
      throw new BackupRefused(`${archive} could not be unpacked: ${(error as Error).message}`);
    }
    const manifestFile = unpacked.find((file) => file.path === MANIFEST_FILE);
    if (!manifestFile)
      throw new BackupRefused(`${archive} holds no ${MANIFEST_FILE}: not a Cohort backup`);
    const manifest = parseManifest(
      await fs.promises.readFile(path.join(staging, MANIFEST_FILE), 'utf8'),
    );
    const problems = manifestMismatches(
      manifest.files,
      unpacked.filter((file) => file !== manifestFile),
    );
    if (problems.length > 0) {
      throw new BackupRefused(`${archive} is not whole: ${problems.join('; ')}`);
    }
    checkDatabase(path.join(staging, DATABASE_FILE));
    await fs.promises.rm(path.join(staging, MANIFEST_FILE));

    for (const name of present) {
      await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    for (const name of await fs.promises.readdir(staging)) {
      await fs.promises.rename(path.join(staging, name), path.join(dataDir, name));
    }
    await fsyncDirectory(dataDir);
    return manifest;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
