import { type Clock, systemClock } from '../shared/clock';

export interface RateDecision {
  allowed: boolean;
  /** Whole requests left in the current second's allowance. */
  remaining: number;
  /** Seconds until the next request would be allowed (only meaningful when refused). */
  retryAfterSeconds: number;
}

/** Behind an interface: a multi-host deployment swaps in a shared store (Redis, PostgreSQL). */
export interface RateLimiter {
  take(key: string, perSecond: number): RateDecision;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * Token bucket per key (the service keys it by account): `perSecond` tokens, refilled continuously, so a key may burst up to one
 * second's allowance and then sustains `perSecond` requests per second. The window is one second.
 * Time comes from the service's clock, so tests move it instead of sleeping; a clock set back refills
 * nothing (elapsed time is never negative).
 */
export class TokenBucketLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly clock: Clock = systemClock) {}

  take(key: string, perSecond: number): RateDecision {
    const nowMs = this.clock.now().getTime();
    const bucket = this.buckets.get(key) ?? { tokens: perSecond, updatedMs: nowMs };
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(perSecond, bucket.tokens + elapsed * perSecond);
    bucket.updatedMs = nowMs;
    if (this.buckets.size > 50_000) this.sweep(nowMs);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterSeconds: 0 };
    }
    const wait = (1 - bucket.tokens) / perSecond;
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
  }

  /** Idle buckets are full again after a second; forgetting them changes nothing. */
  private sweep(nowMs: number): void {
    for (const [key, bucket] of this.buckets) if (nowMs - bucket.updatedMs > 5_000) this.buckets.delete(key);
  }
}
