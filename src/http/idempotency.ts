import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Clock, isoNow } from '../shared/clock';
import { sha256Hex } from '../shared/secrets';
import { ACCOUNT_PRINCIPAL, idempotencyKeys } from './idempotency.schema';

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
 * inserted in a write-locked transaction before the write runs, so two identical requests at once cannot
 * both run it.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  claim(scope: IdempotencyScope, key: string, fingerprint: string): ClaimOutcome {
    return this.db.transaction(
      (tx) => {
        const row = tx.select().from(idempotencyKeys).where(scoped(scope, key)).get();
        if (!row) {
          tx.insert(idempotencyKeys)
            .values({
              accountId: scope.accountId,
              principal: scope.memberId ?? ACCOUNT_PRINCIPAL,
              key,
              requestHash: fingerprint,
              createdAt: isoNow(this.clock),
            })
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

  complete(scope: IdempotencyScope, key: string, status: number, headers: Headers, body: Uint8Array): void {
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
      .where(scoped(scope, key))
      .run();
  }

  /** A failed (5xx or crashed) attempt frees the key so the client's retry can run. */
  release(scope: IdempotencyScope, key: string): void {
    this.db.delete(idempotencyKeys).where(scoped(scope, key)).run();
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
