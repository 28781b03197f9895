import { hash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'ck_';
export const PARTICIPANT_TOKEN_PREFIX = 'pt_';

/** A fresh secret: the prefix tells people and secret scanners what kind of credential it is. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * Keys carry 256 random bits, so a fast unsalted hash is enough: nothing can be brute-forced, and
 * the lookup stays one indexed equality per request.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, 10);
}
