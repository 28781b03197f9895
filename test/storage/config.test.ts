import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

/** Which store the configuration names (docs/decisions/0169-uploads-every-process-can-read.md). */
describe('the uploads store a configuration names', () => {
  const url = 'postgres://cohort@127.0.0.1/cohort';

  it('is disk for the embedded default and postgres with DATABASE_URL, unless UPLOADS_STORE says', () => {
    expect(loadConfig({}).uploadsStore).toBe('disk');
    expect(loadConfig({ DATABASE_URL: url }).uploadsStore).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: url, UPLOADS_STORE: 'disk' }).uploadsStore).toBe('disk');
    expect(loadConfig({ DATABASE_URL: url, UPLOADS_STORE: 'postgres' }).uploadsStore).toBe(
      'postgres',
    );
  });

  it('refuses, in one line, a store it cannot use', () => {
    expect(() => loadConfig({ UPLOADS_STORE: 'postgres' })).toThrow(
      'UPLOADS_STORE=postgres needs DATABASE_URL',
    );
    expect(() => loadConfig({ DATABASE_URL: url, UPLOADS_STORE: 's3' })).toThrow(
      'UPLOADS_STORE must be disk or postgres, got "s3"',
    );
    expect(() => loadConfig({ DATABASE_URL: url, S3_URL: 's3://bucket' })).toThrow(
      /S3_URL is set, but this release stores uploads on disk or in PostgreSQL only/,
    );
  });
});
