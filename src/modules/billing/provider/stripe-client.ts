import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../shared/errors';
import { type FormValue, formEncode } from './form';

export interface StripeConnection {
  secretKey: string;
  /** https://api.stripe.com, or a stand-in (tests run a fake provider on loopback). */
  apiBase: string;
}

const TIMEOUT_MS = 15_000;
/** The API version the request shapes here were written against (webhooks follow the endpoint's own). */
export const STRIPE_API_VERSION = '2024-06-20';

/**
 * One POST to the provider's REST API: form-encoded body, the secret key as a Bearer token, and an
 * Idempotency-Key on every call so a retried request never creates a second object. Failures become 502
 * `provider_error` carrying the provider's own message (never the key).
 */
export async function stripePost<T>(
  connection: StripeConnection,
  path: string,
  fields: Record<string, FormValue>,
  idempotencyKey: string = randomUUID(),
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${connection.apiBase}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${connection.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': idempotencyKey,
        'stripe-version': STRIPE_API_VERSION,
      },
      body: formEncode(fields),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new DomainError(
      'provider_error',
      `The payment provider could not be reached: ${(error as Error).message}`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message =
      (body as { error?: { message?: string } } | undefined)?.error?.message ?? text.slice(0, 200);
    throw new DomainError(
      'provider_error',
      `The payment provider refused ${path} (${response.status}): ${message}`,
      {
        provider_status: response.status,
      },
    );
  }
  if (body === undefined)
    throw new DomainError('provider_error', `The payment provider answered ${path} with no JSON`);
  return body as T;
}
