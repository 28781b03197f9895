import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from './postgres.ts';

/**
 * `npm test`: type-check, lint, then the whole Vitest suite with integration tests on SQLite and on
 * PostgreSQL. PostgreSQL is TEST_DATABASE_URL when given; otherwise a throwaway cluster started here
 * from the machine's binaries. TEST_ENGINES=sqlite runs SQLite alone, and says so.
 */
function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  process.stdout.write(`\n== ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
}

/** The `count` slowest test files of the JSON report, slowest first, with their durations. */
function slowestFiles(results: FileResult[], count: number): string {
  const files = results
    .map((file) => ({
      name: path.relative(process.cwd(), file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  if (files.length === 0) return '';
  const lines = files.map((file) => `${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
  return `\nslowest test files:\n${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  // SKIP_STATIC_CHECKS=1 is for a quick local re-run of the tests alone; CI never sets it.
  if (!process.env.SKIP_STATIC_CHECKS) {
    if (step('type check', 'tsc', ['--noEmit', '-p', '.']) !== 0) return 1;
    if (step('lint', 'biome', ['check', '.']) !== 0) return 1;
  }

  const engines = (process.env.TEST_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim());
  let postgres: ThrowawayPostgres | undefined;
  let postgresUrl = process.env.TEST_DATABASE_URL;
  if (engines.includes('postgres') && !postgresUrl) {
    if (!postgresBinaries()) {
      process.stderr.write(
        'PostgreSQL binaries not found: install them (apt-get install postgresql), set TEST_DATABASE_URL, or run TEST_ENGINES=sqlite npm test.\n',
      );
      return 1;
    }
    postgres = await startThrowawayPostgres();
    postgresUrl = postgres.url;
    process.stdout.write(`Started a throwaway PostgreSQL at ${postgresUrl}\n`);
  }
  fs.mkdirSync('.test-artifacts', { recursive: true });
  const report = '.test-artifacts/vitest.json';
  // A report left by an earlier run must not pass for this one's.
  fs.rmSync(report, { force: true });
  // The tests' temporary folders (data folders, SQLite files, browser profiles: about a hundred a
  // run, made by the tests and the servers and commands they start) go under one folder, removed
  // when the run ends, rather than staying in the machine's temporary folder.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-tests-'));
  try {
    const status = step(
      'tests',
      'vitest',
      [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...process.argv.slice(2),
      ],
      {
        ...process.env,
        TEST_ENGINES: engines.join(','),
        TEST_DATABASE_URL: postgresUrl ?? '',
        TMPDIR: scratch,
        // Node's compile cache for every process of the run: the tests start `node src/main.ts`
        // (the CLI, serve processes) about a hundred times, and each start compiles the same
        // modules; with the cache the second start onwards takes about half the CPU.
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(scratch, 'compile-cache'),
      },
    );
    if (fs.existsSync(report)) {
      const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
      process.stdout.write(slowestFiles(summary.testResults ?? [], 10));
      // A file that failed outside its tests (a hook, an import) counts as failed too: its tests
      // are reported skipped, and the line must not read "0 failed" while the run fails.
      const failedFiles = (summary.testResults ?? []).filter(
        (file: { status: string; assertionResults: { status: string }[] }) =>
          file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
      ).length;
      process.stdout.write(
        `\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests + failedFiles} failed, ${summary.numPendingTests + summary.numTodoTests} skipped\n`,
      );
    }
    return status;
  } finally {
    postgres?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

process.exitCode = await main();
