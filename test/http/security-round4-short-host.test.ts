// A request whose Host is a name of one to three characters (`app`, `api`, `web` on port 80, a container's
// or a Kubernetes service's name; Bun drops the default port from the URL) is routed like any other. The
// router (Elysia) took the path to start at the first `/` from the URL's twelfth character on, which
// assumes a host of at least four: with `Host: app` every request, /health included, was a 404 "No route",
// and an anonymous write a 404 instead of the 401 the front door promises (docs/security.md). The app is
// made with Elysia's `handler: { standardHostname: false }` (src/app.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

/** One HTTP/1.1 request sent as written (fetch would put the server's own address in `Host`). */
async function rawRequest(
  head: string,
  body = '',
): Promise<{ status: number; headers: string; text: string }> {
  const { hostname, port } = new URL(server.url);
  let received = '';
  let settle: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data(_socket, chunk) {
        received += new TextDecoder().decode(chunk);
      },
      close() {
        settle();
      },
      error() {
        settle();
      },
    },
  });
  socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  await closed;
  const split = received.indexOf('\r\n\r\n');
  const headers = received.slice(0, split);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]),
    headers,
    text: received.slice(split + 4),
  };
}

describe('a short Host name', () => {
  for (const host of ['app', 'ab', 'x', 'app:80']) {
    test(`Host: ${host} reaches the routes`, async () => {
      const health = await rawRequest(`GET /health HTTP/1.1\r\nHost: ${host}`);
      expect(health.status).toBe(200);

      const list = await rawRequest(
        `GET /api/v1/customers?limit=1 HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${account.apiKey}`,
      );
      expect(list.status).toBe(200);
      expect(JSON.parse(list.text)).toHaveProperty('data');

      // Anonymous write: the route's own 401, in the envelope, never "No route".
      const anonymous = await rawRequest(
        `POST /api/v1/customers HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2`,
        '{}',
      );
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.text).error.code).toBe('unauthorized');
    });
  }

  test('a body on a read is dropped as for any host, and a chunked write is read', async () => {
    const read = await rawRequest(
      `GET /api/v1/customers?limit=1 HTTP/1.1\r\nHost: app\r\nAuthorization: Bearer ${account.apiKey}\r\nContent-Length: 2`,
      '{}',
    );
    expect(read.status).toBe(200);
    const chunked = await rawRequest(
      `POST /api/v1/customers HTTP/1.1\r\nHost: app\r\nAuthorization: Bearer ${account.apiKey}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`,
      '10\r\n{"name":"Chunk"}\r\n0\r\n\r\n',
    );
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.text).data.name).toBe('Chunk');
  });

  test('a write with a key is taken, and the answer names the host the client used', async () => {
    const body = JSON.stringify({ name: 'Kurz GmbH' });
    const created = await rawRequest(
      `POST /api/v1/customers HTTP/1.1\r\nHost: app\r\nAuthorization: Bearer ${account.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}`,
      body,
    );
    expect(created.status).toBe(200);
    expect(JSON.parse(created.text).data.name).toBe('Kurz GmbH');

    // The origin the service reads is the client's: a render's link (no PUBLIC_BASE_URL) names `http://app`.
    const render = JSON.stringify({
      document_type: 'invoice',
      data: {
        invoice_number: 'K-1',
        issue_date: '2026-11-02',
        currency: 'EUR',
        seller: { name: 'Kurz GmbH' },
        buyer: { name: 'Lang AG' },
        line_items: [
          {
            name: 'Beratung',
            quantity: '1',
            unit_price: '10.00',
            taxes: [{ name: 'USt', rate: '19', category: 'S' }],
          },
        ],
      },
    });
    const rendered = await rawRequest(
      `POST /api/v1/documents/render HTTP/1.1\r\nHost: app\r\nAuthorization: Bearer ${account.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(render)}`,
      render,
    );
    expect(rendered.status).toBe(200);
    expect(JSON.parse(rendered.text).data.download_url).toMatch(/^http:\/\/app\/api\/v1\/renders\/rnd_/);

    // A path that is no route is still a 404 naming the path as sent.
    const missing = await rawRequest(`GET /api/v1/nothing-here HTTP/1.1\r\nHost: app`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).error.message).toBe('No route for GET /api/v1/nothing-here');
  });
});
