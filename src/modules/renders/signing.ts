import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download tokens: `<expiry unix seconds>.<holder>.<HMAC-SHA256(secret, "<render id>.<expiry>.<holder>")>`.
 * Bound to one render, its expiry and who made the link: the API key whose request made it (`key_`), or
 * the workspace membership a signed-in person acted under (`wsm_`). Revoking that key, removing that
 * member or disabling the account ends its links (the download route checks). Tokens of the earlier form
 * `<expiry>.<mac>` (no holder) still verify until they expire; for them only the account is checked.
 */
export class DownloadSigner {
  constructor(private readonly secret: string) {}

  private mac(renderId: string, expiry: number, keyId: string | null): Buffer {
    const message = keyId === null ? `${renderId}.${expiry}` : `${renderId}.${expiry}.${keyId}`;
    return createHmac('sha256', this.secret).update(message).digest();
  }

  sign(renderId: string, expiresAt: Date, keyId: string | null): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000);
    const mac = this.mac(renderId, expiry, keyId).toString('base64url');
    return keyId === null ? `${expiry}.${mac}` : `${expiry}.${keyId}.${mac}`;
  }

  /**
   * For an untampered token of this render that has not expired at `now`: the holder it names, in `keyId`
   * (a `key_` or `wsm_` id; null for a token of the earlier form, or one made without a holder). Otherwise
   * false.
   */
  verify(renderId: string, token: string, now: Date): { keyId: string | null } | false {
    const match = /^(\d{1,12})\.(?:([A-Za-z0-9_]{1,64})\.)?([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const expiry = Number(match[1]);
    const keyId = match[2] ?? null;
    // Compare the text, not the decoded bytes: the last base64url character carries two unused bits, so
    // decoding would accept a token with a changed last character.
    const given = Buffer.from(match[3] ?? '');
    const expected = Buffer.from(this.mac(renderId, expiry, keyId).toString('base64url'));
    if (!timingSafeEqual(given, expected)) return false;
    return expiry * 1000 > now.getTime() ? { keyId } : false;
  }
}
