import { t } from 'elysia';

export const Subscription = t.Object({
  subscription_id: t.Union([t.String(), t.Null()]),
  status: t.Union([t.String(), t.Null()], {
    description: "The provider's status word (active, past_due, canceled...)",
  }),
  plan_id: t.String(),
  plan_name: t.String(),
  stripe_configured: t.Boolean({ description: 'Whether the payment provider is configured' }),
  has_billing_account: t.Boolean({ description: 'Whether a provider customer exists for the account' }),
  current_period_end: t.Union([t.String({ format: 'date-time' }), t.Null()]),
});
export type Subscription = typeof Subscription.static;

const ReturnUrl = (what: string) =>
  t.Optional(
    t.String({
      format: 'uri',
      pattern: '^https?://',
      maxLength: 2000,
      description: `Where the provider sends the customer ${what}; default: this service's API docs page`,
    }),
  );

export const CheckoutBody = t.Object(
  {
    price_id: t.String({ minLength: 1, maxLength: 255, description: 'A price_id from GET /billing/plans' }),
    success_url: ReturnUrl('after paying'),
    cancel_url: ReturnUrl('when they leave the checkout'),
  },
  { additionalProperties: false },
);

export const PortalBody = t.Object({ return_url: ReturnUrl('back to') }, { additionalProperties: false });

export const CheckoutSession = t.Object({ session_id: t.String(), url: t.String() });
export const PortalSession = t.Object({ url: t.String() });

export const WebhookReceipt = t.Object({
  received: t.Literal(true),
  event_id: t.String(),
  outcome: t.Union([t.Literal('applied'), t.Literal('ignored'), t.Literal('duplicate')]),
});
