// What the service runs on, and the one place it is built (`buildDeps`): by `serve` (src/cli/serve.ts) and
// by the test harness, then handed to every route factory and background module. The composition roots
// (app.ts, background.ts) only wire it. This is where PostgreSQL and object storage will plug in: `db` and
// `blobs` are the only two parts that know where data lives.
import { join } from 'node:path';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { RulePack } from './einvoicing/rule-pack';
import { loadRulePack } from './einvoicing/rule-pack';
import type { Credentials } from './http/auth';
import type { RateLimiter } from './http/rate-limit';
import { TokenBucketLimiter } from './http/rate-limit';
import { apiKeyCredentials } from './modules/auth';
import type { BillingSettings } from './modules/billing';
import { billingSettingsOf } from './modules/billing';
import { AccountGate } from './modules/compliance/account-gate';
import { DownloadSigner } from './modules/renders/signing';
import type { RenderPdf } from './rendering/types';
import type { Clock } from './shared/clock';
import { systemClock } from './shared/clock';
import type { Logger } from './shared/logger';
import type { BlobStore } from './storage/blob-store';
import { FsBlobStore } from './storage/fs-blob-store';
import type { ProfileRunner } from './workers/rules-pool';

export interface AppDeps {
  db: Db;
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
  /** The e-invoicing rule pack from RULESETS_DIR (an unavailable pack reports rulesets as not run). */
  rulePack: RulePack;
  /** Where SEFs compiled from a pack's XSLT are cached. */
  sefCacheDir: string | null;
  /** Tier-2 checks: the rules worker pool (time-limited, off the request thread) or in-process. */
  runProfile: ProfileRunner;
  /** How many tier-2 checks of one account may run at once. */
  complianceGate: AccountGate;
  /** SMTP_URL; null = email deliveries are refused with a clear error. */
  smtpUrl: string | null;
  /** The payment provider (STRIPE_*); absent = billing's provider calls and webhook answer 501. */
  billing?: BillingSettings;
  /** INBOX_DIR and INBOX_ACCOUNT: the folder the job runtime takes received e-invoices from; null = off. */
  inbox?: { dir: string; accountId: string | null } | null;
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
}

export function buildDeps(parts: DepsParts, overrides: Partial<AppDeps> = {}): AppDeps {
  const { config } = parts;
  const clock = overrides.clock ?? systemClock;
  return {
    db: parts.handle.db,
    credentials: apiKeyCredentials,
    clock,
    logger: parts.logger,
    blobs: new FsBlobStore(join(config.dataDir, 'blobs')),
    rateLimiter: new TokenBucketLimiter(clock),
    renderPdf: parts.renderPdf,
    signer: new DownloadSigner(parts.signingSecret),
    publicBaseUrl: config.publicBaseUrl,
    ownOrigin: parts.ownOrigin,
    rulePack: loadRulePack(config.rulesetsDir),
    sefCacheDir: join(config.dataDir, 'cache', 'sef'),
    runProfile: parts.runProfile,
    complianceGate: new AccountGate(config.complianceChecksPerAccount),
    smtpUrl: config.smtpUrl,
    billing: billingSettingsOf(config),
    inbox: config.inboxDir === null ? null : { dir: config.inboxDir, accountId: config.inboxAccount },
    ...overrides,
  };
}
