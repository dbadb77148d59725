import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ParticipantId } from '../../delivery-channel';
import { type PeppolLookupRow, peppolLookups } from './schema';

/** `key` is the normalized (lowercased) identifier. */
export async function findLookup(db: DbOrTx, key: ParticipantId): Promise<PeppolLookupRow | null> {
  const row = await db
    .select()
    .from(peppolLookups)
    .where(and(eq(peppolLookups.scheme, key.scheme), eq(peppolLookups.value, key.value)))
    .get();
  return row ?? null;
}

/** Stores the participant's latest lookup, replacing the previous one. */
export async function saveLookup(db: DbOrTx, row: PeppolLookupRow): Promise<PeppolLookupRow> {
  const { scheme: _scheme, value: _value, ...answer } = row;
  await db
    .insert(peppolLookups)
    .values(row)
    .onConflictDoUpdate({ target: [peppolLookups.scheme, peppolLookups.value], set: answer })
    .run();
  return row;
}
