import path from 'node:path';
import { DEFAULT_SAMPLE_SIZE } from './audience/sample-estimate.ts';
import { SecretKeyring } from './platform/secrets/keyring.ts';
import { StartupError } from './platform/startup-error.ts';
import type { UploadsStore } from './platform/storage/index.ts';

/** Every setting Cohort reads, parsed once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  /** Origin of the dashboard pages that `dashboard_url` values point at. */
  publicUrl: string;
  webhookAllowPrivate: boolean;
  /** Time allowed for one webhook attempt (the signed ping too); 15 s (docs/webhooks.md). */
  webhookTimeoutMs: number;
  /**
   * How long a worker holds a claimed job before another may take it: the time a crashed worker's
   * jobs wait. It must outlast the longest job (a webhook attempt), as leases are not renewed.
   */
  jobLeaseMs: number;
  /**
   * How long a process stopped by SIGTERM (or SIGINT) may take to finish the requests and jobs in
   * hand before it hands back what is left and exits: SHUTDOWN_GRACE_SECONDS, 20 by default
   * (docs/operations.md, "Stopping and replacing a process").
   */
  shutdownGraceMs: number;
  logLevel: string;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`; open otherwise. */
  metricsToken: string | undefined;
  /** Requests a key may make before the contract's 60-second quiet period; 100 by contract. */
  rateLimitPerKey: number;
  /** Platform fee added to the participant incentive when no feasibility price applies. */
  defaultPlatformFeeCents: number;
  /**
   * Where outgoing mail is sent (`smtp://` or `smtps://`, nodemailer's URL options in the query);
   * unset, mail is kept in the database for `cohort mail list`
   * (docs/decisions/0078-mail-outbox.md).
   */
  smtpUrl: string | undefined;
  /** The From of outgoing mail; `Cohort <no-reply@HOST>` with PUBLIC_URL's host name by default. */
  mailFrom: string;
  /**
   * Mails sent per minute by every process together, 600 by default: MAIL_PER_MINUTE, kept in the
   * database (docs/decisions/0167-mail-a-person-can-trust.md).
   */
  mailPerMinute: number;
  /**
   * Unexcused no-shows in twelve months after which scheduled studies are closed to a participant:
   * NO_SHOW_LIMIT, 2 by default (docs/decisions/0179-no-shows.md).
   */
  noShowLimit: number;
  /**
   * The platform's fee on bonuses, in basis points (BONUS_FEE_PERCENT x 100; 0 by default),
   * charged on its own ledger line (docs/decisions/0089-bonuses.md).
   */
  bonusFeeBasisPoints: number;
  /**
   * The key that seals stored webhook signing secrets: SECRET_KEY, else a key file made in DATA_DIR
   * on first start; required with DATABASE_URL when NODE_ENV=production
   * (platform/secrets/keyring.ts).
   */
  secretKeys: SecretKeyring;
  /**
   * PSEUDO_LOCALE=1: a request whose Accept-Language starts with en-XA is answered in the
   * pseudo-locale (src/platform/i18n/pseudo.ts). For tests that look for untranslated text; off
   * in service.
   */
  pseudoLocale: boolean;
  /**
   * Where uploaded files are kept: UPLOADS_STORE, `postgres` by default with DATABASE_URL (every
   * process reads them), else `disk` under DATA_DIR (docs/decisions/0169-uploads-every-process-can-read.md).
   */
  uploadsStore: UploadsStore;
  /**
   * Participants in the fixed random sample audience counts are estimated from: AUDIENCE_SAMPLE_SIZE,
   * 16,000 by default (docs/decisions/0174-audience-counts-at-a-million.md).
   */
  audienceSampleSize: number;
  /**
   * Audience counts made exactly on the audience bitmaps: AUDIENCE_BITMAPS, on unless `off`
   * (docs/decisions/0190-audience-bitmaps.md); off, every count is made on the sample.
   */
  audienceBitmaps: boolean;
}

const DEFAULT_SHUTDOWN_GRACE_SECONDS = 20;
/** A grace longer than an hour is a typo: a stopped process would linger on its port for it. */
const MAX_SHUTDOWN_GRACE_SECONDS = 3600;

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new StartupError(`${name} must be a non-negative integer, got "${value}"`);
  }
  return parsed;
}

/** An SMTP URL, refused at start-up rather than at the first mail when it cannot be used. */
function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = URL.parse(value);
  if (url?.protocol !== 'smtp:' && url?.protocol !== 'smtps:') {
    throw new StartupError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  return value;
}

