import type { Config } from '../config.ts';

/**
 * The configuration every send reads: the address policy switch, the attempt timeout, and the keys
 * that seal the signing secrets stored (secret-at-rest.ts).
 */
export type WebhookSettings = Pick<
  Config,
  'webhookAllowPrivate' | 'webhookTimeoutMs' | 'secretKeys'
>;
