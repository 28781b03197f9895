import type { ArchivedFile } from './archive.ts';

/** The database's name inside a backup and inside DATA_DIR (platform/db/database.ts). */
export const DATABASE_FILE = 'cohort.sqlite';
/** The last entry of every backup: what it holds, so a restore can check it got all of it. */
export const MANIFEST_FILE = 'cohort-backup.json';
/** What a restore unpacks into before anything in DATA_DIR is touched. */
export const STAGING_PREFIX = '.restore-';

export interface BackupManifest {
  format: 'cohort-backup';
  version: 1;
  created_at: string;
  /** The migrations applied in the copied database, oldest first. */
  migrations: string[];
  /** Every other entry of the archive: the database first, then the rest of DATA_DIR. */
  files: ArchivedFile[];
}

/** A backup or restore the operator asked for that cannot be done as asked; nothing was changed. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** Reads a manifest, refusing anything that is not a Cohort backup this build understands. */
export function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupRefused(`${MANIFEST_FILE} is not JSON: this is not a Cohort backup`);
  }
  if (value.format !== 'cohort-backup' || value.version !== 1 || !Array.isArray(value.files)) {
    throw new BackupRefused(`${MANIFEST_FILE} does not describe a Cohort backup of version 1`);
  }
  return value as BackupManifest;
}

/**
 * What differs between the files a manifest lists and the files unpacked: missing, extra, or
 * different ones. Empty when the archive arrived whole.
 */
export function manifestMismatches(
  listed: readonly ArchivedFile[],
  found: readonly ArchivedFile[],
): string[] {
  const problems: string[] = [];
  const byPath = new Map(found.map((file) => [file.path, file]));
  for (const file of listed) {
    const twin = byPath.get(file.path);
    byPath.delete(file.path);
    if (!twin) problems.push(`${file.path}: listed but not in the archive`);
    else if (twin.size !== file.size || twin.sha256 !== file.sha256) {
      problems.push(`${file.path}: its content differs from the one listed`);
    }
  }
  for (const extra of byPath.keys()) problems.push(`${extra}: in the archive but not listed`);
  if (!listed.some((file) => file.path === DATABASE_FILE)) {
    problems.push(`${DATABASE_FILE}: the backup holds no database`);
  }
  return problems;
}
