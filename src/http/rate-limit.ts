import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { isStorageFull } from '../db/errors';
import { atReadCommitted } from '../db/transaction';
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
/** Keys whose last count this limiter remembers (to refuse a full window without asking) before it forgets old ones. */
const REMEMBERED_KEYS = 10_000;
/**
 * An upsert takes this share of the rate's places beyond its requests' own, as a lease the instance gives
 * out without asking (1/50: at a rate of 1,000 a second, 20 places): at most 2 % of a window's places per
 * instance are taken and not used, so another instance may be refused that much early, never let past the
 * rate. Under 50 a second no lease: every place is asked for.
 */
const LEASE_SHARE = 50;

/** Places of a window an upsert took for this instance beyond its requests: `next` to `last`, given in turn. */
interface Lease {
  second: number;
  next: number;
  last: number;
}

interface Waiter {
  perSecond: number;
  resolve(decision: RateDecision): void;
  reject(error: unknown): void;
}

/** The requests of one key and second not counted yet: counted together by the next upsert. */
interface Batch {
  second: number;
  waiters: Waiter[];
}

/** A key's batches waiting behind the one upsert of it in flight. */
interface KeyQueue {
  batches: Batch[];
}

/** A window's upsert, built once per limiter (src/db/prepared.ts): every request of an instance may run it. */
function windowUpsert(db: DbOrTx) {
  return db
    .insert(rateLimitWindows)
    .values({
      key: sql.placeholder('key'),
      windowStart: sql.placeholder('second'),
      count: sql.placeholder('n'),
    })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { count: sql`${rateLimitWindows.count} + ${sql.placeholder('n')}` },
    })
    .returning({ count: rateLimitWindows.count })
    .prepare();
}

/**
 * A fixed one-second window per key in the database, shared by every instance on it: requests add to their
 * (key, second) row with an upsert (`INSERT ... ON CONFLICT DO UPDATE SET count = count + n RETURNING
 * count`), so two instances counting at the same moment both see the sum. A request is allowed while its
 * place in the window's count is within `perSecond`. Unlike the token bucket, a burst may straddle two
 * windows (up to twice the rate across a second boundary).
 *
 * One upsert per key in flight per instance: the requests that arrive meanwhile wait and are counted
 * together by the next one (n at once), each given its own place in the sum, so the decisions are the same
 * as one upsert each (the limit is as exact across instances as before) for a statement per round trip to
 * the database instead of per request. At a rate of 50 a second or more, an upsert also takes a lease of
 * 1/50 of the rate's places, which the instance's next requests of the same window take without asking
 * (LEASE_SHARE). Once a window is known to be full, its further requests on this
 * instance are refused without asking (its count only grows within the second). The upsert runs READ
 * COMMITTED on PostgreSQL: atomic on its own, it waits for another instance's on the row instead of
 * failing with a serialization failure and being run again.
 * A full database fails open: reads keep working when no write can (the writes answer 507 themselves).
 */
export class DatabaseRateLimiter implements RateLimiter {
  private prunedAt = 0;
  private readonly queues = new Map<string, KeyQueue>();
  /** The last count this limiter saw per key, and its window. */
  private readonly seen = new Map<string, { second: number; count: number }>();
  /** Places this limiter took per key beyond its requests' (LEASE_SHARE), given out without asking. */
  private readonly leases = new Map<string, Lease>();

