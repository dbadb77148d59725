/** The payment provider's settings (STRIPE_SECRET_KEY, STRIPE_API_BASE, STRIPE_WEBHOOK_SECRET). */
export interface BillingSettings {
  /** null = checkout and portal answer 501 `not_configured`. */
  stripe: { secretKey: string; apiBase: string } | null;
  /** The webhook endpoint's signing secret (`whsec_...`); null = the webhook answers 501. */
  webhookSecret: string | null;
}

export const NO_BILLING: BillingSettings = { stripe: null, webhookSecret: null };

export function billingSettingsOf(config: {
  stripeSecretKey: string | null;
  stripeApiBase: string;
  stripeWebhookSecret: string | null;
}): BillingSettings {
  return {
    stripe: config.stripeSecretKey
      ? { secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase }
      : null,
    webhookSecret: config.stripeWebhookSecret,
  };
}
