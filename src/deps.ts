// What the service runs on: built once by `serve` (src/cli/serve.ts) and by the test harness, and handed to
// every route factory and background module. The composition roots (app.ts, background.ts) only wire it.
import type { Db } from './db/client';
import type { RulePack } from './einvoicing/rule-pack';
import type { RateLimiter } from './http/rate-limit';
import type { JobWaker } from './jobs/runtime';
import type { BillingSettings } from './modules/billing';
import type { AccountGate } from './modules/compliance/account-gate';
import type { DownloadSigner } from './modules/renders/signing';
import type { RenderPdf } from './rendering/types';
import type { Clock } from './shared/clock';
import type { Logger } from './shared/logger';
import type { BlobStore } from './storage/blob-store';
import type { ProfileRunner } from './workers/rules-pool';

export interface AppDeps {
  db: Db;
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
  /** The background job runtime: use-cases enqueue in their transaction, then wake it. */
  jobs: JobWaker;
  /** SMTP_URL; null = email deliveries are refused with a clear error. */
  smtpUrl: string | null;
  /** The payment provider (STRIPE_*); absent = billing's provider calls and webhook answer 501. */
  billing?: BillingSettings;
}
