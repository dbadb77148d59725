import { describe, expect, test } from 'bun:test';
import { networkInterfaces } from 'node:os';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../src/config';
import { classifySmtpError, shorten } from '../../src/modules/deliveries/email/smtp-outcome';
import { readSmtpUrl } from '../../src/modules/deliveries/email/smtp-settings';

const EXTERNAL_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** An error shaped as nodemailer's smtp-connection makes them. */
const smtpError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), fields);
const keep = (text: string) => text;

describe('classifySmtpError', () => {
  const cases: [string, Record<string, unknown>, 'bounced' | 'failed' | 'retry'][] = [
    [
      'every recipient refused with 550',
      {
        message: "Can't send mail - all recipients were rejected: 550 no such user",
        code: 'EENVELOPE',
        command: 'RCPT TO',
        responseCode: 550,
      },
      'bounced',
    ],
    [
      'mailbox full (552 at RCPT)',
      { message: 'x', code: 'EENVELOPE', command: 'RCPT TO', responseCode: 552 },
      'bounced',
    ],
    [
      'recipient deferred (450)',
      { message: 'x', code: 'EENVELOPE', command: 'RCPT TO', responseCode: 450 },
      'retry',
    ],
    [
      'sender refused (553 at MAIL FROM)',
      { message: 'x', code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 553 },
      'failed',
    ],
    [
      'message refused after DATA (554)',
      { message: 'x', code: 'EMESSAGE', command: 'DATA', responseCode: 554 },
      'failed',
    ],
    [
      'login refused (535)',
      { message: 'Invalid login: 535', code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 },
      'failed',
    ],
    ['no credentials for AUTH', { message: 'Missing credentials for "PLAIN"', code: 'EAUTH' }, 'failed'],
    ['bad sequence (503) is not a verdict', { message: 'x', code: 'EPROTOCOL', responseCode: 503 }, 'retry'],
    [
      'greeting 421',
      { message: 'Invalid greeting: 421 try later', code: 'EPROTOCOL', responseCode: 421 },
      'retry',
    ],
    ['connection refused', { message: 'connect ECONNREFUSED 127.0.0.1:25', code: 'ESOCKET' }, 'retry'],
    ['timeout', { message: 'Greeting never received', code: 'ETIMEDOUT' }, 'retry'],
    ['DNS', { message: 'getaddrinfo ENOTFOUND smtp.example', code: 'EDNS' }, 'retry'],
    ['aborted (shutdown)', { message: 'Message sending aborted', code: 'EABORT' }, 'retry'],
  ];
  for (const [name, fields, kind] of cases) {
    test(`${name} -> ${kind}`, () => {
      expect(classifySmtpError(smtpError(fields), keep).kind).toBe(kind);
    });
  }

  test('a bounce names each refused recipient with the server answer', () => {
    const error = smtpError({
      message: "Can't send mail - all recipients were rejected: 550 b",
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode: 550,
      rejectedErrors: [
        { recipient: 'a@x.example', response: '550 5.1.1 <a@x.example>: no such user' },
        { recipient: 'b@x.example', response: '552 mailbox full' },
      ],
    });
    expect(classifySmtpError(error, keep).reason).toBe(
      'rejected by the mail server: a@x.example: 550 5.1.1 <a@x.example>: no such user; b@x.example: 552 mailbox full',
    );
  });

  test('reasons are redacted, one line, and bounded', () => {
    const error = smtpError({ message: 'login as user:hunter22\r\nfailed', code: 'ESOCKET' });
    const { reason } = classifySmtpError(error, (t) => t.replaceAll('hunter22', '***'));
    expect(reason).toBe('login as user:*** failed');
    expect(shorten('x'.repeat(5000))).toHaveLength(1000);
    expect(classifySmtpError('a string', keep)).toEqual({ kind: 'retry', reason: 'a string' });
  });
});

