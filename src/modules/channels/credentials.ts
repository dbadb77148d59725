import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A connection's secrets at rest: one JSON object sealed with AES-256-GCM under CREDENTIALS_KEY (a key
 * of its own: a backup holds the sealed text, never the key; docs/channels.md). The account id is the
 * additional data, so a sealed value copied into another account's row does not open.
 */
export function sealSecrets(key: Uint8Array, accountId: string, secrets: Record<string, string>): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(accountId));
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secrets, or null when the value does not open (another key: CREDENTIALS_KEY changed, or a restore). */
export function openSecrets(
  key: Uint8Array,
  accountId: string,
  sealed: string | null,
): Record<string, string> | null {
  if (sealed === null) return {};
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}
