import type { Db } from '../platform/db/database.ts';
import { isSealed, sealedKeyId } from '../platform/secrets/keyring.ts';
import type { WebhookSettings } from './settings.ts';

/**
 * Signing secrets are stored sealed (platform/secrets/keyring.ts), bound to their row: a sealed
 * secret copied onto another subscription does not open there.
 */
export const secretContext = (subscriptionId: string) =>
  `webhook_subscriptions.secret:${subscriptionId}`;

export function sealSecret(settings: WebhookSettings, subscriptionId: string, secret: string) {
  return settings.secretKeys.seal(secret, secretContext(subscriptionId));
}

export function openSecret(settings: WebhookSettings, subscriptionId: string, stored: string) {
  return settings.secretKeys.open(stored, secretContext(subscriptionId));
}

/** Opened secrets per keyring, by subscription and sealed value (openSecretForAttempt). */
const opened = new WeakMap<object, Map<string, string>>();
const OPENED_MAX = 10_000;

/**
 * openSecret for delivery attempts, remembering what it opened: opening (an AES-GCM decryption
 * and a key lookup) was 6% of a delivery's CPU in the worker, for the same few values each time.
 * The sealed value is part of the key, so a rotated or resealed secret is opened afresh, and the
 * first attempt after a rotation signs with the new one
 * (docs/decisions/0113-webhook-secrets-sealed-at-rest.md).
 */
export function openSecretForAttempt(
  settings: WebhookSettings,
  subscriptionId: string,
  stored: string,
): string {
  let byValue = opened.get(settings.secretKeys);
  if (!byValue) {
    byValue = new Map();
    opened.set(settings.secretKeys, byValue);
  }
  const key = `${subscriptionId}\u0000${stored}`;
  let secret = byValue.get(key);
  if (secret === undefined) {
    secret = openSecret(settings, subscriptionId, stored);
    if (byValue.size >= OPENED_MAX) byValue.clear();
    byValue.set(key, secret);
  }
  return secret;
}

/**
 * Seals every stored secret not sealed under the current key yet (clear ones from before sealing,
 * and those of a key being rotated out), in one transaction, deleted subscriptions' too; the
 * number of rows changed. `clearOnly`, at start, seals the clear ones and leaves the rest to
 * `cohort secrets rotate`. A value no known key opens fails the whole run, changing nothing.
 */
export async function resealWebhookSecrets(
  db: Db,
  keys: {
    sealingKeyId(): string;
    open(stored: string, context: string): string;
    seal(plain: string, context: string): string;
  },
  options: { clearOnly?: boolean } = {},
): Promise<number> {
  const sealingKeyId = keys.sealingKeyId();
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('webhook_subscriptions').select(['id', 'secret']).execute();
    let changed = 0;
    for (const row of rows) {
      if (isSealed(row.secret) && (options.clearOnly || sealedKeyId(row.secret) === sealingKeyId)) {
        continue;
      }
      const context = secretContext(row.id);
      const sealed = keys.seal(keys.open(row.secret, context), context);
      await trx
        .updateTable('webhook_subscriptions')
        .set({ secret: sealed })
        .where('id', '=', row.id)
        .where('secret', '=', row.secret)
        .execute();
      changed += 1;
    }
    return changed;
  });
}
