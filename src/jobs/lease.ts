// Work that must run on one instance at a time (the inbox folder's watcher, the mailbox's) runs on whoever
// holds its named lease (the `leases` table). Each operation is one statement, so two instances deciding
// at the same moment cannot both win, on SQLite or PostgreSQL: the take is an INSERT ... ON CONFLICT DO
// UPDATE whose update only happens when the row is free, expired or already the caller's.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Clock } from '../shared/clock';
import type { JobSource } from './definition';
import { type LeaseRow, leases } from './lease.schema';

export interface LeaseCtx {
  db: DbOrTx;
  clock: Clock;
}

/** This process's id as a lease holder: host and pid for the operator, a random part for uniqueness. */
export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Takes the lease `name` for `holder` until now + `ttlMs` when nobody holds it, its holder's time is up
 * (the holder died), or `holder` already holds it (then it is extended). True when `holder` holds it now.
 */
export async function acquireLease(ctx: LeaseCtx, name: string, holder: string, ttlMs: number) {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + ttlMs).toISOString();
  const rows = await ctx.db
    .insert(leases)
    .values({ name, holder, until, updatedAt: nowIso })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, until, updatedAt: nowIso },
      setWhere: or(eq(leases.holder, holder), lt(leases.until, nowIso)),
    })
    .returning({ name: leases.name })
    .all();
  return rows.length > 0;
}

/**
 * Extends `holder`'s lease to now + `ttlMs`. False when another instance has taken it meanwhile. A lease
 * whose time ran out but that nobody took is still the holder's to extend: nobody else acted on it.
 */
export async function renewLease(ctx: LeaseCtx, name: string, holder: string, ttlMs: number) {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(leases)
    .set({ until: new Date(now.getTime() + ttlMs).toISOString(), updatedAt: now.toISOString() })
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
    .returning({ name: leases.name })
    .all();
  return rows.length > 0;
}

/** Gives the lease up (a clean stop), so another instance takes it at once. False when it was not held. */
export async function releaseLease(ctx: LeaseCtx, name: string, holder: string) {
  const rows = await ctx.db
    .delete(leases)
    .where(and(eq(leases.name, name), eq(leases.holder, holder)))
    .returning({ name: leases.name })
    .all();
  return rows.length > 0;
}

/** Who holds `name` now; undefined when nobody does (no row, or its time is up). */
export async function leaseHolder(ctx: LeaseCtx, name: string): Promise<LeaseRow | undefined> {
  const row = await ctx.db.select().from(leases).where(eq(leases.name, name)).get();
  return row && row.until >= ctx.clock.now().toISOString() ? row : undefined;
}

/**
 * One named lease as this instance sees it. `hold()` is called before each round of the guarded work: a
 * standby instance only reads the row (no write) until the lease is free or expired; the holder writes only
 * when half of its time has passed. Nobody else can take it before `until`, so between renewals the holder
 * need not ask (instances' clocks must agree to well under the lease's length: NTP).
 */
export class Lease {
  /** The end of this instance's hold by the clock (ms), 0 when it does not hold the lease. */
  private heldUntil = 0;

  constructor(
    private readonly ctx: LeaseCtx,
    readonly name: string,
    readonly holder: string,
    readonly ttlMs: number,
  ) {}

  /** Whether this instance holds the lease now, taking it when free or expired and renewing it when due. */
  async hold(): Promise<boolean> {
    const now = this.ctx.clock.now().getTime();
    if (now < this.heldUntil - this.ttlMs / 2) return true;
    if (this.heldUntil === 0) {
      const current = await leaseHolder(this.ctx, this.name);
      if (current && current.holder !== this.holder) return false;
    }
    const held = await acquireLease(this.ctx, this.name, this.holder, this.ttlMs);
    this.heldUntil = held ? now + this.ttlMs : 0;
    return held;
  }

  /** Whether this instance held the lease when it last looked and its time is not up. */
  holding(): boolean {
    return this.ctx.clock.now().getTime() < this.heldUntil;
  }

  /** Gives the lease up when held (a clean stop); another instance takes it at its next look. */
  async release(): Promise<void> {
    if (this.heldUntil === 0) return;
    this.heldUntil = 0;
    await releaseLease(this.ctx, this.name, this.holder);
  }
}

/** This instance's leases, one `Lease` per name; `releaseAll` on a clean stop. */
export class InstanceLeases {
  private readonly byName = new Map<string, Lease>();

  constructor(
    private readonly ctx: LeaseCtx,
    /** How long a hold lasts without renewal: how long the others wait after a holder died. */
    readonly ttlMs: number,
    /** One per service: two services in one process (tests) are two instances. */
    readonly instanceId: string = newInstanceId(),
  ) {}

  lease(name: string): Lease {
    let lease = this.byName.get(name);
    if (!lease) {
      lease = new Lease(this.ctx, name, this.instanceId, this.ttlMs);
      this.byName.set(name, lease);
    }
    return lease;
  }

  async releaseAll(): Promise<void> {
    for (const lease of this.byName.values()) await lease.release();
  }
}

/** A job source that runs only on the instance holding `lease` (the others skip the round). */
export function leased(lease: Lease, source: JobSource): JobSource {
  return async () => {
    if (await lease.hold()) await source();
  };
}
