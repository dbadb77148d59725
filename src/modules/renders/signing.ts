import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download tokens: `<expiry unix seconds>.<HMAC-SHA256(secret, "<render id>.<expiry>")>`. Bound to one
 * render and its expiry: any changed byte fails the constant-time comparison.
 */
export class DownloadSigner {
  constructor(private readonly secret: string) {}

  private mac(renderId: string, expiry: number): Buffer {
    return createHmac('sha256', this.secret).update(`${renderId}.${expiry}`).digest();
  }

  sign(renderId: string, expiresAt: Date): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000);
    return `${expiry}.${this.mac(renderId, expiry).toString('base64url')}`;
  }

  /** True only for an untampered token of this render that has not expired at `now`. */
  verify(renderId: string, token: string, now: Date): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const expiry = Number(match[1]);
    // Compare the text, not the decoded bytes: the last base64url character carries two unused bits, so
    // decoding would accept a token with a changed last character.
    const given = Buffer.from(match[2] ?? '');
    const expected = Buffer.from(this.mac(renderId, expiry).toString('base64url'));
    if (!timingSafeEqual(given, expected)) return false;
    return expiry * 1000 > now.getTime();
  }
}
