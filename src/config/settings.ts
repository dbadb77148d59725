// Every setting, declared once: its env name (the key), the flag that overrides it, the Config field it fills,
// how its value is parsed, its default, and its line in the README's configuration table. `SETTINGS`,
// `SETTING_FLAGS`, the `Config` type and `loadConfig` (src/config.ts) are derived from it, and so is the
// README table (`npm run settings:table`; test/unit/config-table.test.ts fails when it is stale).
// The order here is the table's.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { imapServer } from './imap';
import {
  atLeast,
  ConfigError,
  dataDirectory,
  directory,
  httpOrigin,
  integer,
  oneOf,
  type Parse,
  postgresUrl,
  smtpUrl,
  stripeSecretKey,
  stripeWebhookSecret,
  text,
  yesNo,
} from './parse';

/** A DNS zone (`participant.sml.prod.tech.peppol.org`), lowercased, without a trailing dot. */
const dnsZone: Parse<string> = (raw, { name }) => {
  const zone = raw.toLowerCase().replace(/\.$/, '');
  const labels = zone.split('.');
  if (zone.length > 200 || !labels.every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) {
    throw new ConfigError(
      `${name} must be a DNS zone such as participant.sml.prod.tech.peppol.org, got "${raw}"`,
    );
  }
  return zone;
};

/** `1.1.1.1`, `1.1.1.1:5353`, `::1`, `[::1]:5353`, comma-separated: IP addresses, port 53 unless given. */
const dnsServers: Parse<{ host: string; port: number }[]> = (raw, { name }) =>
  raw.split(',').map((item) => {
    const entry = item.trim();
    const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+)(?::(\d+))?$/.exec(entry);
    const [host, port] = match ? [match[1] as string, Number(match[2] ?? 53)] : [entry, 53];
    if (isIP(host) === 0 || !Number.isInteger(port) || port < 1 || port > 65535) {
      throw new ConfigError(`${name} must list DNS server addresses (1.1.1.1, [::1]:53), got "${entry}"`);
    }
    return { host, port };
  });

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Another setting's value as given (flag, else env, else its fallback), trimmed; null when unset. Typed by
 * `string`, not the setting names, since those come from the declaration this type is part of.
 */
export type RawSetting = (name: string) => string | null;

interface SettingBase {
  /** The flag that overrides the environment (`--port 9000` or `--port=9000`). */
  flag: string;
  /** The Config field it fills; none for the settings read together into one (IMAP_*: `imap`, S3_*: `s3`). */
  field?: string;
  /** Gets the trimmed, non-empty value (or the default); throws ConfigError. */
  parse: Parse<unknown>;
  /** A name the AWS tools use, read (env only) when this setting is unset. */
  fallback?: string;
  /** The README's "Meaning" column. */
  doc: string;
}

/**
 * Unset, a setting is parsed from its `default`, or is null without one. The README's "Default" column is
 * `shown`, else the fixed default in backticks, else "none"; a derived default must say what it is.
 */
type SettingDefault =
  | { default?: string; shown?: string }
  | { default: (raw: RawSetting) => string; shown: string };

export type SettingSpec = SettingBase & SettingDefault;

