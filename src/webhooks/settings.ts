import type { Config } from '../config.ts';

/** The configuration every send reads: the address policy switch and the attempt timeout. */
export type WebhookSettings = Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutMs'>;
