import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, like, lt, not } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import { type Clock, isoNow } from '../shared/clock';
import { sha256Hex } from '../shared/secrets';
import { ACCOUNT_PRINCIPAL, idempotencyKeys } from './idempotency.schema';

/** How long a key is remembered; documented in docs/api-conventions.md. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * An unfinished claim is the running request's lease: renewed every third of it while the request runs.
 * One not renewed for this long belongs to a process that died mid-request; a retry takes it over.
 */
export const IDEMPOTENCY_LEASE_MS = 30 * 1000;
/** The answer's own headers a replay repeats: a binary render's `X-Render-Id` too (the render it made). */
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location', 'x-render-id'];

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: Response }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' }
  /** The stored answer was sealed with another secret (SIGNING_SECRET changed): it cannot be replayed. */
  | { kind: 'unreadable' };

const SEALED = 'sealed:v1:';

/**
 * Stored answers are sealed (AES-256-GCM) with a key derived from the signing secret, which lives outside
 * the database: a replayed `POST /api-keys` answer holds the new key's secret, and the database (or a
 * backup of it) must never hold a usable key in clear (docs/api-conventions.md).
 */
export class AnswerSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'idempotency-replay-v1', 32));
  }

  seal(bytes: Uint8Array): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(bytes), cipher.final()]);
    return `${SEALED}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
  }

  /** The bytes, or null when `stored` was sealed with another key or altered. Unsealed text is legacy base64. */
  open(stored: string): Uint8Array | null {
    if (!stored.startsWith(SEALED)) return Buffer.from(stored, 'base64');
    const raw = Buffer.from(stored.slice(SEALED.length), 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    } catch {
      return null;
    }
  }
}

/**
 * Whether an answer is the request's outcome, stored and replayed for its Idempotency-Key: 2xx-4xx, except
 * 429 (try again later). A 5xx is never stored either (the server frees the key itself).
 */
export function isStoredOutcome(status: number): boolean {
  return status < 500 && status !== 429;
}

/** JSON bodies compare by meaning, not bytes: a client that re-serialises with other spacing still matches. */
export function requestFingerprint(method: string, url: string, body: string): string {
  let canonical = body;
  try {
    canonical = body === '' ? '' : stableStringify(JSON.parse(body));
  } catch {
    // Not JSON: the raw bytes are the identity.
  }
  const { pathname, search } = new URL(url);
  return sha256Hex(`${method} ${pathname}${search}\n${canonical}`);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whose Idempotency-Key it is: the account and the workspace member the key acts for (null = an
 * account-level key). Keys are the client's own names, so two members may well pick the same one.
 */
export interface IdempotencyScope {
  accountId: string;
  memberId: string | null;
}

function scoped(scope: IdempotencyScope, key: string) {
  return and(
    eq(idempotencyKeys.accountId, scope.accountId),
    eq(idempotencyKeys.principal, scope.memberId ?? ACCOUNT_PRINCIPAL),
    eq(idempotencyKeys.key, key),
  );
}

/**
 * Stores and replays write responses per (account, principal, Idempotency-Key): a replay never hands one
 * member's stored answer to another member (nor runs past the role check for them). The claim is a row
 * inserted (ON CONFLICT DO NOTHING on the key) before the write runs, so two identical requests at once,
 * on one instance or two, cannot both run it.
 */
export class IdempotencyStore {
  private readonly seal: AnswerSeal;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    secret: string,
  ) {
    this.seal = new AnswerSeal(secret);
  }

  /**
   * Seals the answers stored in clear by versions before sealing existed (once, at start): they may hold
   * API key secrets. Returns how many were sealed.
   */
  async sealStoredAnswers(): Promise<number> {
    const clear = await this.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(isNotNull(idempotencyKeys.responseBody), not(like(idempotencyKeys.responseBody, `${SEALED}%`))),
      )
      .all();
    for (const row of clear) {
      await this.db
        .update(idempotencyKeys)
        .set({ responseBody: this.seal.seal(Buffer.from(row.responseBody as string, 'base64')) })
        .where(
          and(
            eq(idempotencyKeys.accountId, row.accountId),
            eq(idempotencyKeys.principal, row.principal),
            eq(idempotencyKeys.key, row.key),
          ),
        )
        .run();
    }
    return clear.length;
  }

  async claim(scope: IdempotencyScope, key: string, fingerprint: string): Promise<ClaimOutcome> {
    return await inTransaction({ db: this.db }, async ({ db: tx }) => {
      // The claim is the insert itself (the primary key decides, ON CONFLICT DO NOTHING): two requests
      // with one key on two instances at once cannot both claim it, whatever the engine's isolation.
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({
          accountId: scope.accountId,
          principal: scope.memberId ?? ACCOUNT_PRINCIPAL,
          key,
          requestHash: fingerprint,
          createdAt: isoNow(this.clock),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
        .all();
      if (inserted.length > 0) return { kind: 'claimed' } as const;
      const row = await tx.select().from(idempotencyKeys).where(scoped(scope, key)).get();
      // Gone between the two statements (released, purged): the client's retry claims it.
      if (!row) return { kind: 'in_progress' } as const;
      const now = this.clock.now();
      const since = Date.parse(row.createdAt);
      const abandoned = row.responseStatus === null && since < now.getTime() - IDEMPOTENCY_LEASE_MS;
      // Remembered for 24 hours (docs/api-conventions.md), not until the hourly purge comes by: an older
      // answer is forgotten here already, so the key runs again as a new one (up to an hour more before).
      // A 429 an older version stored (over the rate, a quota used up) is no outcome either: taken over as
      // an expired answer is, so the retry its Retry-After invited runs (isStoredOutcome).
      const expired =
        since < now.getTime() - IDEMPOTENCY_RETENTION_MS ||
        (row.responseStatus !== null && !isStoredOutcome(row.responseStatus));
      if (abandoned || expired) {
        // Abandoned by a process that died while running it (never answered), or expired: this request
        // takes it, only if nobody took it since (the claim's start unchanged): one taker even on two
        // instances.
        const taken = await tx
          .update(idempotencyKeys)
          .set({
            requestHash: fingerprint,
            createdAt: now.toISOString(),
            responseStatus: null,
            responseHeaders: null,
            responseBody: null,
          })
          .where(
            and(
              scoped(scope, key),
              eq(idempotencyKeys.createdAt, row.createdAt),
              // An abandoned claim answered meanwhile (its process was slow, not dead) keeps its answer.
              expired ? undefined : isNull(idempotencyKeys.responseStatus),
            ),
          )
          .returning({ key: idempotencyKeys.key })
          .all();
        return taken.length > 0 ? ({ kind: 'claimed' } as const) : ({ kind: 'in_progress' } as const);
      }
      if (row.requestHash !== fingerprint) return { kind: 'mismatch' } as const;
      if (row.responseStatus === null) return { kind: 'in_progress' } as const;
      const body = row.responseBody === null ? null : this.seal.open(row.responseBody);
      if (row.responseBody !== null && body === null) return { kind: 'unreadable' } as const;
      const headers = new Headers(JSON.parse(row.responseHeaders ?? '{}') as Record<string, string>);
      headers.set('Idempotent-Replayed', 'true');
      return {
        kind: 'replay',
        response: new Response(body, { status: row.responseStatus, headers }),
      } as const;
    });
  }

  async complete(
    scope: IdempotencyScope,
    key: string,
    status: number,
    headers: Headers,
    body: Uint8Array,
  ): Promise<void> {
    // A 429 (over the rate, or a quota used up) says "not now", not what the request does: stored, the
    // retry the answer's Retry-After invites would get the 429 replayed for 24 hours (without its
    // Retry-After). Freed like a 5xx instead, so that retry with the same key runs.
    if (!isStoredOutcome(status)) {
      await this.release(scope, key);
      return;
    }
    const kept: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = headers.get(name);
      if (value !== null) kept[name] = value;
    }
    await this.db
      .update(idempotencyKeys)
      .set({
        responseStatus: status,
        responseHeaders: JSON.stringify(kept),
        responseBody: this.seal.seal(body),
      })
      .where(scoped(scope, key))
      .run();
  }

  /** Extends the running request's claim (its `created_at` is the lease's start). */
  async renew(scope: IdempotencyScope, key: string): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ createdAt: isoNow(this.clock) })
      .where(and(scoped(scope, key), isNull(idempotencyKeys.responseStatus)))
      .run();
  }

  /** A failed (5xx or crashed) attempt frees the key so the client's retry can run. */
  async release(scope: IdempotencyScope, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(scoped(scope, key)).run();
  }

  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
    return (
      await this.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, cutoff))
        .returning({ key: idempotencyKeys.key })
        .all()
    ).length;
  }
}
