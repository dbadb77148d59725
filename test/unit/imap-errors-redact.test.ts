// The mailbox's error line (for /ready and the log) hides the IMAP password however the server echoes it:
// as it is, URL-encoded, or inside the base64 of an AUTH PLAIN exchange (`\0user\0password`); it hid only
// the password as it is.
import { expect, test } from 'bun:test';
import type { ImapSettings } from '../../src/config';
import { describeImapError } from '../../src/modules/mail-intake/imap-errors';

const settings = {
  host: 'imap.example',
  port: 993,
  mailbox: 'INBOX',
  user: 'rechnungen@firma.example',
  password: 'S3cret+Pass/word',
} as unknown as ImapSettings;

test('the password is hidden as it is, URL-encoded and inside AUTH PLAIN base64', () => {
  const plain = Buffer.from(`\u0000${settings.user}\u0000${settings.password}`).toString('base64');
  for (const echoed of [settings.password, encodeURIComponent(settings.password), plain]) {
    const line = describeImapError(
      { authenticationFailed: true, responseText: `AUTHENTICATE failed for ${echoed}` },
      settings,
    );
    expect(line).toStartWith('login refused by imap.example:993: AUTHENTICATE failed for ');
    expect(line).not.toContain(echoed);
    expect(line).toContain('***');
  }
});
