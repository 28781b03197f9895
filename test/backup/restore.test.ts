import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

const CLI = { timeout: 60_000 };

function sqliteEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

function organizationNames(dataDir: string): string[] {
  const database = new DatabaseSync(path.join(dataDir, 'cohort.sqlite'), { readOnly: true });
  try {
    return (
      database.prepare('select name from organizations order by name').all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    database.close();
  }
}

/** Every file under `folder` with its content, to show a refused restore changed nothing. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(folder, name);
    if (fs.statSync(file).isFile()) files[name] = fs.readFileSync(file).toString('base64');
  }
  return files;
}

/** A .tar.gz of the given entries, written with the same tar library as a backup. */
async function tarGz(entries: { path: string; content: string }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.path, mode: 0o644 }, entry.content);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/** `cohort restore` through the CLI: what it replaces with --force, and what it refuses. */
describe('cohort restore', () => {
  let work: string;
  let archive: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-restore-'));
    const source = path.join(work, 'source');
    await runCli(sqliteEnv(source), ['org', 'create', '--name', 'Restored Lab'], CLI);
    fs.mkdirSync(path.join(source, 'uploads', 'sub_1', '1'), { recursive: true });
    fs.writeFileSync(path.join(source, 'uploads', 'sub_1', '1', 'file_1'), 'the upload');
    archive = path.join(work, 'backup.tar.gz');
    await runCli(sqliteEnv(source), ['backup', archive], CLI);
  });

  it('with --force, replaces everything the folder held', async () => {
    const target = path.join(work, 'forced');
    await runCli(sqliteEnv(target), ['org', 'create', '--name', 'Old Lab'], CLI);
    fs.writeFileSync(path.join(target, 'stray.txt'), 'left from before');
    fs.writeFileSync(path.join(target, 'cohort.sqlite-wal'), 'an old write-ahead log');
    await expect(runCli(sqliteEnv(target), ['restore', archive], CLI)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('pass --force'),
    });
    expect(organizationNames(target)).toContain('Old Lab');

    await runCli(sqliteEnv(target), ['restore', archive, '--force'], CLI);
    expect(fs.readdirSync(target).sort()).toEqual(['cohort.sqlite', 'uploads']);
    expect(organizationNames(target)).toEqual(['Restored Lab']);
    expect(fs.readFileSync(path.join(target, 'uploads', 'sub_1', '1', 'file_1'), 'utf8')).toBe(
      'the upload',
    );
  });

  it('restores a backup written by 0.1.0, whose tar was written by hand', async () => {
    // releases/0.1.0/backup.tar.gz: `cohort backup` of 0.1.0 (src/backup/tar-format.ts, before
    // decision 0154), with an upload whose long, accented name needed a pax record.
    const target = path.join(work, 'from-0.1.0');
    const archive010 = path.join(import.meta.dirname, 'releases', '0.1.0', 'backup.tar.gz');
    await runCli(sqliteEnv(target), ['restore', archive010], CLI);
    expect(organizationNames(target)).toEqual(['Archived Lab']);
    const long = `résumé-${'x'.repeat(110)}.txt`;
    expect(fs.readFileSync(path.join(target, 'uploads', 'sub_1', '1', long), 'utf8')).toBe(
      'the upload with a long name',
    );
    expect(fs.readFileSync(path.join(target, 'uploads', 'sub_2', '1', 'file_1'), 'utf8')).toBe(
      'the upload',
    );
  });

  it('refuses a damaged or foreign archive and leaves the folder as it was', async () => {
    const target = path.join(work, 'kept');
    await runCli(sqliteEnv(target), ['org', 'create', '--name', 'Kept Lab'], CLI);
    const before = snapshot(target);
    const bytes = fs.readFileSync(archive);
    const cut = path.join(work, 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    const foreign = path.join(work, 'foreign.tar.gz');
    fs.writeFileSync(foreign, await tarGz([{ path: 'notes.txt', content: 'not a backup' }]));
    const climbing = path.join(work, 'climbing.tar.gz');
    fs.writeFileSync(climbing, await tarGz([{ path: '../escaped.txt', content: 'outside' }]));

    for (const [file, message] of [
      [cut, 'could not be unpacked'],
      [foreign, 'not a Cohort backup'],
      [climbing, 'unsafe path "../escaped.txt"'],
    ] as const) {
      await expect(
        runCli(sqliteEnv(target), ['restore', file, '--force'], CLI),
      ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining(message) });
      expect(snapshot(target)).toEqual(before);
    }
    expect(fs.existsSync(path.join(work, 'escaped.txt'))).toBe(false);
    expect(organizationNames(target)).toEqual(['Kept Lab']);
  });
});
