import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { isStorageFull } from '../db/errors';
import { type Clock, systemClock } from '../shared/clock';
import { rateLimitWindows } from './rate-limit.schema';

export interface RateDecision {
  allowed: boolean;
  /** Whole requests left in the current second's allowance. */
  remaining: number;
  /** Seconds until the next request would be allowed (only meaningful when refused). */
  retryAfterSeconds: number;
}

/**
 * Behind an interface: one instance counts in memory (`TokenBucketLimiter`), several share the database's
 * counters (`DatabaseRateLimiter`, RATE_LIMIT_STORE=database). Async because a shared store is.
 */
export interface RateLimiter {
  take(key: string, perSecond: number): Promise<RateDecision>;
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

  async take(key: string, perSecond: number): Promise<RateDecision> {
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

/** Windows are pruned at most this often, per limiter; older than PRUNE_AFTER_S seconds, they go. */
const PRUNE_EVERY_S = 10;
const PRUNE_AFTER_S = 5;

/**
 * A fixed one-second window per key in the database, shared by every instance on it: each request adds one
 * to its (key, second) row with ONE upsert (`INSERT ... ON CONFLICT DO UPDATE SET count = count + 1
 * RETURNING count`), so two instances counting at the same moment both see the sum. A request is allowed
 * while the count is within `perSecond`. Unlike the token bucket, a burst may straddle two windows (up to
 * twice the rate across a second boundary), the price of one statement per request.
 * A full database fails open: reads keep working when no write can (the writes answer 507 themselves).
 */
export class DatabaseRateLimiter implements RateLimiter {
  private prunedAt = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock = systemClock,
  ) {}

  async take(key: string, perSecond: number): Promise<RateDecision> {
    const second = Math.floor(this.clock.now().getTime() / 1000);
    let count: number;
    try {
      const row = await this.db
        .insert(rateLimitWindows)
        .values({ key, windowStart: second, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitWindows.key, rateLimitWindows.windowStart],
          set: { count: sql`${rateLimitWindows.count} + 1` },
        })
        .returning({ count: rateLimitWindows.count })
        .get();
      count = row?.count ?? 1;
      await this.prune(second);
    } catch (error) {
      if (isStorageFull(error)) return { allowed: true, remaining: 0, retryAfterSeconds: 0 };
      throw error;
    }
    if (count <= perSecond) return { allowed: true, remaining: perSecond - count, retryAfterSeconds: 0 };
    return { allowed: false, remaining: 0, retryAfterSeconds: 1 };
  }

  /** Removes every key's past windows now and then (any instance's prune serves all). */
  private async prune(second: number): Promise<void> {
    if (second - this.prunedAt < PRUNE_EVERY_S) return;
    this.prunedAt = second;
    await this.db
      .delete(rateLimitWindows)
      .where(lt(rateLimitWindows.windowStart, second - PRUNE_AFTER_S))
      .run();
  }
}
