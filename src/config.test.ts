import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      webhookAllowPrivate: false,
      rateLimitPerKey: 100,
      webhookTimeoutMs: 15_000,
      jobLeaseMs: 120_000,
      smtpUrl: undefined,
      mailFrom: 'Cohort <no-reply@localhost>',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads each variable, trimming a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      PUBLIC_URL: 'https://cohort.example.org/',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_PER_KEY: '500',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://x@127.0.0.1/db',
      publicUrl: 'https://cohort.example.org',
      webhookAllowPrivate: true,
      rateLimitPerKey: 500,
    });
  });

  it('sends mail through SMTP_URL from MAIL_FROM, or from no-reply at the public host', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtp://mail.example.org:587',
        PUBLIC_URL: 'https://cohort.example.org',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://mail.example.org:587',
      mailFrom: 'Cohort <no-reply@cohort.example.org>',
    });
    expect(loadConfig({ MAIL_FROM: 'Lab <lab@example.org>' }).mailFrom).toBe(
      'Lab <lab@example.org>',
    );
  });

  it('refuses an SMTP_URL that is not an SMTP URL, without echoing it (it may hold a password)', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://user:secret@mail.example.org' })).toThrow(
      /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/,
    );
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('refuses malformed numbers', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ RATE_LIMIT_PER_KEY: '-1' })).toThrow(/RATE_LIMIT_PER_KEY/);
  });

  it('reads BONUS_FEE_PERCENT as basis points, 0 by default, refusing anything but 0 to 100', () => {
    expect(loadConfig({}).bonusFeeBasisPoints).toBe(0);
    expect(loadConfig({ BONUS_FEE_PERCENT: '33.3' }).bonusFeeBasisPoints).toBe(3_330);
    expect(loadConfig({ BONUS_FEE_PERCENT: '5' }).bonusFeeBasisPoints).toBe(500);
    expect(loadConfig({ BONUS_FEE_PERCENT: '100' }).bonusFeeBasisPoints).toBe(10_000);
    for (const bad of ['-1', '101', '2.555', 'ten', '1e2']) {
      expect(() => loadConfig({ BONUS_FEE_PERCENT: bad })).toThrow(/BONUS_FEE_PERCENT/);
    }
  });

  it('refuses a job lease no longer than a webhook send may take', () => {
    // A lease that lapses mid-send would let a second worker send the same delivery again.
    expect(() => loadConfig({ JOB_LEASE_MS: '15000' })).toThrow(/JOB_LEASE_MS/);
    expect(() => loadConfig({ JOB_LEASE_MS: '20000', WEBHOOK_TIMEOUT_MS: '25000' })).toThrow(
      /WEBHOOK_TIMEOUT_MS/,
    );
    expect(loadConfig({ JOB_LEASE_MS: '15001' }).jobLeaseMs).toBe(15_001);
  });

  it('reads SHUTDOWN_GRACE_SECONDS as milliseconds, 20 s by default, refusing anything but 0 to 3600', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(20_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '45' }).shutdownGraceMs).toBe(45_000);
    for (const bad of ['-1', '2.5', 'soon', '3601']) {
      expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: bad })).toThrow(/^SHUTDOWN_GRACE_SECONDS/);
    }
  });
});