export const SETTING_SPECS = {
  PORT: {
    flag: 'port',
    field: 'port',
    parse: integer(0, 65535),
    default: '8080',
    doc: 'TCP port (`0` picks a free one and prints it)',
  },
  HOST: {
    flag: 'host',
    field: 'host',
    parse: text,
    default: '127.0.0.1',
    doc: 'address to bind; `0.0.0.0` to serve the network',
  },
  DATA_DIR: {
    flag: 'data-dir',
    field: 'dataDir',
    parse: dataDirectory,
    default: './data',
    doc: 'SQLite database, files (unless `S3_BUCKET`), signing secret',
  },
  PUBLIC_BASE_URL: {
    flag: 'public-base-url',
    field: 'publicBaseUrl',
    parse: httpOrigin,
    shown: 'request origin',
    doc: "origin (and optional path prefix) used in `download_url` links and as billing's default return address; its origin also counts as the service's own for sign-in and for writes with the session cookie, and `https://` here marks that cookie `Secure`",
  },
  SIGNING_SECRET: {
    flag: 'signing-secret',
    field: 'signingSecret',
    parse: atLeast(16),
    shown: 'generated',
    doc: "secret (at least 16 characters) for signed download links and the sealed answers of idempotent requests; unset = generated once into `DATA_DIR/signing-secret` (mode 600), or with `S3_BUCKET` derived from the bucket's key; the same on every instance ([docs/storage.md](docs/storage.md))",
  },
  SMTP_URL: {
    flag: 'smtp-url',
    field: 'smtpUrl',
    parse: smtpUrl,
    doc: '`smtp://user:pass@host:587` or `smtps://…` for sending documents',
  },
  STRIPE_SECRET_KEY: {
    flag: 'stripe-secret-key',
    field: 'stripeSecretKey',
    parse: stripeSecretKey,
    doc: 'payment provider secret key (`sk_...`/`rk_...`); checkout and portal answer 501 without it ([docs/billing.md](docs/billing.md))',
  },
  STRIPE_API_BASE: {
    flag: 'stripe-api-base',
    field: 'stripeApiBase',
    parse: httpOrigin,
    default: 'https://api.stripe.com',
    doc: "the provider's API origin (a proxy or a test double)",
  },
  STRIPE_WEBHOOK_SECRET: {
    flag: 'stripe-webhook-secret',
    field: 'stripeWebhookSecret',
    parse: stripeWebhookSecret,
    doc: 'signing secret (`whsec_...`) of the provider webhook `POST /api/v1/billing/webhook`; it answers 501 without it',
  },
  RULESETS_DIR: {
    flag: 'rulesets-dir',
    field: 'rulesetsDir',
    parse: directory,
    doc: 'an e-invoicing rule pack (the official Schematron/XSD artefacts with a `manifest.json`) to use instead of the one installed with `rules install` or, without either, the official pack embedded in the executable; see [E-invoicing rules](#e-invoicing-rules)',
  },
  RULESETS_COMPILE: {
    flag: 'rulesets-compile',
    field: 'rulesetsCompile',
    parse: oneOf(['background', 'off'], (value) => value === 'background'),
    default: 'background',
    doc: "`background`: after start-up a worker thread compiles the pack's rules with speed rewrites into `<DATA_DIR>/cache/sef` when they are not there yet (the executable brings them compiled for its embedded pack; for another pack once per pack, minutes and up to ~800 MiB; tier-2 checks about twice as fast for UBL); `off`: keep the pack's own compiled rules ([docs/einvoicing-rules.md](docs/einvoicing-rules.md))",
  },
  LOG_LEVEL: {
    flag: 'log-level',
    field: 'logLevel',
    parse: oneOf(LOG_LEVELS),
    default: 'info',
    doc: `${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')}; JSON lines on stderr`,
  },
  MAX_BODY_BYTES: {
    flag: 'max-body-bytes',
    field: 'maxBodyBytes',
    parse: integer(1024, 1024 * 1024 * 1024),
    default: String(10 * 1024 * 1024),
    doc: 'largest request body; larger ones get a 413',
  },
  RENDER_WORKERS: {
    flag: 'render-workers',
    field: 'renderWorkers',
    parse: integer(0, 64),
    default: () => String(availableParallelism()),
    shown: 'one per core',
    doc: 'PDF worker threads; `0` draws on the main thread',
  },
  RENDER_TIME_LIMIT_SECONDS: {
    flag: 'render-time-limit-seconds',
    field: 'renderTimeLimitSeconds',
    parse: integer(1, 3600),
    default: '30',
    doc: 'a PDF still drawing after this is stopped (422), its worker replaced',
  },
  WORKER_MEMORY_LIMIT_MB: {
    flag: 'worker-memory-limit-mb',
    field: 'workerMemoryLimitMb',
    parse: integer(64, 1024 * 1024),
    default: '2048',
    doc: 'while PDFs are drawn or tier-2 checks run, a process RSS above this stops them (renders 422, checks cut short), workers replaced',
  },
  RULES_WORKERS: {
    flag: 'rules-workers',
    field: 'rulesWorkers',
    parse: integer(0, 64),
    default: '2',
    doc: 'threads for the official e-invoicing rules (tier 2): each runs a whole check (XSD, then every ruleset), so two run two checks at once; they start when checks need them, not with the server; `0` runs checks on the main thread',
  },
  SHARE_HOST_WORKERS: {
    flag: 'share-host-workers',
    field: 'shareHostWorkers',
    parse: yesNo,
    default: 'true',
    doc: 'instances of one `DATABASE_URL` on one host divide `RENDER_WORKERS` and `RULES_WORKERS` (and the readers of received files) among themselves (each at least one, counted again as instances start and stop; [docs/instances.md](docs/instances.md)); `false`: each instance runs them all',
  },
  COMPLIANCE_TIME_LIMIT_SECONDS: {
    flag: 'compliance-time-limit-seconds',
    field: 'complianceTimeLimitSeconds',
    parse: integer(1, 3600),
    default: '60',
    doc: 'a tier-2 check running longer is cut short (reported, never a pass)',
  },
  COMPLIANCE_CHECKS_PER_ACCOUNT: {
    flag: 'compliance-checks-per-account',
    field: 'complianceChecksPerAccount',
    parse: integer(1, 1000),
    default: '2',
    doc: '`validate-compliance` calls one account may run at once (429 beyond)',
  },
  JOB_LEASE_SECONDS: {
    flag: 'job-lease-seconds',
    field: 'jobLeaseSeconds',
    parse: integer(1, 3600),
    default: '60',
    doc: "how long a background job's claim holds without a heartbeat; after a crash its work resumes this long after the next start ([docs/jobs.md](docs/jobs.md)); also the lease of the inbox folder's and the mailbox's watcher, which another instance takes over this long after its holder died ([docs/instances.md](docs/instances.md))",
  },
  STOP_GRACE_SECONDS: {
    flag: 'stop-grace-seconds',
    field: 'stopGraceSeconds',
    parse: integer(0, 3600),
    default: '8',
    doc: "how long a stop (SIGTERM, SIGINT, SIGHUP) lets requests in progress answer and running background jobs finish; what outlives it is cut and released for the next start or another instance at once. 8 leaves a container's stop (Docker's 10 s before it kills) time to release them; raise it with the platform's own (`docker run --stop-timeout`, Compose's `stop_grace_period`, Kubernetes' `terminationGracePeriodSeconds`) ([docs/jobs.md](docs/jobs.md))",
  },
  INBOX_DIR: {
    flag: 'inbox-dir',
    field: 'inboxDir',
    parse: directory,
    doc: 'a folder of received e-invoices the server takes into the inbox (moved to `processed/` or `failed/`; [docs/receiving.md](docs/receiving.md)); `serve` stops at start with one line when it does not exist, is a file or this user may not write it',
  },
  INBOX_ACCOUNT: {
    flag: 'inbox-account',
    field: 'inboxAccount',
    parse: text,
    shown: 'the only account',
    doc: 'whose inbox `INBOX_DIR` feeds',
  },
  // IMAP_*: read together into `imap` (src/config.ts), the companions only when IMAP_URL is set.
  IMAP_URL: {
    flag: 'imap-url',
    parse: imapServer,
    doc: 'a mailbox whose e-invoices the server takes into the inbox: `imaps://user:password@host:993/INBOX` (percent-encoded; the path is the folder), or `imap://` with STARTTLS; messages move to `Processed` or `Failed`; never logged ([docs/receiving.md](docs/receiving.md#e-mail-intake-imap_url))',
  },
  IMAP_ACCOUNT: {
    flag: 'imap-account',
    parse: text,
    shown: 'the only account',
    doc: 'whose inbox `IMAP_URL` feeds',
  },
  IMAP_POLL_SECONDS: {
    flag: 'imap-poll-seconds',
    parse: integer(1, 86_400),
    default: '60',
    doc: "how often the mailbox folder is looked at besides IMAP IDLE's news (1-86400)",
  },
  IMAP_ALLOW_PLAIN: {
    flag: 'imap-allow-plain',
    parse: yesNo,
    default: 'false',
    doc: '`true`: an `imap://` server without STARTTLS is used unencrypted (a local server only)',
  },
  // S3_*: read together into `s3` (src/config.ts), the companions only when S3_BUCKET is set (given without
  // it, an S3_* companion stops start-up).
  S3_BUCKET: {
    flag: 's3-bucket',
    parse: text,
    doc: 'keep every file (renders, uploads, received originals, staged imports) in this S3-compatible bucket instead of `DATA_DIR`; `backup`/`restore` then refuse: back the bucket up with a bucket copy ([docs/storage.md](docs/storage.md)); an `S3_*` setting below given without it stops start-up (a forgotten or misspelt `S3_BUCKET` would keep the files in `DATA_DIR`), the `AWS_*` fallbacks do not count',
  },
  S3_ENDPOINT: {
    flag: 's3-endpoint',
    parse: httpOrigin,
    fallback: 'AWS_ENDPOINT_URL',
    shown: 'AWS',
    doc: "the S3-compatible server's origin (`https://minio.example.net:9000`)",
  },
  S3_REGION: {
    flag: 's3-region',
    parse: text,
    fallback: 'AWS_REGION',
    default: 'us-east-1',
    doc: 'region the requests are signed for',
  },
  S3_ACCESS_KEY_ID: {
    flag: 's3-access-key-id',
    parse: text,
    fallback: 'AWS_ACCESS_KEY_ID',
    doc: 'required with `S3_BUCKET`',
  },
  S3_SECRET_ACCESS_KEY: {
    flag: 's3-secret-access-key',
    parse: text,
    fallback: 'AWS_SECRET_ACCESS_KEY',
    doc: 'required with `S3_BUCKET`; never logged',
  },
  S3_PATH_STYLE: {
    flag: 's3-path-style',
    parse: yesNo,
    default: (raw) => String(raw('S3_ENDPOINT') !== null),
    shown: '`true` with an endpoint',
    doc: '`true`: `endpoint/bucket/key` (MinIO, Ceph, Garage); `false`: `bucket.endpoint/key`',
  },
  S3_ANSWER_TIMEOUT_SECONDS: {
    flag: 's3-answer-timeout-seconds',
    parse: integer(1, 86400),
    default: '90',
    doc: 'how long a request to the bucket may wait for its answer (plus a second per MiB written) before it is answered 503: a store that stopped answering without closing its connections is left instead of waited for; streamed uploads and downloads are not bounded ([docs/storage.md](docs/storage.md))',
  },
  DATABASE_URL: {
    flag: 'database-url',
    field: 'databaseUrl',
    parse: postgresUrl,
    shown: 'none (SQLite in `DATA_DIR`)',
    doc: '`postgres://user:password@host:5432/db?sslmode=require`: keep the data in PostgreSQL instead, migrated at start under an advisory lock, so several instances can share it ([docs/instances.md](docs/instances.md)); never logged',
  },
  DATABASE_POOL_SIZE: {
    flag: 'database-pool-size',
    field: 'databasePoolSize',
    parse: integer(1, 1000),
    default: '10',
    doc: "connections each instance keeps to PostgreSQL at most; all instances together stay under the server's `max_connections` ([docs/instances.md](docs/instances.md#sizing-the-connection-pool))",
  },
  DATABASE_ANSWER_TIMEOUT_SECONDS: {
    flag: 'database-answer-timeout-seconds',
    field: 'databaseAnswerTimeoutSeconds',
    parse: integer(1, 86400),
    default: '90',
    doc: "how long a PostgreSQL connection may wait for the server's answer before it is ended and its statements answered 503: a server that stopped answering without closing its connections (frozen, or the network to it cut) is left instead of waited for until TCP gives up; above the longest lock wait, 60 s ([docs/instances.md](docs/instances.md#when-postgresql-or-the-bucket-goes-away))",
  },
  PEPPOL_SML_ZONE: {
    flag: 'peppol-sml-zone',
    field: 'peppolSmlZone',
    parse: dnsZone,
    default: 'participant.sml.prod.tech.peppol.org',
    doc: "the Peppol SML's DNS zone the participant lookup asks (`GET /api/v1/peppol/participants/{id}`); `participant.sml.test.tech.peppol.org` for the test network ([docs/peppol-lookup.md](docs/peppol-lookup.md))",
  },
  PEPPOL_DNS_SERVERS: {
    flag: 'peppol-dns-servers',
    field: 'peppolDnsServers',
    parse: dnsServers,
    shown: "the system's (`/etc/resolv.conf`)",
    doc: 'the DNS servers the Peppol lookup asks, comma-separated: `9.9.9.9,[2620:fe::fe]:53` (an address with an optional port)',
  },
  RATE_LIMIT_STORE: {
    flag: 'rate-limit-store',
    field: 'rateLimitStore',
    parse: oneOf(['memory', 'database']),
    // Several instances share one database (DATABASE_URL), and so the rate limit's counts by default.
    default: (raw) => (raw('DATABASE_URL') === null ? 'memory' : 'database'),
    shown: '`memory`; `database` with `DATABASE_URL`',
    doc: 'where the per-account rate limit counts: `memory` (each instance on its own) or `database` (one count shared by every instance on the database; [docs/instances.md](docs/instances.md#rate-limits-across-instances))',
  },
  CREDENTIALS_KEY: {
    flag: 'credentials-key',
    field: 'credentialsKey',
    parse: atLeast(16),
    shown: 'generated',
    doc: "secret (at least 16 characters) that seals the delivery channels' credentials in the database (AES-256-GCM); unset = derived from `S3_BUCKET`'s key, else generated once into `DATA_DIR/credentials-key` (mode 600), which backups leave out: a restore elsewhere asks for the credentials again; the same on every instance ([docs/channels.md](docs/channels.md))",
  },
  OUTBOUND_HOSTS: {
    flag: 'outbound-hosts',
    field: 'outboundHosts',
    parse: text,
    shown: 'any host a connection names',
    doc: "comma-separated host names the delivery channels may reach (`api.storecove.com`): the only outbound connections of an air-gapped site; unset = any HTTPS host on the internet an account's connection names, never one inside a private network ([docs/channels.md](docs/channels.md), [docs/security.md](docs/security.md))",
  },
  CHANNEL_POLL_SECONDS: {
    flag: 'channel-poll-seconds',
    field: 'channelPollSeconds',
    parse: integer(5, 86_400),
    default: '60',
    doc: 'how often each enabled delivery channel is asked for statuses and received documents ([docs/channels.md](docs/channels.md))',
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTING_SPECS;

export const SETTING_NAMES = Object.keys(SETTING_SPECS) as SettingName[];

type Spec<N extends SettingName> = (typeof SETTING_SPECS)[N];

/** A setting's parsed value: null when unset and without a default. */
export type SettingValue<N extends SettingName> =
  | ReturnType<Spec<N>['parse']>
  | (Spec<N> extends { default: unknown } ? never : null);

type FieldOf<N extends SettingName> = Spec<N> extends { field: infer F extends string } ? F : never;

/** The Config fields the settings with a `field` fill, each typed by its parser. */
export type SettingFields = {
  -readonly [N in SettingName as FieldOf<N>]: SettingValue<N>;
};
