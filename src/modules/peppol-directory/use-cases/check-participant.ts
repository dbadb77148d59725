import { ChannelError, type ParticipantId } from '../../../delivery-channel';
import type { SystemCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import { lookupParticipant, type PeppolLookupDeps } from '../lookup';
import { normalizedParticipant } from '../participant';
import { findLookup, saveLookup } from '../repo';
import type { PeppolLookupRow } from '../schema';

/** How long a successful lookup answers for: SMP registrations change rarely, and a send checks again. */
export const CACHE_HOURS = 24;

export interface CheckedParticipant {
  row: PeppolLookupRow;
  /** Answered from the stored lookup, without asking the network. */
  cached: boolean;
}

/**
 * A participant's reachability: the stored lookup while it is fresh (successful, under CACHE_HOURS old),
 * else a new one, stored either way. Not a transaction: the lookup is network I/O, which must not hold the
 * database; its result is one upsert. A failed lookup is a `provider_error` (502) saying whether asking
 * again later may help (`details.transient`).
 */
export async function checkParticipant({
  ctx,
  lookup,
  input,
}: {
  ctx: SystemCtx;
  lookup: PeppolLookupDeps;
  input: { id: ParticipantId; refresh: boolean };
}): Promise<CheckedParticipant> {
  const key = normalizedParticipant(input.id);
  const now = ctx.clock.now();
  const stored = input.refresh ? null : await findLookup(ctx.db, key);
  if (stored !== null && isFresh(stored, now)) return { row: stored, cached: true };
  const checkedAt = now.toISOString();
  try {
    const found = await lookupParticipant(lookup, input.id, now);
    const row = await saveLookup(ctx.db, {
      ...key,
      registered: found.registered,
      invoice: found.supports.invoice,
      creditNote: found.supports.creditNote,
      xrechnungUbl: found.supports.xrechnungUbl,
      xrechnungCii: found.supports.xrechnungCii,
      smpUrl: found.smpUrl,
      checkedAt,
      error: null,
    });
    return { row, cached: false };
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    await saveLookup(ctx.db, {
      ...key,
      registered: null,
      invoice: null,
      creditNote: null,
      xrechnungUbl: null,
      xrechnungCii: null,
      smpUrl: null,
      checkedAt,
      error: error.message,
    });
    throw new DomainError(
      'provider_error',
      `The Peppol lookup of ${key.scheme}:${key.value} failed${error.transient ? ' for now' : ''}: ${error.message}`,
      { transient: error.transient },
      error.transient ? { 'Retry-After': String(error.details.retryAfterSeconds ?? 60) } : undefined,
    );
  }
}

function isFresh(row: PeppolLookupRow, now: Date): boolean {
  const age = now.getTime() - new Date(row.checkedAt).getTime();
  return row.error === null && age >= 0 && age < CACHE_HOURS * 3_600_000;
}
