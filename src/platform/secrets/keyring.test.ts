import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error.ts';
import {
  isSealed,
  keyFiles,
  keyId,
  newKeyText,
  open,
  parseKey,
  SecretKeyring,
  seal,
  sealedKeyId,
  writeKeyFile,
} from './keyring.ts';

const key = () => parseKey('k', newKeyText());
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-keyring-'));
const fileRing = (dataDir: string) =>
  new SecretKeyring({ secretKey: undefined, previousSecretKeys: [], dataDir, keyRequired: false });

describe('sealing', () => {
  it('opens what it sealed, and the sealed form never contains the clear text', () => {
    const k = key();
    fc.assert(
      fc.property(fc.string({ minLength: 4 }), fc.string(), (plain, context) => {
        const sealed = seal(k, plain, context);
        expect(isSealed(sealed)).toBe(true);
        expect(sealed).not.toContain(plain);
        expect(sealedKeyId(sealed)).toBe(keyId(k));
        expect(open(k, sealed, context)).toBe(plain);
      }),
    );
  });

  it('seals the same text differently each time (a fresh nonce)', () => {
    const k = key();
    expect(seal(k, 'whsec_x', 'c')).not.toBe(seal(k, 'whsec_x', 'c'));
  });

  it('refuses another key, another context and any altered byte', () => {
    const k = key();
    const sealed = seal(k, 'whsec_secret', 'row:1');
    expect(() => open(key(), sealed, 'row:1')).toThrow();
    expect(() => open(k, sealed, 'row:2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => open(k, parts.join('.'), 'row:1')).toThrow();
  });
});

describe('keys', () => {
  it('reads 32 bytes as base64, base64url or hex, and refuses anything else in one line', () => {
    const bytes = Buffer.alloc(32, 7);
    for (const text of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
    ]) {
      expect(parseKey('SECRET_KEY', text).equals(bytes)).toBe(true);
    }
    for (const text of ['', 'short', Buffer.alloc(16).toString('base64'), 'x'.repeat(64)]) {
      expect(() => parseKey('SECRET_KEY', text)).toThrow(StartupError);
      expect(() => parseKey('SECRET_KEY', text)).toThrow(/^SECRET_KEY must be 32 random bytes/);
    }
  });

  it('makes the key file on first use, readable by its owner only, and keeps it', () => {
    const dir = tempDir();
    const ring = fileRing(dir);
    ring.load();
    const file = keyFiles(dir).current;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = ring.seal('whsec_a', 'c');
    const again = fileRing(dir);
    expect(again.open(sealed, 'c')).toBe('whsec_a');
    expect(again.sealingKeyId()).toBe(ring.sealingKeyId());
  });

  it('agrees on one key when two processes make it at once', () => {
    const dir = tempDir();
    const file = keyFiles(dir).current;
    expect(writeKeyFile(file, newKeyText())).toBe(true);
    const first = fs.readFileSync(file, 'utf8');
    expect(writeKeyFile(file, newKeyText())).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
  });

  it('refuses to start without SECRET_KEY when one is required', () => {
    const ring = new SecretKeyring({
      secretKey: undefined,
      previousSecretKeys: [],
      dataDir: tempDir(),
      keyRequired: true,
    });
    expect(() => ring.load()).toThrow(/^SECRET_KEY is required with DATABASE_URL in production/);
  });

  it('opens values of SECRET_KEY_PREVIOUS and seals only under SECRET_KEY', () => {
    const [oldText, newText] = [newKeyText(), newKeyText()];
    const before = new SecretKeyring({
      secretKey: oldText,
      previousSecretKeys: [],
      dataDir: tempDir(),
      keyRequired: true,
    });
    const during = new SecretKeyring({
      secretKey: newText,
      previousSecretKeys: [oldText],
      dataDir: tempDir(),
      keyRequired: true,
    });
    const sealedBefore = before.seal('whsec_old', 'c');
    expect(during.open(sealedBefore, 'c')).toBe('whsec_old');
    expect(sealedKeyId(during.seal('whsec_new', 'c'))).toBe(keyId(parseKey('n', newText)));
    expect(() => before.open(during.seal('whsec_new', 'c'), 'c')).toThrow(
      /neither SECRET_KEY nor among SECRET_KEY_PREVIOUS/,
    );
  });

  it('follows the key files a rotation beside it replaces', () => {
    const dir = tempDir();
    const running = fileRing(dir);
    const sealedBefore = running.seal('whsec_before', 'c');
    const files = keyFiles(dir);
    // What `cohort secrets rotate` does: the next key, then the files swapped.
    const nextText = newKeyText();
    writeKeyFile(files.next, nextText);
    const next = parseKey('next', nextText);
    const sealedByRotation = seal(next, 'whsec_before', 'c');
    expect(running.open(sealedByRotation, 'c')).toBe('whsec_before');
    fs.copyFileSync(files.current, files.previous);
    fs.renameSync(files.next, files.current);
    expect(sealedKeyId(running.seal('whsec_after', 'c'))).toBe(keyId(next));
    expect(running.open(sealedBefore, 'c')).toBe('whsec_before');
  });

  it('passes a value stored in clear (before sealing) through as it is', () => {
    expect(fileRing(tempDir()).open('whsec_clear', 'c')).toBe('whsec_clear');
  });
});
