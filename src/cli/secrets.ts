import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import type { Database } from '../platform/db/database.ts';
import {
  keyFiles,
  keyId,
  newKeyText,
  parseKey,
  seal,
  writeKeyFile,
} from '../platform/secrets/keyring.ts';
import { resealWebhookSecrets } from '../webhooks/index.ts';
import { print, UsageError } from './output.ts';

const USAGE = 'usage: cohort secrets rotate [--json]';

/**
 * `cohort secrets rotate`: every stored webhook signing secret sealed again under a new key, in
 * one transaction (docs/operations.md; docs/decisions/0114-secret-key-rotation.md).
 *
 * With SECRET_KEY set, the new key is SECRET_KEY and the old one SECRET_KEY_PREVIOUS: the operator
 * sets both on every process, runs this, then removes SECRET_KEY_PREVIOUS. Without it (the key
 * file in DATA_DIR), this makes the new key itself.
 */
export async function secretsCommand(args: string[], database: Database, config: Config) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1 || positionals[0] !== 'rotate') throw new UsageError(USAGE);
  const keys = config.secretKeys;
  keys.load();
  if (!keys.fromFiles) {
    const resealed = await resealWebhookSecrets(database.db, keys);
    const keyIdNow = keys.sealingKeyId();
    print(
      values.json,
      { resealed, key_id: keyIdNow },
      `Sealed ${resealed} webhook secret(s) again under SECRET_KEY (key ${keyIdNow}); SECRET_KEY_PREVIOUS may now be removed.`,
    );
    return;
  }
  const resealed = await rotateKeyFile(database, config);
  print(
    values.json,
    resealed,
    `Sealed ${resealed.resealed} webhook secret(s) under the new key ${resealed.key_id} in ${keyFiles(config.dataDir).current}; the old key is kept as secret.key.previous until the next rotation.`,
  );
}

/**
 * The data folder's key, rotated so that a crash at any step loses nothing: the new key is
 * written to secret.key.next first (a rerun after a crash reuses it, and every process opens
 * values under it meanwhile), the rows are sealed under it in one transaction, the old key is
 * kept as secret.key.previous, and only then does the new key replace secret.key.
 */
async function rotateKeyFile(database: Database, config: Config) {
  const files = keyFiles(config.dataDir);
  writeKeyFile(files.next, newKeyText());
  const next = parseKey(files.next, fs.readFileSync(files.next, 'utf8'));
  const keys = config.secretKeys;
  const resealed = await resealWebhookSecrets(database.db, {
    sealingKeyId: () => keyId(next),
    open: (stored, context) => keys.open(stored, context),
    seal: (plain, context) => seal(next, plain, context),
  });
  replaceFile(files.previous, fs.readFileSync(files.current, 'utf8'));
  fs.renameSync(files.next, files.current);
  return { resealed, key_id: keyId(next) };
}

/** Written beside and renamed over, so the file is whole or absent, readable by its owner only. */
function replaceFile(file: string, text: string) {
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}
