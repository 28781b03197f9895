import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';

/**
 * Secrets the server must read back in clear (webhook signing secrets: HMAC needs them) are stored
 * sealed with AES-256-GCM under the installation's key
 * (docs/decisions/0113-webhook-secrets-sealed-at-rest.md). A sealed value names the key that sealed
 * it, so during a rotation the old and the new key both open values, and the rotation knows which
 * rows it still has to redo.
 *
 * Sealed form: `sealed1.<key id>.<iv>.<ciphertext>.<tag>`, each part base64url. The caller's
 * context (a table, column and row id) is the associated data, so a sealed value copied onto
 * another row does not open there.
 */
export const SEALED_PREFIX = 'sealed1.';

const KEY_BYTES = 32;
const IV_BYTES = 12;

/** Where the keys come from: SECRET_KEY (and SECRET_KEY_PREVIOUS), or the data folder's files. */
export interface KeySource {
  /** SECRET_KEY; when set the data folder's key files are not used. */
  secretKey: string | undefined;
  /** SECRET_KEY_PREVIOUS: keys that still open values during a rotation, never seal. */
  previousSecretKeys: readonly string[];
  dataDir: string;
  /** Without SECRET_KEY: PostgreSQL in production refuses to start rather than make a key file. */
  keyRequired: boolean;
}

/** The data folder's key files: the key, and the two a rotation leaves or is making. */
export function keyFiles(dataDir: string) {
  return {
    current: path.join(dataDir, 'secret.key'),
    next: path.join(dataDir, 'secret.key.next'),
    previous: path.join(dataDir, 'secret.key.previous'),
  };
}

/** 32 bytes as base64 (or base64url) or as 64 hex digits; anything else is refused. */
export function parseKey(name: string, text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64')
      : undefined;
  if (key?.length !== KEY_BYTES) {
    throw new StartupError(
      `${name} must be 32 random bytes as base64 or 64 hex digits (make one with: openssl rand -base64 32)`,
    );
  }
  return key;
}

export function newKeyText(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** A short public name of a key: which key sealed a value, without saying anything of the key. */
export function keyId(key: Buffer): string {
  return createHash('sha256')
    .update('cohort secret key id\0')
    .update(key)
    .digest('base64url')
    .slice(0, 8);
}

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/** The id of the key a sealed value names; undefined for a value stored in clear. */
export function sealedKeyId(value: string): string | undefined {
  return isSealed(value) ? value.split('.')[1] : undefined;
}

export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return `${SEALED_PREFIX}${keyId(key)}.${parts.join('.')}`;
}

/** Opens a value sealed under `key`; throws when it was altered or belongs to another context. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [, , iv, body, tag] = sealed.split('.');
  if (iv === undefined || body === undefined || tag === undefined) {
    throw new Error('a sealed secret is malformed');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** Reads a key file, or undefined when there is none. */
function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StartupError(
      `cannot read the secret key file ${file} (${(error as NodeJS.ErrnoException).code}): make it readable by this user, or set SECRET_KEY`,
    );
  }
  return parseKey(file, text);
}

/**
 * Writes a key file readable by its owner only. Linked into place from a temporary file, so two
 * processes starting at once agree on one key and neither reads a half-written file.
 */
export function writeKeyFile(file: string, keyText: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${keyText}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

interface Keys {
  sealing: Buffer;
  /** Every key that opens values, by id: the sealing key among them. */
  opening: Map<string, Buffer>;
}

/**
 * The installation's keys, read on first use. From the data folder, it reads the files again when
 * they change (a `cohort secrets rotate` run beside a running server), so a server keeps sealing
 * with the current key and opens what the rotation sealed.
 */
export class SecretKeyring {
  readonly #source: KeySource;
  #keys: Keys | undefined;
  #fileStamp = '';

  constructor(source: KeySource) {
    this.#source = source;
  }

  /** True when the keys come from the data folder's files rather than SECRET_KEY. */
  get fromFiles(): boolean {
    return this.#source.secretKey === undefined;
  }

  get dataDir(): string {
    return this.#source.dataDir;
  }

  /** Reads (or on first start of the embedded default, makes) the keys; fails with a clear line. */
  load(): void {
    this.#keys = this.#read();
  }

  /** The id of the key that seals now. */
  sealingKeyId(): string {
    return keyId(this.#current().sealing);
  }

  seal(plain: string, context: string): string {
    return seal(this.#current().sealing, plain, context);
  }

  /** The clear text of a sealed value; a value stored in clear (not yet migrated) as it is. */
  open(value: string, context: string): string {
    if (!isSealed(value)) return value;
    const id = sealedKeyId(value) ?? '';
    let key = this.#current().opening.get(id);
    if (!key && this.fromFiles) {
      this.#keys = this.#read();
      key = this.#keys.opening.get(id);
    }
    if (!key) {
      throw new Error(
        `a secret is sealed under key ${id}, which is neither SECRET_KEY nor among SECRET_KEY_PREVIOUS`,
      );
    }
    return open(key, value, context);
  }

  #current(): Keys {
    if (!this.#keys) this.#keys = this.#read();
    else if (this.fromFiles && this.#stamp() !== this.#fileStamp) this.#keys = this.#read();
    return this.#keys;
  }

  #stamp(): string {
    const files = keyFiles(this.#source.dataDir);
    return [files.current, files.next]
      .map((file) => {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        return stat ? `${stat.ino}:${stat.mtimeMs}` : '-';
      })
      .join('/');
  }

  #read(): Keys {
    const source = this.#source;
    const previous = source.previousSecretKeys.map((text) => parseKey('SECRET_KEY_PREVIOUS', text));
    if (source.secretKey !== undefined) {
      const sealing = parseKey('SECRET_KEY', source.secretKey);
      return { sealing, opening: byId([sealing, ...previous]) };
    }
    if (source.keyRequired) {
      throw new StartupError(
        'SECRET_KEY is required with DATABASE_URL in production: set it to 32 random bytes (openssl rand -base64 32) and keep it apart from the database backups',
      );
    }
    const files = keyFiles(source.dataDir);
    let current = readKeyFile(files.current);
    if (!current) {
      try {
        writeKeyFile(files.current, newKeyText());
      } catch (error) {
        throw new StartupError(
          `cannot write the secret key file ${files.current} (${(error as NodeJS.ErrnoException).code}): make DATA_DIR writable by this user, or set SECRET_KEY`,
        );
      }
      current = readKeyFile(files.current);
    }
    if (!current) throw new StartupError(`the secret key file ${files.current} vanished`);
    const others = [readKeyFile(files.next), readKeyFile(files.previous)].filter(
      (key): key is Buffer => key !== undefined,
    );
    this.#fileStamp = this.#stamp();
    return { sealing: current, opening: byId([current, ...others, ...previous]) };
  }
}

function byId(keys: readonly Buffer[]): Map<string, Buffer> {
  return new Map(keys.map((key) => [keyId(key), key]));
}
