import { randomToken } from '../../shared/ids';
import { sha256Hex } from '../../shared/secrets';

const PREFIX = 'sk_';
const LOOKUP_LENGTH = 12;

export interface KeySecret {
  apiKey: string;
  lookup: string;
  secretHash: string;
  last4: string;
}

/**
 * A key is `sk_` + 32 url-safe random characters (192 bits). Its first 12 characters after the prefix
 * find the row; the whole key is only ever stored as a SHA-256 digest (the secret's entropy makes a
 * slow password hash pointless), and the digest is compared in constant time.
 */
export function generateKeySecret(): KeySecret {
  const apiKey = `${PREFIX}${randomToken(24)}`;
  return { apiKey, lookup: lookupOf(apiKey) ?? '', secretHash: sha256Hex(apiKey), last4: apiKey.slice(-4) };
}

/** The lookup part of a presented key, or null when it cannot be one of ours. */
export function lookupOf(presented: string): string | null {
  if (!presented.startsWith(PREFIX) || presented.length !== PREFIX.length + 32) return null;
  return presented.slice(PREFIX.length, PREFIX.length + LOOKUP_LENGTH);
}
