import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config.ts';
import { JOB_DEFINITIONS } from '../jobs.ts';
import { countOrganizations, createApiKey, createOrganization } from '../organizations/index.ts';
import { settlesWithin } from '../platform/db/awaitable.ts';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { Worker } from '../platform/jobs/worker.ts';
import { prepareDatabase, startServer } from '../server.ts';

const DEMO_BALANCE_CENTS = 500_000;

/**
 * First start on an empty embedded database: make an organization with money so the API can be
 * tried at once, and print its key the only time it exists in clear.
 */
async function seedEmbeddedDemo(database: Database, config: Config) {
  if (database.engine !== 'sqlite' || (await countOrganizations(database.db)) > 0) return;
  const { organization, apiKey } = await database.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(trx, {
      name: 'Demo Research Team',
      balanceCents: DEMO_BALANCE_CENTS,
      platformFeeCents: config.defaultPlatformFeeCents,
    });
    return { organization, apiKey: (await createApiKey(trx, organization.id, 'owner')).apiKey };
  });
  process.stdout.write(
    [
      '',
      `Created the demo organization "${organization.name}" (${organization.id}) with $${DEMO_BALANCE_CENTS / 100} of credit.`,
      'Its API key is shown only this once:',
      '',
      `  ${apiKey}`,
      '',
      `Try: curl -H "Authorization: Bearer ${apiKey}" ${config.publicUrl}/v2/organization`,
      '',
    ].join('\n'),
  );
}

export async function serveCommand(args: string[], config: Config) {
  const { values } = parseArgs({
    args,
    options: { 'no-worker': { type: 'boolean', default: false } },
  });
  const database = openDatabase(config);
  await prepareDatabase(database, config);
  await seedEmbeddedDemo(database, config);
  const server = await startServer(config, database, { worker: !values['no-worker'] });
  process.stdout.write(
    `Cohort API listening on ${server.url}/v2 (${database.engine}${values['no-worker'] ? ', no worker' : ', with worker'})\n`,
  );
  const grace = `${config.shutdownGraceMs / 1000} s`;
  onStopSignal(async (signal) => {
    process.stdout.write(
      `${signal}: finishing in-flight requests${values['no-worker'] ? '' : ' and jobs'} (up to ${grace}), then closing\n`,
    );
    await server.close();
  });
}

/** `cohort worker`: only the job runner, for deployments that scale it apart from the API. */
export async function workerCommand(config: Config) {
  const database = openDatabase(config);
  await prepareDatabase(database, config);
  const log = pino({ level: config.logLevel });
  const worker = new Worker(
    { database, config, log, now: () => new Date() },
    { definitions: JOB_DEFINITIONS, leaseMs: config.jobLeaseMs },
  );
  worker.start();
  process.stdout.write(`Cohort worker ${worker.id} running (${database.engine})\n`);
  onStopSignal(async (signal) => {
    process.stdout.write(
      `${signal}: finishing jobs in hand (up to ${config.shutdownGraceMs / 1000} s), then closing\n`,
    );
    const handedBack = await worker.stop({ graceMs: config.shutdownGraceMs });
    if (handedBack > 0)
      log.warn({ jobs: handedBack }, 'the shutdown grace is over: jobs handed back');
    if (!(await settlesWithin(database.destroy(), DATABASE_CLOSE_MS))) {
      log.warn('the database connections did not close in time');
    }
  });
}

/** How long the worker's database connections may take to close once its jobs are settled. */
const DATABASE_CLOSE_MS = 5_000;

/**
 * On the first SIGTERM or SIGINT, `stop` drains the process (docs/operations.md, "Stopping and
 * replacing a process"), which then exits 0; 1 if stopping failed. A second signal while it drains
 * ends the process at once, the signal's way.
 */
function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>) {
  const onSignal = (signal: NodeJS.Signals) => {
    // Without a listener, the next signal takes its default action.
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`cohort: stopping failed: ${(error as Error).stack ?? error}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
