import { UsageError } from './cli/output.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { StartupError } from './platform/startup-error.ts';
import { migrateOrExplain, prepareDatabase } from './server.ts';

/*
 * Each command's module is imported when that command runs: `serve` never loads the MCP SDK, the
 * demo's simulated panel or the mail tools. Importing every command up front took ~400 ms and
 * ~30 MB of the server's start and resident memory
 * (docs/decisions/0122-start-up-work-deferred-to-first-use.md).
 */
const cli = {
  backup: () => import('./cli/backup.ts'),
  dashboard: () => import('./cli/dashboard.ts'),
  demo: () => import('./cli/demo.ts'),
  feasibility: () => import('./cli/feasibility.ts'),
  mail: () => import('./cli/mail.ts'),
  mcp: () => import('./cli/mcp.ts'),
  opportunities: () => import('./cli/opportunities.ts'),
  organizations: () => import('./cli/organizations.ts'),
  panel: () => import('./cli/panel.ts'),
  participants: () => import('./cli/participants.ts'),
  secrets: () => import('./cli/secrets.ts'),
  serve: () => import('./cli/serve.ts'),
  storage: () => import('./cli/storage.ts'),
};

const USAGE = `usage: cohort <command>

  serve [--no-worker]          run the API (and the job worker unless --no-worker)
  worker                       run only the job worker
  migrate                      apply database migrations (and seal webhook secrets still in clear)
  backup FILE [--json]         the embedded database (a consistent copy, taken while servers run)
                               and the rest of DATA_DIR (uploads) in one .tar.gz archive;
                               with DATABASE_URL set, use pg_dump (docs/operations.md)
  restore FILE [--force] [--json]
                               unpack a backup into DATA_DIR; refused when DATA_DIR holds
                               anything, unless --force (stop the server first)
  secrets rotate [--json]      seal every webhook signing secret again under a new key: with
                               SECRET_KEY set, the new SECRET_KEY (the old one in
                               SECRET_KEY_PREVIOUS); else a new key file in DATA_DIR
  storage migrate [--remove] [--json]
                               copy the uploads under DATA_DIR into the configured store
                               (PostgreSQL with DATABASE_URL); --remove deletes the disk copies
  org create --name N [--balance-cents C] [--overdraft-cents C] [--hide-identity] [--json]
  key create --org ID [--role owner|member|viewer] [--json]
  key revoke KEY_ID
  credit add --org ID --cents C [--memo TEXT]
  participant create --profile FILE [--json]   a participant from profile JSON (- reads stdin)
  participant export ID        everything held about a participant, as JSON (docs/participant-data.md)
  participant erase ID [--json]  erase a participant's personal data; ledger and statuses stay
  demo [--url U] [--participants N] [--minutes M] [--seed S] [--no-review] [--json]
                               a demo organization and study, and a simulated panel working
                               against the server at U through the participant API
  panel seed --participants N [--seed S] [--force] [--json]
                               N simulated participants for demos and benchmarks, the same for
                               the same seed; refused where real participants are, unless --force
  feasibility list [--status S] [--json]    feasibility requests, oldest first
  feasibility respond ID --cpi 45.00 [--fee 12.00] [--json]
  feasibility close ID --lost|--not-pursued [--json]
  opportunity pay ID --frequency hourly --rate-cents N | per_task --task-price-cents N | one_time [--json]
                               how an opportunity pays (recorded in its organization's audit log)
  user create --org ID --email E [--password-stdin] [--role owner|member|viewer] [--json]
  login-link --org ID [--email E] [--json]   one-time dashboard sign-in link, valid 15 minutes
  mail list [--to EMAIL] [--limit N] [--json]  outgoing mail, newest first (without SMTP_URL,
                               the mail is kept here: --json prints each one's text)
  mcp                          an MCP server on stdio for AI agents, acting through the API at
                               COHORT_URL with the key COHORT_API_KEY (no database access)

The database is DATABASE_URL (PostgreSQL) when set, else SQLite under DATA_DIR (./data).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const config = loadConfig();
  if (command === 'serve') {
    await (await cli.serve()).serveCommand(args, config);
    return -1;
  }
  if (command === 'worker') {
    await (await cli.serve()).workerCommand(config);
    return -1;
  }
  // Neither migrates: a backup copies the database as it is (before an upgrade, say), and a restore
  // writes files only; the next start migrates.
  if (command === 'backup') {
    await (await cli.backup()).backupCommand(args, config);
    return 0;
  }
  if (command === 'restore') {
    await (await cli.backup()).restoreCommand(args, config);
    return 0;
  }
  if (command === 'mcp') {
    await (await cli.mcp()).mcpCommand(args);
    return 0;
  }
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const database = openDatabase(config);
  try {
    if (command === 'migrate' || command === 'secrets') await prepareDatabase(database, config);
    else await migrateOrExplain(database);
    switch (command) {
      case 'migrate':
        process.stdout.write(`Migrations applied (${database.engine}).\n`);
        return 0;
      case 'org':
        await (await cli.organizations()).orgCommand(args, database, config);
        return 0;
      case 'key':
        await (await cli.organizations()).keyCommand(args, database);
        return 0;
      case 'credit':
        await (await cli.organizations()).creditCommand(args, database);
        return 0;
      case 'user':
        await (await cli.dashboard()).userCommand(args, database);
        return 0;
      case 'login-link':
        await (await cli.dashboard()).loginLinkCommand(args, database, config);
        return 0;
      case 'participant':
        await (await cli.participants()).participantCommand(args, database, config);
        return 0;
      case 'demo':
        await (await cli.demo()).demoCommand(args, database, config);
        return 0;
      case 'panel':
        await (await cli.panel()).panelCommand(args, database);
        return 0;
      case 'feasibility':
        await (await cli.feasibility()).feasibilityCommand(args, database);
        return 0;
      case 'mail':
        await (await cli.mail()).mailCommand(args, database);
        return 0;
      case 'secrets':
        await (await cli.secrets()).secretsCommand(args, database, config);
        return 0;
      case 'storage':
        await (await cli.storage()).storageCommand(args, database, config);
        return 0;
      case 'opportunity':
        await (await cli.opportunities()).opportunityCommand(args, database);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
    }
  } finally {
    await database.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`cohort: ${(error as Error).message}\n`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof StartupError) {
      // Something the operator can fix, said in one line
      // (docs/decisions/0117-start-up-problems-in-one-line.md); exit at once, as a half-opened pool
      // would keep the process alive.
      process.stderr.write(`cohort: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`cohort: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
