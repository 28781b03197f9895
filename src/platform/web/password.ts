import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt with one of the parameter sets of OWASP's password storage guidance (N = 2^16, r = 8,
 * p = 2: 64 MiB per hash, half the memory of the N = 2^17 set for the same work, so four
 * concurrent sign-ins stay at 256 MiB), a 16-byte random salt and a 32-byte key. The parameters
 * travel inside each stored hash, so raising them later leaves old hashes verifiable.
 */
export const SCRYPT_PARAMETERS = { log2N: 16, r: 8, p: 2, keyLength: 32, saltLength: 16 } as const;

interface Parameters {
  log2N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, keyLength: number, params: Parameters) {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that for N = 2^17.
    maxmem: 256 * N * params.r,
  };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`, salt and key base64url. */
export async function hashPassword(
  password: string,
  params: Parameters = SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SCRYPT_PARAMETERS.saltLength);
  const key = await derive(password, salt, SCRYPT_PARAMETERS.keyLength, params);
  return [
    'scrypt',
    params.log2N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

const FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,3})\$(\d{1,3})\$([\w-]+)\$([\w-]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, log2N, r, p, salt, key] = match;
  const expected = Buffer.from(key!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), expected.length, {
    log2N: Number(log2N),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so an unknown address cannot be told from a wrong
 * password by how long the answer takes.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password, never matches');
  await verifyPassword(password, await decoy);
  return false;
}

/** Rules for a new password: long enough to resist guessing, short enough to hash quickly. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if ([...password].length < 12) problems.push('password: must be at least 12 characters');
  if (password.length > 1024) problems.push('password: must be at most 1024 characters');
  return problems;
}
