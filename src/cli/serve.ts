import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config.ts';
import { JOB_DEFINITIONS } from '../jobs.ts';
import { countOrganizations, createApiKey, createOrganization } from '../organizations/index.ts';
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
  const shutdown = async (signal: string) => {
    process.stdout.write(`${signal}: finishing in-flight requests, then closing\n`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
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
  const shutdown = async () => {
    await worker.stop();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
