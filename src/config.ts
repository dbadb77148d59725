import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { S3Settings } from './storage/s3-blob-store';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicBaseUrl: string | null;
  signingSecret: string | null;
  smtpUrl: string | null;
  stripeSecretKey: string | null;
  /** The provider's API origin; a stand-in (a test double, a proxy) may replace api.stripe.com. */
  stripeApiBase: string;
  /** The webhook endpoint's signing secret (`whsec_...`); null = the billing webhook answers 501. */
  stripeWebhookSecret: string | null;
  rulesetsDir: string | null;
  /**
   * Whether the service compiles the rule pack's XSLT with its speed rewrites in a background worker after
   * start-up (once per data dir; tier-2 checks about twice as fast afterwards). Default true.
   */
  rulesetsCompile: boolean;
  logLevel: LogLevel;
  /** Largest accepted request body; bigger bodies get a 413 in the error envelope. */
  maxBodyBytes: number;
  /** Render worker threads; 0 draws PDFs on the main thread. Default: one per core. */
  renderWorkers: number;
  /**
   * How long a background job's claim lasts without a heartbeat: after a crash (kill -9, power loss) its
   * jobs wait this long before the next start picks them up. Default 60 s.
   */
  jobLeaseSeconds: number;
  /** A render still drawing after this long is stopped (its worker replaced). Default 30 s. */
  renderTimeLimitSeconds: number;
  /**
   * While PDFs are drawn or tier-2 checks run, process RSS above this stops them: the busy render workers
   * are replaced (the render fails) and checks are cut short. Default 2048 MiB.
   */
  workerMemoryLimitMb: number;
  /** Tier-2 compliance check worker threads; 0 runs checks on the main thread (not for production). Default 1. */
  rulesWorkers: number;
  /** A tier-2 check still running after this long is cut short (its worker replaced). Default 60 s. */
  complianceTimeLimitSeconds: number;
  /** Tier-2 checks one account may have running at once through validate-compliance. Default 2. */
  complianceChecksPerAccount: number;
  /** INBOX_DIR: e-invoices dropped here are received by the job runtime (docs/receiving.md); null = off. */
  inboxDir: string | null;
  /** INBOX_ACCOUNT: whose inbox the folder feeds; null = the only account of the data dir. */
  inboxAccount: string | null;
  /** IMAP_URL and its companions: the mailbox the service takes e-invoices from (docs/receiving.md); null = off. */
  imap: ImapSettings | null;
  /** S3_BUCKET and its companions: files in an S3-compatible bucket instead of DATA_DIR (docs/storage.md). */
  s3: S3Settings | null;
  /**
   * DATABASE_URL (`postgres://` or `postgresql://`, TLS options such as `sslmode=require` in the URL): the
   * PostgreSQL database instead of the embedded SQLite file (docs/instances.md); null = SQLite in DATA_DIR.
   */
  databaseUrl: string | null;
  /**
   * DATABASE_POOL_SIZE: connections this instance keeps to PostgreSQL at most (default 10). Several
   * instances together must stay below the server's `max_connections` (docs/instances.md: sizing).
   */
  databasePoolSize: number;
  /**
   * RATE_LIMIT_STORE: where the per-account rate limit counts: `memory` (this process alone) or `database`
   * (shared by every instance on the database). Default `database` when DATABASE_URL is set, else `memory`.
   */
  rateLimitStore: 'memory' | 'database';
}

/** A mailbox to poll, read from IMAP_URL (never logged: it holds the password). */
export interface ImapSettings {
  host: string;
  port: number;
  /** imaps:// (TLS from the first byte); otherwise STARTTLS, required unless `allowPlain`. */
  secure: boolean;
  /** IMAP_ALLOW_PLAIN: an imap:// server that offers no STARTTLS is used unencrypted. */
  allowPlain: boolean;
  user: string;
  password: string;
  /** The folder new messages arrive in (the URL's path; INBOX when none). */
  mailbox: string;
  /** IMAP_ACCOUNT: whose inbox it feeds; null = the only account of the data dir. */
  accountId: string | null;
  /** IMAP_POLL_SECONDS: how often the folder is looked at besides IDLE's news. */
  pollSeconds: number;
}

/** A setting that makes start-up impossible; main prints `message` as one line and exits. */
export class ConfigError extends Error {}

type Source = Record<string, string | undefined>;

