import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import {
  keyFiles,
  keyId,
  newKeyText,
  parseKey,
  SecretKeyring,
  sealedKeyId,
} from '../../src/platform/secrets/keyring.ts';
import { prepareDatabase } from '../../src/server.ts';
import { runCli } from '../support/cli.ts';
import { engines } from '../support/harness.ts';
import {
  type Customer,
  confirmedSubscription,
  emitTestEvent,
  newCustomer,
  openIsolatedDatabase,
  Receiver,
  startWebhookWorld,
  verifies,
  type WebhookWorld,
} from './support.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-secrets-'));

/** Everything the database holds on disk: the SQLite file and its write-ahead log. */
function sqliteBytes(database: Database): Buffer {
  return Buffer.concat(
    [database.location, `${database.location}-wal`]
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file)),
  );
}

/** The stored secret column as the database holds it, without Cohort's code in between. */
async function storedSecrets(database: Database): Promise<string[]> {
  const rows = await database.db.selectFrom('webhook_subscriptions').select('secret').execute();
  return rows.map((row) => row.secret);
}

/** The environment a CLI process needs to reach this world's database. */
function cliEnv(world: WebhookWorld, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.SECRET_KEY;
  delete env.SECRET_KEY_PREVIOUS;
  Object.assign(env, extra);
  const { database } = world.server;
  if (database.engine === 'postgres') env.DATABASE_URL = database.location;
  else delete env.DATABASE_URL;
  return env;
}

describe.each(engines())('webhook signing secrets at rest on %s', (engine) => {
  let world: WebhookWorld;
  let receiver: Receiver;
  let customer: Customer;
  let dataDir: string;
  beforeAll(async () => {
    const database = await openIsolatedDatabase(engine);
    // The CLI finds the key files in DATA_DIR, which on SQLite also holds the database.
    dataDir = engine === 'sqlite' ? path.dirname(database.location) : tempDir();
    const secretKeys = new SecretKeyring({
      secretKey: undefined,
      previousSecretKeys: [],
      dataDir,
      keyRequired: false,
    });
    world = await startWebhookWorld(engine, { secretKeys, dataDir }, database);
    receiver = await Receiver.start();
    customer = await newCustomer(world);
  });
  afterAll(async () => {
    await receiver.down();
    await world.close();
  });

  /** One event sent now; the receiver's requests of this round. */
  async function deliverOne() {
    receiver.requests.length = 0;
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    expect(receiver.requests).toHaveLength(1);
    return receiver.requests[0]!;
  }

  it('keeps no secret in clear in the database, and signs with the secret the API returned', async () => {
    const first = await confirmedSubscription(customer, receiver, undefined, '/first');
    const second = await confirmedSubscription(customer, receiver, ['webhook.ping'], '/second');
    const rotated = await customer.api.post(`/v2/hooks/subscriptions/${second.id}/secret`);
    expect(rotated.status).toBe(200);
    const secrets = [first.secret, second.secret, rotated.body.secret as string];

    const stored = await storedSecrets(world.server.database);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const value of stored) expect(value).toMatch(/^sealed1\./);
    for (const secret of secrets) {
      expect(stored.join('\n')).not.toContain(secret);
      // The 32 random bytes themselves, in case some layer stored them decoded.
      const raw = Buffer.from(secret.slice('whsec_'.length), 'base64');
      expect(raw).toHaveLength(32);
      if (engine === 'sqlite') {
        const bytes = sqliteBytes(world.server.database);
        // The reading works: the target URL beside the secret is there in clear.
        expect(bytes.includes(Buffer.from(`${receiver.url}/first`))).toBe(true);
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
        expect(bytes.includes(raw)).toBe(false);
      }
    }

    const request = await deliverOne();
    expect(request.path).toBe('/first');
    expect(verifies(request, first.secret, world.now())).toBe(true);
  });

  it('seals at start a secret an earlier release stored in clear, and still signs with it', async () => {
    const subscription = await confirmedSubscription(customer, receiver, undefined, '/clear');
    const clear = 'whsec_storedInClearByAnEarlierReleaseOfCohortAAAAAAA=';
    const { db } = world.server.database;
    await db
      .updateTable('webhook_subscriptions')
      .set({ secret: clear })
      .where('id', '=', subscription.id)
      .execute();
    await prepareDatabase(world.server.database, world.server.context.config);
    const row = await db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^sealed1\./);
    expect(row.secret).not.toContain(clear);
    await db
      .updateTable('webhook_subscriptions')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '!=', subscription.id)
      .where('organization_id', '=', customer.organizationId)
      .execute();
    const request = await deliverOne();
    expect(verifies(request, clear, world.now())).toBe(true);
  });

  it('rotates the key with `cohort secrets rotate`, the running server following it', async () => {
    const subscription = await confirmedSubscription(customer, receiver, undefined, '/rotate');
    const files = keyFiles(dataDir);
    const oldKey = fs.readFileSync(files.current, 'utf8');
    const env = cliEnv(world, { DATA_DIR: dataDir });
    const { stdout } = await runCli(env, ['secrets', 'rotate', '--json']);
    const result = JSON.parse(stdout);
    expect(result.resealed).toBeGreaterThanOrEqual(1);

    const newKey = parseKey('new', fs.readFileSync(files.current, 'utf8'));
    expect(result.key_id).toBe(keyId(newKey));
    expect(fs.readFileSync(files.previous, 'utf8')).toBe(oldKey);
    expect(fs.existsSync(files.next)).toBe(false);
    for (const file of [files.current, files.previous]) {
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
    for (const value of await storedSecrets(world.server.database)) {
      expect(sealedKeyId(value)).toBe(keyId(newKey));
    }
    await world.server.database.db
      .updateTable('webhook_subscriptions')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '!=', subscription.id)
      .where('organization_id', '=', customer.organizationId)
      .execute();
    const request = await deliverOne();
    expect(verifies(request, subscription.secret, world.now())).toBe(true);
  });

  it('rotates from SECRET_KEY_PREVIOUS to SECRET_KEY in one run, refusing keys it does not hold', async () => {
    const files = keyFiles(dataDir);
    const fileKey = fs.readFileSync(files.current, 'utf8').trim();
    const newKey = newKeyText();
    const env = cliEnv(world, { DATA_DIR: dataDir, SECRET_KEY: newKey });
    const before = await storedSecrets(world.server.database);
    // Without the old key, nothing can be opened: the run fails and changes nothing.
    const refused = await runCli(env, ['secrets', 'rotate']).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(await storedSecrets(world.server.database)).toEqual(before);

    const { stdout } = await runCli({ ...env, SECRET_KEY_PREVIOUS: fileKey }, [
      'secrets',
      'rotate',
      '--json',
    ]);
    expect(JSON.parse(stdout).resealed).toBe(before.length);
    for (const value of await storedSecrets(world.server.database)) {
      expect(sealedKeyId(value)).toBe(keyId(parseKey('new', newKey)));
    }
  });
});

describe('the secret key in production', () => {
  it('is required with DATABASE_URL: the start fails in one line naming SECRET_KEY', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://cohort@127.0.0.1:1/cohort',
      DATA_DIR: tempDir(),
      PORT: '0',
    };
    delete env.SECRET_KEY;
    const failure = await runCli(env, ['serve']).catch((error) => error);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(
      /^cohort: SECRET_KEY is required with DATABASE_URL in production[^\n]*\n$/,
    );
  });
});
