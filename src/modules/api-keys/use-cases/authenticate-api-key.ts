import { digestsEqual, sha256Hex } from '../../../shared/secrets';
import type { ApiKeyRow } from '../schema';
import { lookupOf } from '../secret';

/**
 * What a presented secret authenticates, or null for anything unknown, malformed or revoked. `find` reads
 * the key's row by its lookup part together with whatever the caller needs besides (auth: the account and
 * its plan, so every request pays one statement for both; accounts' `findKeyWithAccount`); the secret's
 * digest and the revocation are checked here.
 */
export async function authenticateApiKey<Found extends { key: ApiKeyRow }>(
  presented: string,
  find: (lookup: string) => Promise<Found | undefined>,
): Promise<Found | null> {
  const lookup = lookupOf(presented);
  if (lookup === null) return null;
  const found = await find(lookup);
  if (!found || !digestsEqual(found.key.secretHash, sha256Hex(presented))) return null;
  return found.key.revokedAt === null ? found : null;
}