/** At least one: a limit of none would keep every mail queued for ever. */
function mailPerMinute(value: string | undefined): number {
  const perMinute = integer('MAIL_PER_MINUTE', value, 600);
  if (perMinute < 1) throw new StartupError(`MAIL_PER_MINUTE must be at least 1, got "${value}"`);
  return perMinute;
}

function defaultMailFrom(publicUrl: string): string {
  return `Cohort <no-reply@${URL.parse(publicUrl)?.hostname || 'localhost'}>`;
}

/** A percentage from 0 to 100 with at most two decimals, as whole basis points. */
function percentBasisPoints(name: string, value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value.trim());
  const points = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(points >= 0 && points <= 10_000)) {
    throw new StartupError(
      `${name} must be a percentage from 0 to 100 (at most two decimals), got "${value}"`,
    );
  }
  return points;
}

/** S3_URL is refused rather than ignored: files would go where the operator does not expect. */
function uploadsStore(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): UploadsStore {
  if (env.S3_URL) {
    throw new StartupError(
      'S3_URL is set, but this release stores uploads on disk or in PostgreSQL only (docs/decisions/0169-uploads-every-process-can-read.md): unset S3_URL',
    );
  }
  const chosen = env.UPLOADS_STORE || (databaseUrl ? 'postgres' : 'disk');
  if (chosen !== 'disk' && chosen !== 'postgres') {
    throw new StartupError(`UPLOADS_STORE must be disk or postgres, got "${chosen}"`);
  }
  if (chosen === 'postgres' && !databaseUrl) {
    throw new StartupError('UPLOADS_STORE=postgres needs DATABASE_URL');
  }
  return chosen;
}

function flag(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'yes';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer('PORT', env.PORT, 8080);
  const host = env.HOST || '127.0.0.1';
  const webhookTimeoutMs = integer('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 15_000);
  const jobLeaseMs = integer('JOB_LEASE_MS', env.JOB_LEASE_MS, 120_000);
  if (jobLeaseMs <= webhookTimeoutMs) {
    // A lease that lapses while an attempt still waits on its receiver lets a second worker send
    // the same delivery again.
    throw new StartupError(
      `JOB_LEASE_MS (${jobLeaseMs}) must be longer than WEBHOOK_TIMEOUT_MS (${webhookTimeoutMs})`,
    );
  }
  const shutdownGraceSeconds = integer(
    'SHUTDOWN_GRACE_SECONDS',
    env.SHUTDOWN_GRACE_SECONDS,
    DEFAULT_SHUTDOWN_GRACE_SECONDS,
  );
  if (shutdownGraceSeconds > MAX_SHUTDOWN_GRACE_SECONDS) {
    throw new StartupError(
      `SHUTDOWN_GRACE_SECONDS must be at most ${MAX_SHUTDOWN_GRACE_SECONDS} (an hour), got "${env.SHUTDOWN_GRACE_SECONDS}"`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    webhookAllowPrivate: flag(env.WEBHOOK_ALLOW_PRIVATE),
    webhookTimeoutMs,
    jobLeaseMs,
    shutdownGraceMs: shutdownGraceSeconds * 1000,
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    rateLimitPerKey: integer('RATE_LIMIT_PER_KEY', env.RATE_LIMIT_PER_KEY, 100),
    defaultPlatformFeeCents: integer('PLATFORM_FEE_CENTS', env.PLATFORM_FEE_CENTS, 200),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || defaultMailFrom(publicUrl),
    mailPerMinute: mailPerMinute(env.MAIL_PER_MINUTE),
    noShowLimit: Math.max(1, integer('NO_SHOW_LIMIT', env.NO_SHOW_LIMIT, 2)),
    bonusFeeBasisPoints: percentBasisPoints('BONUS_FEE_PERCENT', env.BONUS_FEE_PERCENT),
    secretKeys: new SecretKeyring({
      secretKey: env.SECRET_KEY || undefined,
      previousSecretKeys: (env.SECRET_KEY_PREVIOUS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
      dataDir,
      keyRequired: databaseUrl !== undefined && env.NODE_ENV === 'production',
    }),
    pseudoLocale: flag(env.PSEUDO_LOCALE),
    uploadsStore: uploadsStore(env, databaseUrl),
    audienceSampleSize: Math.max(
      1,
      integer('AUDIENCE_SAMPLE_SIZE', env.AUDIENCE_SAMPLE_SIZE, DEFAULT_SAMPLE_SIZE),
    ),
    audienceBitmaps: env.AUDIENCE_BITMAPS !== 'off',
  };
}
