import type { DeliveryStatus } from './schema';

/**
 * SPEC 3 "Delivery". `queued` ends in `sent`, `bounced` or `failed`, moved only by the `delivery.send` job;
 * a `sent` one becomes `bounced` when a bounce comes back later (mail intake, record-late-bounce.ts);
 * `delivered` is reserved for a provider webhook that does not exist yet. Only a delivery that did not go
 * out can be retried, and a retry is a new delivery: the original stays as the record of what happened.
 */
const RETRYABLE: ReadonlySet<DeliveryStatus> = new Set(['failed', 'bounced']);

export function canRetry(status: DeliveryStatus): boolean {
  return RETRYABLE.has(status);
}

/** The states the job may still act on; anything else means an earlier run already finished it. */
export function isPending(status: DeliveryStatus): boolean {
  return status === 'queued';
}

/** SMTP attempts per delivery before a server that does not answer (or answers 4xx) makes it `failed`. */
export const SEND_ATTEMPTS = 5;
