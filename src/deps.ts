// What the service runs on, and the one place it is built (`buildDeps`): by `serve` (src/cli/serve.ts) and
// by the test harness, then handed to every route factory and background module. The composition roots
// (app.ts, background.ts) only wire it. `db` and `blobs` are the only two parts that know where data lives;
// `blobs` (the data dir or an S3 bucket) comes in chosen by the composition root (service.ts).
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { ChannelAdapter } from './delivery-channel';
import type { ReceivedReader } from './einvoicing/received-file';
import type { RulePack } from './einvoicing/rule-pack';
import { activeRulePack, type PackOrigin, sefCacheDir } from './einvoicing/rule-pack-store';
import type { Credentials } from './http/auth';
import type { RateLimiter } from './http/rate-limit';
import { DatabaseRateLimiter, TokenBucketLimiter } from './http/rate-limit';
import { InstanceLeases } from './jobs/lease';
import { apiKeyCredentials } from './modules/auth';
import type { BillingSettings } from './modules/billing';
import { billingSettingsOf } from './modules/billing';
import { AccountGate } from './modules/compliance';
import { type PeppolLookupDeps, peppolLookupDepsOf } from './modules/peppol-directory';
import { DownloadSigner } from './modules/renders';
import { guardedFetch } from './outbound';
import type { RenderPdf } from './rendering/types';
import type { Clock } from './shared/clock';
import { systemClock } from './shared/clock';
import type { Logger } from './shared/logger';
import type { BlobStore } from './storage/blob-store';
import { ReceivePool, readReceivedInProcess } from './workers/receive-pool';
import type { ProfileRunner } from './workers/rules-pool';

export interface AppDeps {
  db: Db;
  /** The engine behind `db`, as /ready reports it. */
  databaseEngine: 'sqlite' | 'postgresql';
  /** How a presented API key becomes a principal and what its role may do (modules/auth). */
  credentials: Credentials;
  clock: Clock;
  logger: Logger;
  blobs: BlobStore;
  rateLimiter: RateLimiter;
  renderPdf: RenderPdf;
  signer: DownloadSigner;
  publicBaseUrl: string | null;
  /**
   * The service's own origin for links that leave with no request to answer (e-mails): PUBLIC_BASE_URL,
   * else the address it listens on; never a request's Host header, which any caller can set.
   */
  ownOrigin: () => string;
  /**
   * The e-invoicing rule pack: RULESETS_DIR, else one installed in the data dir, else the embedded official
   * pack (rule-pack-store.ts). An unavailable pack reports its rulesets as not run.
   */
  rulePack: RulePack;
  /** Where `rulePack` comes from (GET /api/v1/reference/rulesets says it). */
  rulePackOrigin: PackOrigin;
  /** Where SEFs compiled from a pack's XSLT are cached. */
  sefCacheDir: string | null;
  /** Tier-2 checks: the rules worker pool (time-limited, off the request thread) or in-process. */
  runProfile: ProfileRunner;
  /** How many tier-2 checks of one account may run at once (checks and every receiving path). */
  complianceGate: AccountGate;
  /** Reads received e-invoices: in the receive workers (`receivePool`), or in-process without workers. */
  readReceived: ReceivedReader;
  /** The receive workers, under the render limits; null = read in-process (RENDER_WORKERS=0). */
  receivePool: ReceivePool | null;
  /** SMTP_URL; null = email deliveries are refused with a clear error. */
  smtpUrl: string | null;
  /** The payment provider (STRIPE_*); absent = billing's provider calls and webhook answer 501. */
  billing?: BillingSettings;
  /** INBOX_DIR and INBOX_ACCOUNT: the folder the job runtime takes received e-invoices from; null = off. */
  inbox?: { dir: string; accountId: string | null; maxBytes?: number } | null;
  /** IMAP_URL: the mailbox watcher (started by `serve` after the job runtime); null = off. */
  mailbox?: MailIntake | null;
  /**
   * This instance's named leases: work that runs on one instance at a time (the inbox folder's and the
   * mailbox's watchers) runs where its lease is held; released on a clean stop (docs/instances.md).
   */
  leases: InstanceLeases;
  /**
   * The delivery channels (docs/channels.md): the adapters the modules declare, the only hosts they may
   * reach (OUTBOUND_HOSTS; null: any HTTPS host a connection names), the key that seals their credentials
   * (CREDENTIALS_KEY) and how often they are polled.
   */
  channels: ChannelSettings;
  /** The Peppol lookup (SML by DNS, then the SMP): PEPPOL_SML_ZONE, PEPPOL_DNS_SERVERS; docs/peppol-lookup.md. */
  peppolLookup: PeppolLookupDeps | null;
}

