// Where an IP address leads, as the outbound guard (src/outbound.ts) reads it before a provider's host is
// reached: IPv6 forms that carry an IPv4 address reach that address, whatever the form.
import { describe, expect, test } from 'bun:test';
import { addressScope } from '../../src/outbound';

describe('addressScope', () => {
  test('IPv6 forms carrying an IPv4 address take its scope', () => {
    expect(addressScope('::ffff:10.0.0.1')).toBe('internal');
    expect(addressScope('::ffff:0:10.0.0.1')).toBe('internal'); // translated (RFC 2765)
    expect(addressScope('::ffff:0:169.254.169.254')).toBe('internal');
    expect(addressScope('::ffff:0:8.8.8.8')).toBe('public');
    expect(addressScope('64:ff9b::127.0.0.1')).toBe('loopback');
    expect(addressScope('2002:7f00:1::')).toBe('loopback'); // 6to4 of 127.0.0.1
    expect(addressScope('2002:a9fe:a9fe::1')).toBe('internal'); // 6to4 of 169.254.169.254
    expect(addressScope('2002:0808:0808::1')).toBe('public');
  });

  test('local-use translation and Teredo are never a provider on the internet', () => {
    expect(addressScope('64:ff9b:1::a00:1')).toBe('internal');
    expect(addressScope('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('internal');
  });

  test('plain addresses keep their scope', () => {
    expect(addressScope('2001:4860:4860::8888')).toBe('public');
    expect(addressScope('2a00:1450:4001:80b::200e')).toBe('public');
    expect(addressScope('fd00::1')).toBe('internal');
    expect(addressScope('::1')).toBe('loopback');
    expect(addressScope('93.184.216.34')).toBe('public');
  });
});