  private readonly upsert: ReturnType<typeof windowUpsert>;

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock = systemClock,
  ) {
    this.upsert = windowUpsert(db);
  }

  async take(key: string, perSecond: number): Promise<RateDecision> {
    const second = Math.floor(this.clock.now().getTime() / 1000);
    const leased = this.fromLease(key, second, perSecond);
    if (leased !== null) return leased;
    const seen = this.seen.get(key);
    if (seen !== undefined && seen.second === second && seen.count >= perSecond) return refused();
    return await new Promise<RateDecision>((resolve, reject) => {
      let queue = this.queues.get(key);
      const waiter = { perSecond, resolve, reject };
      if (queue !== undefined) {
        const last = queue.batches.at(-1);
        if (last !== undefined && last.second === second) last.waiters.push(waiter);
        else queue.batches.push({ second, waiters: [waiter] });
        return;
      }
      queue = { batches: [{ second, waiters: [waiter] }] };
      this.queues.set(key, queue);
      void this.drain(key, queue);
    });
  }

  /** Counts the key's batches one upsert at a time until none is left. Never rejects: its waiters do. */
  private async drain(key: string, queue: KeyQueue): Promise<void> {
    for (let batch = queue.batches.shift(); batch !== undefined; batch = queue.batches.shift()) {
      // Those that came while the last upsert was in flight take what it leased first.
      const waiters = batch.waiters.filter((waiter) => {
        const leased = this.fromLease(key, batch.second, waiter.perSecond);
        if (leased !== null) waiter.resolve(leased);
        return leased === null;
      });
      const n = waiters.length;
      if (n === 0) continue;
      const extra = Math.floor(Math.min(...waiters.map((waiter) => waiter.perSecond)) / LEASE_SHARE);
      try {
        const count = await this.count(key, batch.second, n + extra);
        this.remember(key, batch.second, count);
        await this.prune(batch.second);
        // Each request's place in the window: the n places before the lease's, in the order they came.
        for (const [i, waiter] of waiters.entries()) {
          const place = count - extra - n + 1 + i;
          waiter.resolve(
            place <= waiter.perSecond
              ? { allowed: true, remaining: waiter.perSecond - place, retryAfterSeconds: 0 }
              : refused(),
          );
        }
        if (extra > 0) this.lease(key, { second: batch.second, next: count - extra + 1, last: count });
      } catch (error) {
        for (const waiter of waiters) {
          if (isStorageFull(error)) waiter.resolve({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
          else waiter.reject(error);
        }
      }
    }
    this.queues.delete(key);
  }

  /** Adds n to the key's window; the window's count after it. */
  private async count(key: string, second: number, n: number): Promise<number> {
    const row = await atReadCommitted(() => this.upsert.get({ key, second, n }));
    return row?.count ?? n;
  }

  /** The next place of this instance's lease on the window, if it has one within `perSecond`; else null. */
  private fromLease(key: string, second: number, perSecond: number): RateDecision | null {
    const lease = this.leases.get(key);
    if (lease === undefined || lease.second !== second || lease.next > lease.last || lease.next > perSecond) {
      return null;
    }
    const place = lease.next++;
    return { allowed: true, remaining: perSecond - place, retryAfterSeconds: 0 };
  }

  private lease(key: string, lease: Lease): void {
    const last = this.leases.get(key);
    if (last !== undefined && last.second > lease.second) return;
    if (this.leases.size >= REMEMBERED_KEYS) {
      for (const [k, v] of this.leases) if (v.second < lease.second) this.leases.delete(k);
    }
    this.leases.set(key, lease);
  }

  private remember(key: string, second: number, count: number): void {
    const last = this.seen.get(key);
    if (last !== undefined && last.second > second) return;
    if (this.seen.size >= REMEMBERED_KEYS) {
      for (const [k, v] of this.seen) if (v.second < second) this.seen.delete(k);
    }
    this.seen.set(key, { second, count });
  }

  /**
   * Removes every key's past windows now and then (any instance's prune serves all). Housekeeping: the
   * requests it delays were counted already, and a prune that fails is tried again at the next one.
   */
  private async prune(second: number): Promise<void> {
    if (second - this.prunedAt < PRUNE_EVERY_S) return;
    this.prunedAt = second;
    // READ COMMITTED: two instances pruning the same windows at once both succeed (the later skips the rows
    // the earlier deleted) instead of one failing with a serialization failure.
    await atReadCommitted(() =>
      this.db
        .delete(rateLimitWindows)
        .where(lt(rateLimitWindows.windowStart, second - PRUNE_AFTER_S))
        .run(),
    ).catch(() => undefined);
  }
}

const refused = (): RateDecision => ({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
