// What the service fetches on an account's behalf (a channel's base_url, an SMP a lookup or a redirect
// names) reaches the internet, or loopback as documented, never an address inside the network around the
// service: private ranges, link-local (the clouds' metadata service), 0.0.0.0, in whatever form the URL
// spells them. OUTBOUND_HOSTS opens a host it names.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TCPSocketListener } from 'bun';
import { ChannelError } from '../../src/delivery-channel';
import { guardedFetch } from '../../src/outbound';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let listener: TCPSocketListener<undefined>;
let connections = 0;

beforeAll(() => {
  // Listens on every interface: 0.0.0.0:<port> reaches it as 127.0.0.1:<port> does, on Linux.
  listener = Bun.listen({
    hostname: '0.0.0.0',
    port: 0,
    socket: {
      open(socket) {
        connections++;
        socket.end();
      },
      data() {},
    },
  });
});
afterAll(() => listener.stop(true));

async function connectAndTest(
  server: TestServer,
  baseUrl: string,
): Promise<{ ok: boolean; message: string }> {
  const account = await makeAccount(server);
  const call = (method: string, path: string, body?: unknown) =>
    server.json(path, { method, key: account.apiKey, body });
  const put = await call('PUT', '/api/v1/channels/storecove', {
    enabled: true,
    base_url: baseUrl,
    settings: { legal_entity_id: 1 },
    secrets: { api_key: 'sk-test' },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
  const tested = await call('POST', '/api/v1/channels/storecove/test');
  expect(tested.status).toBe(200);
  return tested.body.data;
}

describe('a channel connection cannot point the service into its network', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ startJobs: false });
  });
  afterAll(() => server.stop());

  test('0.0.0.0 (the host itself on Linux) is refused without a connection being opened', async () => {
    const before = connections;
    const answer = await connectAndTest(server, `https://0.0.0.0:${listener.port}/api`);
    expect(answer.ok).toBe(false);
    expect(answer.message).toContain('inside a private network');
    expect(answer.message).toContain('OUTBOUND_HOSTS');
    expect(connections).toBe(before);
  });

  test('the metadata service, private and link-local ranges, in every spelling, are refused', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://2852039166/latest', // 169.254.169.254 as one decimal number
      'https://0251.0376.0251.0376/latest', // and in octal
      'https://10.0.0.1/api',
      'https://192.168.1.1/api',
      'https://172.16.0.1/api',
      'https://[fd00::1]/api',
      'https://[fe80::1]/api',
      'https://[::ffff:169.254.169.254]/api',
      'https://[::]/api',
    ]) {
      const answer = await connectAndTest(server, url);
      expect([url, answer.ok, answer.message.includes('inside a private network')]).toEqual([
        url,
        false,
        true,
      ]);
    }
  });

  test('loopback stays open (a local relay, a test mock), as documented', async () => {
    const before = connections;
    const answer = await connectAndTest(server, `https://127.0.0.1:${listener.port}/api`);
    expect(answer.ok).toBe(false);
    expect(answer.message).not.toContain('private network');
    expect(connections).toBe(before + 1);
  });
});

describe('OUTBOUND_HOSTS opens a host it names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ startJobs: false, env: { OUTBOUND_HOSTS: '0.0.0.0' } });
  });
  afterAll(() => server.stop());

  test('0.0.0.0 named by the operator is reached', async () => {
    const before = connections;
    const answer = await connectAndTest(server, `https://0.0.0.0:${listener.port}/api`);
    expect(answer.message).not.toContain('private network');
    expect(connections).toBe(before + 1);
  });
});

describe("the Peppol lookup's plain HTTP", () => {
  test('an SMP URL (or a redirect) naming the metadata service is refused, permanently', async () => {
    const fetchForLookup = guardedFetch(null, { plainHttp: true });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      `http://0.0.0.0:${listener.port}/`,
    ]) {
      const before = connections;
      const refused = await fetchForLookup(url).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ChannelError);
      expect([url, (refused as ChannelError).message]).toEqual([
        url,
        expect.stringContaining('private network'),
      ]);
      expect((refused as ChannelError).transient).toBe(false);
      expect(connections).toBe(before);
    }
  });
});

describe('a name the resolver does not answer for the check', () => {
  test('is a failure to try again later, never passed on to fetch to resolve a second time', async () => {
    const failed = await guardedFetch(null)('https://no-such-host.invalid/api').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(ChannelError);
    expect((failed as ChannelError).message).toContain('no-such-host.invalid could not be resolved');
    expect((failed as ChannelError).transient).toBe(true);
  });
});