/** Env name -> the flag that may override it (`--port 9000` or `--port=9000`). */
const SETTINGS = {
  PORT: 'port',
  HOST: 'host',
  DATA_DIR: 'data-dir',
  PUBLIC_BASE_URL: 'public-base-url',
  SIGNING_SECRET: 'signing-secret',
  SMTP_URL: 'smtp-url',
  STRIPE_SECRET_KEY: 'stripe-secret-key',
  STRIPE_API_BASE: 'stripe-api-base',
  STRIPE_WEBHOOK_SECRET: 'stripe-webhook-secret',
  RULESETS_DIR: 'rulesets-dir',
  RULESETS_COMPILE: 'rulesets-compile',
  LOG_LEVEL: 'log-level',
  MAX_BODY_BYTES: 'max-body-bytes',
  RENDER_WORKERS: 'render-workers',
  JOB_LEASE_SECONDS: 'job-lease-seconds',
  RULES_WORKERS: 'rules-workers',
  RENDER_TIME_LIMIT_SECONDS: 'render-time-limit-seconds',
  WORKER_MEMORY_LIMIT_MB: 'worker-memory-limit-mb',
  COMPLIANCE_TIME_LIMIT_SECONDS: 'compliance-time-limit-seconds',
  INBOX_DIR: 'inbox-dir',
  INBOX_ACCOUNT: 'inbox-account',
  COMPLIANCE_CHECKS_PER_ACCOUNT: 'compliance-checks-per-account',
  IMAP_URL: 'imap-url',
  IMAP_ACCOUNT: 'imap-account',
  IMAP_POLL_SECONDS: 'imap-poll-seconds',
  IMAP_ALLOW_PLAIN: 'imap-allow-plain',
  S3_BUCKET: 's3-bucket',
  S3_ENDPOINT: 's3-endpoint',
  S3_REGION: 's3-region',
  S3_ACCESS_KEY_ID: 's3-access-key-id',
  S3_SECRET_ACCESS_KEY: 's3-secret-access-key',
  S3_PATH_STYLE: 's3-path-style',
  DATABASE_URL: 'database-url',
  DATABASE_POOL_SIZE: 'database-pool-size',
  RATE_LIMIT_STORE: 'rate-limit-store',
} as const;

/** The AWS tools' names, read when the S3_* one is not set (env only: no flags). */
const AWS_FALLBACKS = {
  S3_ENDPOINT: 'AWS_ENDPOINT_URL',
  S3_REGION: 'AWS_REGION',
  S3_ACCESS_KEY_ID: 'AWS_ACCESS_KEY_ID',
  S3_SECRET_ACCESS_KEY: 'AWS_SECRET_ACCESS_KEY',
} as const;

export const SETTING_FLAGS: readonly string[] = Object.values(SETTINGS);

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function origin(raw: string, name = 'PUBLIC_BASE_URL'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${raw}"`);
  }
  // Keep a path prefix (a reverse proxy may mount the service under one) but no trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function smtp(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: the value may hold a password, and this line ends up in logs.
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 (not a valid URL)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must use smtp:// or smtps://, got "${url.protocol}"`);
  }
  return raw;
}

// Neither secret is echoed: a wrong value pasted here may still be a live secret.
function stripeSecretKey(raw: string): string {
  if (!/^(sk|rk)_(test|live)_\w+$/.test(raw)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be a secret or restricted key (sk_live_..., sk_test_..., rk_...)',
    );
  }
  return raw;
}

function stripeWebhookSecret(raw: string): string {
  if (!/^whsec_\w{8,}$/.test(raw)) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...)");
  }
  return raw;
}

function yesNo(name: string, raw: string): boolean {
  if (!['true', 'false', '1', '0'].includes(raw))
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  return raw === 'true' || raw === '1';
}

/** IMAP_URL: `imaps://user:password@host:993/INBOX`; the value is never echoed (it holds a password). */
function imap(
  raw: string,
  rest: Pick<ImapSettings, 'allowPlain' | 'accountId' | 'pollSeconds'>,
): ImapSettings {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('IMAP_URL must look like imaps://user:password@host:993/INBOX (not a valid URL)');
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') {
    throw new ConfigError(`IMAP_URL must use imaps:// or imap:// (STARTTLS), got "${url.protocol}"`);
  }
  if (url.username === '' || url.password === '' || url.hostname === '') {
    throw new ConfigError(
      'IMAP_URL must name a host, a user and a password (imaps://user:password@host/INBOX)',
    );
  }
  const secure = url.protocol === 'imaps:';
  const folder = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 993 : 143) : Number(url.port),
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: folder === '' ? 'INBOX' : folder,
    ...rest,
  };
}

