import { type AnyElysia, Elysia } from 'elysia';
import { ACCESS_RULES } from './access-rules';
import type { AppDeps } from './deps';
import { accessGaps } from './http/access';
import { authPlugin } from './http/auth';
import { consoleRoutes } from './http/console';
import { docsRoutes } from './http/docs';
import { errorHandler } from './http/error-handler';
import { MethodMatcher } from './http/method-matcher';
import { accountRoutes } from './modules/accounts/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { batchRoutes } from './modules/batches/routes';
import { billingRoutes } from './modules/billing/routes';
import { brandingProfileRoutes } from './modules/branding/routes';
import { businessProfileRoutes } from './modules/business-profiles/routes';
import { complianceDepsOf, finalizeCheckOf } from './modules/compliance';
import { complianceRoutes } from './modules/compliance/routes';
import { customerRoutes } from './modules/customers/routes';
import { deliveryRoutes } from './modules/deliveries/routes';
import { documentRoutes } from './modules/documents/routes';
import { dunningRoutes } from './modules/dunning/routes';
import { receivedDocumentRoutes } from './modules/einvoices/inbox-routes';
import { einvoiceRoutes } from './modules/einvoices/routes';
import { exportRoutes } from './modules/exports/routes';
import { fileRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { importRoutes } from './modules/imports/routes';
import { numberingSequenceRoutes } from './modules/numbering-sequences/routes';
import { paymentRoutes } from './modules/payments/routes';
import { productRoutes } from './modules/products/routes';
import { recurringInvoiceRoutes } from './modules/recurring-invoices/routes';
import { referenceRoutes } from './modules/reference/routes';
import { renderRoutes } from './modules/renders/routes';
import { reportRoutes } from './modules/reports/routes';
import { customTemplateRoutes } from './modules/templates/custom-routes';
import { templateRoutes } from './modules/templates/routes';
import { templateVersionRoutes } from './modules/templates/version-routes';
import { usageRoutes } from './modules/usage/routes';
import { userRoutes } from './modules/users/routes';
import { workspaceRoutes } from './modules/workspaces/routes';

/** The whole HTTP API as one Elysia app; every module's route factory takes (auth, deps). */
export function buildApp(deps: AppDeps) {
  // Built on first use: the 405 check needs the full route table, known only once every module is in.
  let matcher: MethodMatcher | null = null;
  let routes: readonly { method: string; path: string }[] = [];
  let whole: AnyElysia | null = null;
  const auth = authPlugin(deps, ACCESS_RULES);
  const app = new Elysia({ normalize: false })
    .use(errorHandler(deps.logger, () => (matcher ??= new MethodMatcher(routes))))
    .use(docsRoutes(() => whole as AnyElysia))
    .use(consoleRoutes())
    .use(healthRoutes(auth, deps))
    .use(referenceRoutes(auth, deps))
    .use(accountRoutes(auth, deps))
    .use(userRoutes(auth, deps))
    .use(apiKeyRoutes(auth, deps))
    .use(workspaceRoutes(auth, deps))
    .use(businessProfileRoutes(auth, deps))
    .use(customerRoutes(auth, deps))
    .use(productRoutes(auth, deps))
    .use(importRoutes(auth, deps))
    .use(numberingSequenceRoutes(auth, deps))
    .use(documentRoutes(auth, deps, finalizeCheckOf(complianceDepsOf(deps))))
    .use(paymentRoutes(auth, deps))
    .use(reportRoutes(auth, deps))
    .use(dunningRoutes(auth, deps))
    .use(renderRoutes(auth, deps))
    .use(customTemplateRoutes(auth, deps))
    .use(templateVersionRoutes(auth, deps))
    .use(templateRoutes(auth, deps))
    .use(fileRoutes(auth, deps))
    .use(brandingProfileRoutes(auth, deps))
    .use(usageRoutes(auth, deps))
    .use(backOfficeRoutes(auth, deps));
  // Two chains: one chain of every module's plugins exceeds TypeScript's instantiation depth.
  routes = app.routes;
  whole = app;
  // Fail-closed: a write route without its module's access rule (or a rule for no route) never serves.
  const gaps = accessGaps(routes, ACCESS_RULES);
  if (gaps.unruled.length > 0 || gaps.stale.length > 0) {
    throw new Error(
      `access rules (<module>/access.ts): no rule for ${gaps.unruled.join(', ') || 'none'}; no route for ${gaps.stale.join(', ') || 'none'}`,
    );
  }
  return app;
}

/** Billing, e-invoicing, receiving and the background work's routes (the second half of the app's chain). */
function backOfficeRoutes(auth: ReturnType<typeof authPlugin>, deps: AppDeps) {
  return new Elysia()
    .use(billingRoutes(auth, deps))
    .use(complianceRoutes(auth, deps))
    .use(einvoiceRoutes(auth, deps))
    .use(receivedDocumentRoutes(auth, deps))
    .use(batchRoutes(auth, deps))
    .use(recurringInvoiceRoutes(auth, deps))
    .use(deliveryRoutes(auth, deps))
    .use(exportRoutes(auth, deps));
}

export type App = ReturnType<typeof buildApp>;
