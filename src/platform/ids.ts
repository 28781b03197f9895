import { randomBytes } from 'node:crypto';

/** Crockford base32: sortable as text, no ambiguous letters. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const ID_PREFIXES = {
  organization: 'org',
  project: 'prj',
  opportunity: 'opp',
  submission: 'sub',
  feasibility: 'fea',
  webhook: 'whk',
  event: 'evt',
  delivery: 'dlv',
  participant: 'par',
  apiKey: 'key',
  ledger: 'led',
  job: 'job',
  timeEntry: 'tim',
  file: 'fil',
  user: 'usr',
  mail: 'mail',
  auditEvent: 'aud',
  payoutRun: 'pay',
  bonus: 'bon',
  message: 'msg',
  messageBatch: 'mbt',
  participantGroup: 'grp',
  invitation: 'inv',
  lab: 'lab',
  session: 'ses',
  enrollment: 'enr',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

let lastTime = 0;
let lastRandom: Buffer = Buffer.alloc(10);

/**
 * Forgets the last time an id was made, as a new process would. For a test run that runs many
 * files in one process one after another (test/support/each-file.ts): a file whose server's clock
 * ran days ahead would otherwise leave every later file's ids in that future, sorting after the ids
 * that other processes (the CLI) make at the real time.
 */
export function forgetIdClock(): void {
  lastTime = 0;
}

function encode(bytes: Uint8Array, chars: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out.slice(0, chars);
}

function encodeTime(ms: number): string {
  let out = '';
  let rest = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/**
 * A prefixed, time-ordered, opaque id (ULID layout: 48-bit millisecond time, 80 random bits).
 * Within one millisecond the random part is incremented so ids made by one process stay ordered,
 * which keyset pagination on id relies on.
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
  } else {
    lastTime = now;
    lastRandom = randomBytes(10);
  }
  return `${ID_PREFIXES[kind]}_${encodeTime(lastTime)}${encode(lastRandom, 16)}`;
}

function increment(bytes: Buffer): Buffer {
  const next = Buffer.from(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] === 255) {
      next[i] = 0;
    } else {
      next[i] = (next[i] ?? 0) + 1;
      break;
    }
  }
  return next;
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${ID_PREFIXES[kind]}_`);
}
