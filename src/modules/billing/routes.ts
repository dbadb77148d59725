import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, withConflict } from '../../http/schemas';
import { DomainError } from '../../shared/errors';
import { listPurchasablePlans, Plan, presentPlan } from '../plans';
import { describeOverage, Overage, OverageBody, setOverage } from '../usage';
import {
  CheckoutBody,
  CheckoutSession,
  PortalBody,
  PortalSession,
  Subscription,
  WebhookReceipt,
} from './model';
import { NO_BILLING } from './settings';
import { openPortal } from './use-cases/open-portal';
import { readSubscription } from './use-cases/read-subscription';
import { receiveWebhook } from './use-cases/receive-webhook';
import { startCheckout } from './use-cases/start-checkout';

const detail = (summary: string) => ({ summary, tags: ['Billing'] });
const notConfigured = { 501: ErrorEnvelope, 502: ErrorEnvelope };

type BillingDeps = Pick<AppDeps, 'db' | 'clock' | 'publicBaseUrl' | 'billing'>;

/** Billing settings are read per request: the app's deps own them (tests configure a fake provider). */
function stripeOf(deps: BillingDeps) {
  const stripe = (deps.billing ?? NO_BILLING).stripe;
  if (!stripe) throw new DomainError('not_configured', 'Billing is not configured: set STRIPE_SECRET_KEY');
  return stripe;
}

/** Where the provider sends the customer back by default: this service's API docs page. */
const homeOf = (deps: BillingDeps, request: Request) =>
  `${deps.publicBaseUrl ?? new URL(request.url).origin}/api/v1/docs`;

export function billingRoutes(auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/billing' })
    .use(auth)
    .get(
      '/subscription',
      async ({ ctx }) => ({
        data: await readSubscription({
          ctx,
          input: { stripeConfigured: Boolean((deps.billing ?? NO_BILLING).stripe) },
        }),
      }),
      {
        auth: true,
        response: { 200: dataOf(Subscription), ...authErrors },
        detail: detail("The account's subscription and plan, from the service's own data"),
      },
    )
    .get('/plans', async ({ ctx }) => ({ data: (await listPurchasablePlans(ctx.db)).map(presentPlan) }), {
      auth: true,
      response: { 200: dataOf(t.Array(Plan)), ...authErrors },
      detail: detail('Plans that can be bought: those wired to a provider price'),
    })
    .post(
      '/checkout-session',
      async ({ ctx, body, request }) => {
        const stripe = stripeOf(deps);
        const home = homeOf(deps, request);
        const input = {
          priceId: body.price_id,
          successUrl: body.success_url ?? `${home}?checkout=success`,
          cancelUrl: body.cancel_url ?? `${home}?checkout=cancelled`,
        };
        return { data: await startCheckout({ ctx, stripe, input }) };
      },
      {
        auth: true,
        body: CheckoutBody,
        response: { 200: dataOf(CheckoutSession), ...withConflict, ...notConfigured },
        detail: detail('Start a hosted checkout for a plan (creates the provider customer on first use)'),
      },
    )
    .post(
      '/portal-session',
      async ({ ctx, body, request }) => {
        const stripe = stripeOf(deps);
        const input = { returnUrl: body?.return_url ?? homeOf(deps, request) };
        return { data: await openPortal({ ctx, stripe, input }) };
      },
      {
        auth: true,
        body: t.Optional(PortalBody),
        response: { 200: dataOf(PortalSession), ...authErrors, ...notConfigured },
        detail: detail("Open the provider's customer portal (400 without a billing account)"),
      },
    )
    .patch(
      '/overage',
      async ({ ctx, body, principal }) => {
        await setOverage({ ctx, input: { ...body, planId: principal.planId } });
        const now = ctx.clock.now();
        return {
          data: await describeOverage(ctx.db, { accountId: ctx.accountId, planId: principal.planId, now }),
        };
      },
      {
        auth: true,
        body: OverageBody,
        response: { 200: dataOf(Overage), ...withConflict },
        detail: detail('Turn overage on or off and set its monthly cap (renders beyond the quota)'),
      },
    )
    .post(
      '/webhook',
      async ({ body, request }) => {
        const secret = (deps.billing ?? NO_BILLING).webhookSecret;
        if (!secret)
          throw new DomainError(
            'not_configured',
            'Billing webhooks are not configured: set STRIPE_WEBHOOK_SECRET',
          );
        const input = { rawBody: body ?? '', signature: request.headers.get('stripe-signature'), secret };
        const receipt = await receiveWebhook({ ctx: { db: deps.db, clock: deps.clock }, input });
        return { data: { received: true as const, event_id: receipt.eventId, outcome: receipt.outcome } };
      },
      {
        // The signature covers the exact bytes sent: the body is taken as text, never re-serialised.
        parse: 'text',
        body: t.Optional(t.String()),
        response: { 200: dataOf(WebhookReceipt), 400: ErrorEnvelope, 413: ErrorEnvelope, 501: ErrorEnvelope },
        detail: {
          ...detail('Payment provider webhook (Stripe-Signature checked; public, no API key)'),
          security: [],
        },
      },
    );
}