export interface ChannelSettings {
  adapters: readonly ChannelAdapter[];
  outboundHosts: readonly string[] | null;
  credentialsKey: Uint8Array;
  pollSeconds: number;
}

/** What /ready reports of the mailbox. Never the URL, the user name or the password. */
export interface MailboxStatus {
  /** `standby`: another instance holds the mailbox's lease and reads it; this one takes over if it stops. */
  state: 'connecting' | 'ok' | 'error' | 'standby';
  /** Why the last connection or sweep failed; null when it works. */
  error: string | null;
  /** When the folder was last swept to the end. */
  last_checked_at: string | null;
  /** While failing: when the next connection is tried. */
  next_attempt_at: string | null;
}

export interface MailIntake {
  start(): void;
  stop(): Promise<void>;
  status(): MailboxStatus;
}

/** What differs between a served process and a test server; the rest follows from the config. */
export interface DepsParts {
  config: Config;
  handle: DbHandle;
  logger: Logger;
  renderPdf: RenderPdf;
  runProfile: ProfileRunner;
  signingSecret: string;
  ownOrigin: () => string;
  /** The data dir's blobs folder or the S3 bucket: chosen by the composition root (service.ts). */
  blobs: BlobStore;
  /** The channels the listed modules offer, and the key their credentials are sealed with. */
  channels: { adapters: readonly ChannelAdapter[]; credentialsKey: Uint8Array };
  /** This instance's part of a number of workers (createPools in service.ts); all of them when absent. */
  workers?: WorkerCount;
}

/** A pool's size: a number, or a function asked again as work comes (instances on one host share it). */
export type WorkerCount = (total: number) => number | (() => number);

/**
 * Received files are read off the main thread whenever PDFs are drawn off it, with the same limits: at
 * most two readers (reading is short; the limits, not the pool size, bound a hostile file), divided among
 * the instances on one host as the other workers are (`DepsParts.workers`).
 */
function receivePoolOf(config: Config, workers: WorkerCount): ReceivePool | null {
  if (config.renderWorkers === 0) return null;
  return new ReceivePool(workers(Math.min(2, config.renderWorkers)), {
    timeLimitMs: config.renderTimeLimitSeconds * 1000,
    memoryLimitBytes: config.workerMemoryLimitMb * 1024 * 1024,
  });
}

/** OUTBOUND_HOSTS as host names (lower case); null when unset: any host a connection names. */
export function outboundHostsOf(value: string | null): string[] | null {
  if (value === null) return null;
  return value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
}

export function buildDeps(parts: DepsParts, overrides: Partial<AppDeps> = {}): AppDeps {
  const { config } = parts;
  const clock = overrides.clock ?? systemClock;
  const receivePool =
    overrides.receivePool === undefined
      ? receivePoolOf(config, parts.workers ?? ((total) => total))
      : overrides.receivePool;
  const active = activeRulePack(config);
  const deps: AppDeps = {
    db: parts.handle.db,
    databaseEngine: parts.handle.engine,
    credentials: apiKeyCredentials,
    clock,
    logger: parts.logger,
    blobs: parts.blobs,
    rateLimiter:
      config.rateLimitStore === 'database'
        ? new DatabaseRateLimiter(parts.handle.db, clock)
        : new TokenBucketLimiter(clock),
    renderPdf: parts.renderPdf,
    signer: new DownloadSigner(parts.signingSecret),
    publicBaseUrl: config.publicBaseUrl,
    ownOrigin: parts.ownOrigin,
    rulePack: active.pack,
    rulePackOrigin: active.origin,
    sefCacheDir: sefCacheDir(config.dataDir),
    runProfile: parts.runProfile,
    complianceGate: new AccountGate(config.complianceChecksPerAccount),
    readReceived: receivePool?.read ?? readReceivedInProcess,
    receivePool,
    smtpUrl: config.smtpUrl,
    billing: billingSettingsOf(config),
    inbox:
      config.inboxDir === null
        ? null
        : { dir: config.inboxDir, accountId: config.inboxAccount, maxBytes: config.maxBodyBytes },
    // A holder's lease lasts as long as a job's claim: after a kill -9 the others take over that long after.
    leases: new InstanceLeases({ db: parts.handle.db, clock }, config.jobLeaseSeconds * 1000),
    peppolLookup: peppolLookupDepsOf(
      config,
      guardedFetch(outboundHostsOf(config.outboundHosts), { plainHttp: true }),
    ),
    channels: {
      ...parts.channels,
      outboundHosts: outboundHostsOf(config.outboundHosts),
      pollSeconds: config.channelPollSeconds,
    },
    ...overrides,
  };
  return deps;
}