/** S3_BUCKET set: the bucket, its endpoint and keys (never echoed); null = files under DATA_DIR. */
function s3(get: (key: keyof typeof SETTINGS) => string | null, env: Source): S3Settings | null {
  const bucket = get('S3_BUCKET');
  if (bucket === null) return null;
  const read = (key: keyof typeof AWS_FALLBACKS) => get(key) ?? nonEmpty(env[AWS_FALLBACKS[key]]);
  const endpoint = read('S3_ENDPOINT');
  const accessKeyId = read('S3_ACCESS_KEY_ID');
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY');
  if (accessKeyId === null || secretAccessKey === null) {
    throw new ConfigError(
      'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    );
  }
  const pathStyle = get('S3_PATH_STYLE');
  return {
    bucket,
    endpoint: endpoint === null ? null : origin(endpoint, 'S3_ENDPOINT'),
    region: read('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    pathStyle: pathStyle === null ? endpoint !== null : yesNo('S3_PATH_STYLE', pathStyle),
  };
}

/** Several instances share one database (DATABASE_URL) and so the rate limit's counts by default. */
function rateLimitStore(raw: string | null, databaseUrl: string | null): 'memory' | 'database' {
  const value = raw ?? (databaseUrl === null ? 'memory' : 'database');
  if (value !== 'memory' && value !== 'database')
    throw new ConfigError(`RATE_LIMIT_STORE must be memory or database, got "${value}"`);
  return value;
}

function backgroundOrOff(name: string, raw: string): boolean {
  if (raw !== 'background' && raw !== 'off')
    throw new ConfigError(`${name} must be background or off, got "${raw}"`);
  return raw === 'background';
}

/** Reads every setting from env, lets flags override, and validates once. Throws ConfigError. */
export function loadConfig(env: Source, flags: Source = {}, cwd = process.cwd()): Config {
  const get = (key: keyof typeof SETTINGS) => nonEmpty(flags[SETTINGS[key]] ?? env[key]);
  const level = get('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  }
  const dataDir = get('DATA_DIR') ?? './data';
  const secret = get('SIGNING_SECRET');
  if (secret !== null && secret.length < 16) {
    throw new ConfigError('SIGNING_SECRET must be at least 16 characters');
  }
  const publicBaseUrl = get('PUBLIC_BASE_URL');
  const smtpUrl = get('SMTP_URL');
  const rulesetsDir = get('RULESETS_DIR');
  const maxBody = get('MAX_BODY_BYTES');
  const workers = get('RENDER_WORKERS');
  const stripeKey = get('STRIPE_SECRET_KEY');
  const webhookSecret = get('STRIPE_WEBHOOK_SECRET');
  const inboxDir = get('INBOX_DIR');
  const imapUrl = get('IMAP_URL');
  return {
    port: integer('PORT', get('PORT') ?? '8080', 0, 65535),
    host: get('HOST') ?? '127.0.0.1',
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    publicBaseUrl: publicBaseUrl === null ? null : origin(publicBaseUrl),
    signingSecret: secret,
    smtpUrl: smtpUrl === null ? null : smtp(smtpUrl),
    stripeSecretKey: stripeKey === null ? null : stripeSecretKey(stripeKey),
    stripeApiBase: origin(get('STRIPE_API_BASE') ?? 'https://api.stripe.com', 'STRIPE_API_BASE'),
    stripeWebhookSecret: webhookSecret === null ? null : stripeWebhookSecret(webhookSecret),
    rulesetsDir: rulesetsDir === null ? null : resolve(cwd, rulesetsDir),
    rulesetsCompile: backgroundOrOff('RULESETS_COMPILE', get('RULESETS_COMPILE') ?? 'background'),
    logLevel: level as LogLevel,
    maxBodyBytes: integer('MAX_BODY_BYTES', maxBody ?? String(10 * 1024 * 1024), 1024, 1024 * 1024 * 1024),
    renderWorkers: integer('RENDER_WORKERS', workers ?? String(availableParallelism()), 0, 64),
    jobLeaseSeconds: integer('JOB_LEASE_SECONDS', get('JOB_LEASE_SECONDS') ?? '60', 1, 3600),
    rulesWorkers: integer('RULES_WORKERS', get('RULES_WORKERS') ?? '2', 0, 64),
    renderTimeLimitSeconds: integer(
      'RENDER_TIME_LIMIT_SECONDS',
      get('RENDER_TIME_LIMIT_SECONDS') ?? '30',
      1,
      3600,
    ),
    workerMemoryLimitMb: integer(
      'WORKER_MEMORY_LIMIT_MB',
      get('WORKER_MEMORY_LIMIT_MB') ?? '2048',
      64,
      1024 * 1024,
    ),
    complianceTimeLimitSeconds: integer(
      'COMPLIANCE_TIME_LIMIT_SECONDS',
      get('COMPLIANCE_TIME_LIMIT_SECONDS') ?? '60',
      1,
      3600,
    ),
    complianceChecksPerAccount: integer(
      'COMPLIANCE_CHECKS_PER_ACCOUNT',
      get('COMPLIANCE_CHECKS_PER_ACCOUNT') ?? '2',
      1,
      1000,
    ),
    inboxDir: inboxDir === null ? null : resolve(cwd, inboxDir),
    inboxAccount: get('INBOX_ACCOUNT'),
    imap:
      imapUrl === null
        ? null
        : imap(imapUrl, {
            allowPlain: yesNo('IMAP_ALLOW_PLAIN', get('IMAP_ALLOW_PLAIN') ?? 'false'),
            accountId: get('IMAP_ACCOUNT'),
            pollSeconds: integer('IMAP_POLL_SECONDS', get('IMAP_POLL_SECONDS') ?? '60', 1, 86_400),
          }),
    s3: s3(get, env),
    databaseUrl: databaseUrl(get('DATABASE_URL')),
    databasePoolSize: integer('DATABASE_POOL_SIZE', get('DATABASE_POOL_SIZE') ?? '10', 1, 1000),
    rateLimitStore: rateLimitStore(get('RATE_LIMIT_STORE'), get('DATABASE_URL')),
  };
}

/** DATABASE_URL: a PostgreSQL URL or nothing (never echoed: it may hold the password). */
function databaseUrl(raw: string | null): string | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL such as postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//"`,
    );
  }
  return raw;
}
