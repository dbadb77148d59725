// The front door as an attacker on the internet meets it: who sends a body is known before the body is
// read (no anonymous caller makes the service hold MAX_BODY_BYTES per connection), and every answer says
// `nosniff`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PUBLIC_BODY_BYTES } from '../../src/http/server';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/**
 * Sends a request's head announcing `declared` bytes of body and only the first few of them, then waits
 * (at most `waitMs`) for the server's answer: the status line and body, or null when none came.
 */
async function answerToAnnouncedBody(
  path: string,
  headers: Record<string, string>,
  declared: number,
  waitMs = 3_000,
  method = 'POST',
): Promise<{ status: number; text: string } | null> {
  const { hostname, port } = new URL(server.url);
  let received = '';
  let settle: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_socket, chunk) {
        received += new TextDecoder().decode(chunk);
        if (/\r\n\r\n[\s\S]*\}/.test(received)) settle();
      },
      close() {
        settle();
      },
    },
  });
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${declared}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  socket.write(`${head}{"name": "`);
  const timer = setTimeout(settle, waitMs);
  await answered;
  clearTimeout(timer);
  socket.end();
  const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
  if (!status) return null;
  return { status: Number(status[1]), text: received.slice(received.indexOf('\r\n\r\n') + 4) };
}

describe('bodies are read only from callers who are known', () => {
  test('no key: the 401 comes at once, without waiting for (or holding) the announced body', async () => {
    const answer = await answerToAnnouncedBody('/api/v1/customers', {}, 9_000_000);
    expect(answer?.status).toBe(401);
    expect(JSON.parse(answer?.text ?? '{}').error.code).toBe('unauthorized');
  });

  test('a body on a method no route reads (OPTIONS, PURGE, GET) is never read: answered at once', async () => {
    for (const method of ['OPTIONS', 'PURGE', 'GET']) {
      const answer = await answerToAnnouncedBody('/api/v1/customers', {}, 9_000_000, 3_000, method);
      expect({ method, answered: answer !== null }).toEqual({ method, answered: true });
    }
  });

  test('a wrong key, a wrong session cookie: the same 401 at once', async () => {
    for (const headers of [
      { Authorization: 'Bearer sk_wrong_000000000000000000000000000000' },
      { Cookie: 'invoice_session=not-a-session' },
    ] as Record<string, string>[]) {
      const answer = await answerToAnnouncedBody('/api/v1/documents', headers, 9_000_000);
      expect(answer?.status).toBe(401);
    }
  });

  test('no such route: its 404 at once, as before', async () => {
    const answer = await answerToAnnouncedBody('/api/v1/no-such-thing', {}, 9_000_000);
    expect(answer?.status).toBe(404);
  });

  test('a known key still sends its body and gets the route answer (a 422 for a bad one)', async () => {
    const account = await makeAccount(server);
    const res = await server.json('/api/v1/customers', { method: 'POST', key: account.apiKey, body: {} });
    expect(res.status).toBe(422);
    const made = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Known caller GmbH' },
      headers: { 'Idempotency-Key': 'front-door-1' },
    });
    expect(made.status).toBe(200);
    const again = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Known caller GmbH' },
      headers: { 'Idempotency-Key': 'front-door-1' },
    });
    expect(again.body.data.id).toBe(made.body.data.id);
  });

  test('the public writes still read their bodies: a wrong password is a 401 of sign-in, not of a key', async () => {
    const res = await server.json('/api/v1/sessions', {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Invalid email or password');
    const link = await server.json('/api/v1/invitations/unknown-token/accept', {
      method: 'POST',
      body: { name: 'X', password: 'long enough password' },
    });
    expect(link.status).toBe(404);
  });
});

describe('the public writes take a small body only', () => {
  test('sign-in, a link, a webhook: past 1 MiB a 413 at once, without reading the rest', async () => {
    for (const path of [
      '/api/v1/sessions',
      '/api/v1/invitations/some-token/accept',
      '/api/v1/channels/webhooks/some-token',
      '/api/v1/billing/webhook',
    ]) {
      const answer = await answerToAnnouncedBody(path, {}, 9_000_000);
      expect([path, answer?.status]).toEqual([path, 413]);
      const error = JSON.parse(answer?.text ?? '{}').error;
      expect([error.code, error.details.max_bytes]).toEqual(['payload_too_large', PUBLIC_BODY_BYTES]);
    }
  });
});

describe('nosniff', () => {
  test('every answer carries X-Content-Type-Options: nosniff: JSON, errors, the console, health', async () => {
    const account = await makeAccount(server);
    for (const [path, key] of [
      ['/api/v1/auth/me', account.apiKey],
      ['/api/v1/auth/me', undefined],
      ['/api/v1/no-such-thing', undefined],
      ['/health', undefined],
      ['/', undefined],
    ] as const) {
      const res = await server.request(path, key ? { key } : {});
      await res.arrayBuffer();
      expect([path, res.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
    }
  });
});