describe('readSmtpUrl', () => {
  test('?from= is the sender and is not passed on to the transport', () => {
    const s = readSmtpUrl('smtps://user:pw@smtp.example.com:465?from=Billing%20%3Cbilling%40acme.example%3E');
    expect(s.from).toBe('Billing <billing@acme.example>');
    const transport = new URL(s.transportUrl);
    expect([transport.protocol, transport.username, transport.password, transport.host]).toEqual([
      'smtps:',
      'user',
      'pw',
      'smtp.example.com:465',
    ]);
    expect(transport.search).toBe('');
  });

  test('without ?from=, a user name that is an address is the sender; otherwise there is none', () => {
    expect(readSmtpUrl('smtp://billing%40acme.example:pw@smtp.example.com:587').from).toBe(
      'billing@acme.example',
    );
    expect(readSmtpUrl('smtp://apikey:pw@smtp.example.com:587').from).toBeNull();
    expect(readSmtpUrl('smtp://127.0.0.1:25').from).toBeNull();
    expect(readSmtpUrl('smtp://127.0.0.1:25?from=a%40b.example%0D%0ABcc%3A%20c%40d.example').from).toBeNull();
  });

  test('smtp:// beyond this host requires STARTTLS unless the URL opts out; loopback and smtps:// do not add it', () => {
    const param = (raw: string) => new URL(readSmtpUrl(raw).transportUrl).searchParams.get('requireTLS');
    expect(param('smtp://user:pw@smtp.example.com:587')).toBe('true');
    expect(param('smtp://user:pw@10.0.0.5:25')).toBe('true');
    expect(param('smtp://user:pw@smtp.example.com:587?requireTLS=false')).toBe('false');
    expect(param('smtp://user:pw@127.0.0.1:25')).toBeNull();
    expect(param('smtp://user:pw@localhost:25')).toBeNull();
    expect(param('smtp://user:pw@[::1]:25')).toBeNull();
    expect(param('smtps://user:pw@smtp.example.com:465')).toBeNull();
  });

  // A machine with loopback only has nothing beyond it to test against: skipped there (CI has one).
  test.skipIf(EXTERNAL_ADDRESS === undefined)(
    'a server beyond this host that offers no STARTTLS never sees the password',
    async () => {
      const address = EXTERNAL_ADDRESS as string;
      let sawAuth = false;
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onAuth: (_auth, _session, callback) => {
          sawAuth = true;
          callback(null, { user: 'x' });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, address, resolve));
      const port = (server.server.address() as { port: number }).port;
      try {
        const settings = readSmtpUrl(`smtp://mailer:secret@${address}:${port}?from=a%40b.example`);
        const transport = createTransport(settings.transportUrl);
        const sent = transport.sendMail({ from: 'a@b.example', to: 'c@d.example', text: 'x' });
        await expect(sent).rejects.toThrow(/STARTTLS|TLS/i);
        expect(sawAuth).toBe(false);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  );

  test('redact hides the password (raw and percent-decoded) and the whole URL', () => {
    const raw = 'smtp://mailer:p%40ss%2Fw0rd@smtp.example.com:587?from=a%40b.example';
    const s = readSmtpUrl(raw);
    expect(s.redact(`cannot use ${raw}`)).toBe('cannot use ***');
    expect(s.redact('auth p@ss/w0rd refused')).toBe('auth *** refused');
    expect(s.redact('auth p%40ss%2Fw0rd refused')).toBe('auth *** refused');
    expect(s.redact('nothing secret here')).toBe('nothing secret here');
    expect(readSmtpUrl('smtp://127.0.0.1:25').redact('plain text')).toBe('plain text');
  });
});

describe('SMTP_URL at start-up', () => {
  test('an unparsable value is refused without echoing it (it may hold the password)', () => {
    const raw = 'smtp://mailer:hunter22-secret@[not-a-host';
    let message = '';
    try {
      loadConfig({ SMTP_URL: raw });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('hunter22-secret');
  });
});
