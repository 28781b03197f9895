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
 *
 * The hashes of the last secrets seen are kept, since a client sends its one key on every request:
 * SHA-256 of a key took 0.27-0.36 µs in process, a map lookup 0.01 µs, of the 15-17 µs of CPU a
 * project read costs the server (docs/decisions.md, "A lean process and the read path"). The map
 * holds nothing the process does not hold anyway while it answers those requests, and forgets
 * everything when it reaches its bound, so a client sending random keys only makes it useless.
 */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 1000;

export function hashSecret(secret: string): string {
  let hashed = recentHashes.get(secret);
  if (hashed === undefined) {
    hashed = hash('sha256', secret, 'hex');
    if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
    recentHashes.set(secret, hashed);
  }
  return hashed;
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, 10);
}
