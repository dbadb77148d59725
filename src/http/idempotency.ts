import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Clock, isoNow } from '../shared/clock';
import { sha256Hex } from '../shared/secrets';
import { idempotencyKeys } from './idempotency.schema';

/** How long a key is remembered; documented in docs/api-conventions.md. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'location'];

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: Response }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

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
 * Stores and replays write responses per (account, Idempotency-Key). The claim is a row inserted in a
 * write-locked transaction before the write runs, so two identical requests at once cannot both run it.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  claim(accountId: string, key: string, fingerprint: string): ClaimOutcome {
    return this.db.transaction(
      (tx) => {
        const row = tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
          .get();
        if (!row) {
          tx.insert(idempotencyKeys)
            .values({ accountId, key, requestHash: fingerprint, createdAt: isoNow(this.clock) })
            .run();
          return { kind: 'claimed' } as const;
        }
        if (row.requestHash !== fingerprint) return { kind: 'mismatch' } as const;
        if (row.responseStatus === null) return { kind: 'in_progress' } as const;
        const headers = new Headers(JSON.parse(row.responseHeaders ?? '{}') as Record<string, string>);
        headers.set('Idempotent-Replayed', 'true');
        const body = row.responseBody === null ? null : Buffer.from(row.responseBody, 'base64');
        return {
          kind: 'replay',
          response: new Response(body, { status: row.responseStatus, headers }),
        } as const;
      },
      { behavior: 'immediate' },
    );
  }

  complete(accountId: string, key: string, status: number, headers: Headers, body: Uint8Array): void {
    const kept: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = headers.get(name);
      if (value !== null) kept[name] = value;
    }
    this.db
      .update(idempotencyKeys)
      .set({
        responseStatus: status,
        responseHeaders: JSON.stringify(kept),
        responseBody: Buffer.from(body).toString('base64'),
      })
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
      .run();
  }

  /** A failed (5xx or crashed) attempt frees the key so the client's retry can run. */
  release(accountId: string, key: string): void {
    this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
      .run();
  }

  purgeExpired(): number {
    const cutoff = new Date(this.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
    return this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .returning({ key: idempotencyKeys.key })
      .all().length;
  }
}
