import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed timestamp may be from now (either way) before the delivery counts as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'outside_tolerance' };

/**
 * Stripe's webhook signature: header `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...]`, where v1 is the
 * HMAC-SHA256 of `<t>.<raw body>` under the endpoint secret. Any v1 may match (several during a secret
 * roll); the comparison is constant-time; a timestamp more than the tolerance away from now is refused
 * even with a good signature, so a captured delivery cannot be replayed later.
 */
export function verifyStripeSignature(
  header: string | null,
  rawBody: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === null || header.trim() === '') return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signStripePayload(rawBody, secret, timestamp), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'outside_tolerance' };
  return { ok: true, timestamp };
}

/** The v1 signature of a payload at a timestamp (hex); also what tests and the fake provider sign with. */
export function signStripePayload(rawBody: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}
