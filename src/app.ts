import { type AnyElysia, Elysia } from 'elysia';
import type { Db } from './db/client';
import type { RulePack } from './einvoicing/rule-pack';
import { authPlugin } from './http/auth';
import { docsRoutes } from './http/docs';
import { errorHandler } from './http/error-handler';
import { MethodMatcher } from './http/method-matcher';
import type { RateLimiter } from './http/rate-limit';
import type { JobWaker } from './jobs/runtime';
import { accountRoutes } from './modules/accounts/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { batchRoutes } from './modules/batches/routes';
import { type BillingSettings, billingRoutes } from './modules/billing';
import { brandingProfileRoutes } from './modules/branding/routes';
import { businessProfileRoutes } from './modules/business-profiles/routes';
import type { AccountGate } from './modules/compliance/account-gate';
import { complianceRoutes } from './modules/compliance/routes';
import { customerRoutes } from './modules/customers/routes';
import { deliveryRoutes } from './modules/deliveries/routes';
import { documentRoutes } from './modules/documents/routes';
import { fileRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { importRoutes } from './modules/imports/routes';
import { numberingSequenceRoutes } from './modules/numbering-sequences/routes';
import { recurringInvoiceRoutes } from './modules/recurring-invoices/routes';
import { referenceRoutes } from './modules/reference/routes';
import { renderRoutes } from './modules/renders/routes';
import { renderServicesOf } from './modules/renders/services';
import type { DownloadSigner } from './modules/renders/signing';
import { customTemplateRoutes } from './modules/templates/custom-routes';
import { templateRoutes } from './modules/templates/routes';
import { templateVersionRoutes } from './modules/templates/version-routes';
import { usageRoutes } from './modules/usage/routes';
import { workspaceRoutes } from './modules/workspaces/routes';
import { probeRenderer } from './rendering/engine/probe';
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

/** The whole HTTP API as one Elysia app; tests build it with their own deps. */
export function buildApp(deps: AppDeps) {
  // Built on first use: the 405 check needs the full route table, known only once every module is in.
  let matcher: MethodMatcher | null = null;
  let routes: readonly { method: string; path: string }[] = [];
  let whole: AnyElysia | null = null;
  const auth = authPlugin(deps);
  const services = renderServicesOf(deps);
  const compliance = services.compliance;
  const app = new Elysia({ normalize: false })
    .use(errorHandler(deps.logger, () => (matcher ??= new MethodMatcher(routes))))
    .use(docsRoutes(() => whole as AnyElysia))
    .use(
      healthRoutes({
        database: () => void deps.db.$client.query('SELECT 1').get(),
        storage: () => deps.blobs.check(),
        renderer: probeRenderer,
      }),
    )
    .use(referenceRoutes())
    .use(accountRoutes(auth))
    .use(apiKeyRoutes(auth))
    .use(workspaceRoutes(auth))
    .use(businessProfileRoutes(auth))
    .use(customerRoutes(auth))
    .use(importRoutes(auth, deps))
    .use(numberingSequenceRoutes(auth))
    .use(documentRoutes(auth))
    .use(renderRoutes(auth, deps, services))
    .use(customTemplateRoutes(auth))
    .use(templateVersionRoutes(auth))
    .use(templateRoutes(auth, services))
    .use(fileRoutes(auth, services))
    .use(brandingProfileRoutes(auth, services))
    .use(usageRoutes(auth))
    .use(billingRoutes(auth, deps))
    .use(complianceRoutes(auth, compliance))
    .use(batchRoutes(auth, deps))
    .use(recurringInvoiceRoutes(auth, deps))
    .use(deliveryRoutes(auth, deps));
  routes = app.routes;
  whole = app;
  return app;
}

export type App = ReturnType<typeof buildApp>;
