import { describe, expect, test } from 'bun:test';
import { DownloadSigner } from '../../src/modules/renders/signing';

const signer = new DownloadSigner('a-test-secret-of-enough-length');
const now = new Date('2026-11-21T10:00:00Z');
const expires = new Date('2026-11-21T11:00:00Z');

describe('download tokens', () => {
  test('a token reads its own render until it expires, and names the key that made it', () => {
    const token = signer.sign('rnd_a', expires, 'key_01abc');
    expect(signer.verify('rnd_a', token, now)).toEqual({ keyId: 'key_01abc' });
    expect(signer.verify('rnd_b', token, now)).toBe(false);
    expect(signer.verify('rnd_a', token, new Date('2026-11-21T11:00:00Z'))).toBe(false);
  });

  test('every single changed character is refused, the last one included', () => {
    const token = signer.sign('rnd_a', expires, 'key_01abc');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      for (const c of alphabet.slice(0, 8) + (token[i] === '0' ? '1' : '0')) {
        if (c === token[i]) continue;
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        expect(signer.verify('rnd_a', changed, now)).toBe(false);
      }
    }
  });

  test('an extended expiry with the old signature is refused', () => {
    const token = signer.sign('rnd_a', expires, 'key_01abc');
    const [, key, mac] = token.split('.');
    const later = Math.floor(expires.getTime() / 1000) + 3600;
    expect(signer.verify('rnd_a', `${later}.${key}.${mac}`, now)).toBe(false);
  });

  test('another key id with the same signature is refused; a token of the earlier form (no key) verifies', () => {
    const token = signer.sign('rnd_a', expires, 'key_01abc');
    const [expiry, , mac] = token.split('.');
    expect(signer.verify('rnd_a', `${expiry}.key_01abd.${mac}`, now)).toBe(false);
    expect(signer.verify('rnd_a', `${expiry}.${mac}`, now)).toBe(false);
    const earlier = signer.sign('rnd_a', expires, null);
    expect(earlier.split('.')).toHaveLength(2);
    expect(signer.verify('rnd_a', earlier, now)).toEqual({ keyId: null });
  });
});
