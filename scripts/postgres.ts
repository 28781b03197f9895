import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster for the test suite: initdb into a temporary folder, start on a free
 * loopback port, and remove it all on stop. initdb refuses to run as root, so as root the cluster
 * runs as the `postgres` user.
 */
export interface ThrowawayPostgres {
  url: string;
  /** The same cluster reached over its Unix socket (in the cluster's own folder). */
  socketUrl: string;
  stop(): void;
}

function findBinary(name: string): string | undefined {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], {
    encoding: 'utf8',
  }).stdout.trim();
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function postgresBinaries(): { initdb: string; pgCtl: string } | undefined {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  return initdb && pgCtl ? { initdb, pgCtl } : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `durable`: PostgreSQL's default settings (fsync and synchronous commit on), for benchmarks whose
 * figures depend on what a commit costs (bench/scale-out.ts); the tests run without them.
 */
export async function startThrowawayPostgres(
  options: { durable?: boolean } = {},
): Promise<ThrowawayPostgres> {
  const binaries = postgresBinaries();
  if (!binaries) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-pg-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o755);
  const run = (binary: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
      : [binary, args];
    execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run(binaries.initdb, [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const port = await freePort();
  // Durability is pointless for a cluster that is deleted after the run.
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...(options.durable
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c max_connections=300',
  ].join(' ');
  run(binaries.pgCtl, ['-D', dataDir, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run(binaries.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A PostgreSQL database for one run of a script, and how to be rid of it afterwards. */
export interface RunDatabase {
  url: string;
  /** The same database over the server's Unix socket, when this run started the server. */
  socketUrl?: string;
  stop(): Promise<void>;
}

/**
 * A database for one run of a benchmark or the chaos run: with `server` (a URL the operator
 * named, e.g. a cluster started with pg_stat_statements), a fresh database `<prefix><time>` created
 * on it and dropped after; otherwise a throwaway cluster, durable or not as startThrowawayPostgres.
 */
export async function postgresForRun(options: {
  server: string | undefined;
  prefix: string;
  durable?: boolean;
}): Promise<RunDatabase> {
  const { server } = options;
  if (!server) {
    const cluster = await startThrowawayPostgres({ durable: options.durable });
    return {
      url: cluster.url,
      socketUrl: cluster.socketUrl,
      stop: async () => cluster.stop(),
    };
  }
  const { default: pg } = await import('pg');
  const name = `${options.prefix}${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
