export { backupDataFolder } from './backup.ts';
export { type BackupManifest, BackupRefused } from './manifest.ts';
export { restoreDataFolder } from './restore.ts';
