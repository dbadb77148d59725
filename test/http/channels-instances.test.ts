// Issue 41's "the same on PostgreSQL with two instances, from the executable": two `serve` processes on
// one database and one bucket, the Storecove mock on loopback. A delivery made on A is sent once whichever
// instance's job takes it, its statuses arrive by the polls (their run keys shared), a batch of deliveries
// survives A's kill -9 and each is sent exactly once (docs/channels.md, docs/instances.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { runCli, tempDir } from '../harness';
import { callInstance, type Instance, startInstance, waitUntil } from '../instances';
import { type StorecoveMock, startStorecoveMock } from '../mocks/storecove';
import { hasPostgres, startPostgres } from '../postgres';
import { TestS3 } from '../s3rver';

let s3: TestS3;
let mock: StorecoveMock;
let a: Instance;
let b: Instance;
let key = '';
let profileId = '';
let customerId = '';
let counter = 0;
const cliDir = tempDir('inv-channels-cli-');
const dirA = tempDir('inv-channels-a-');
const dirB = tempDir('inv-channels-b-');

const call = (on: Instance, method: string, path: string, body?: unknown) =>
  callInstance(on, key, method, path, body);

async function issuedInvoice(on: Instance): Promise<string> {
  counter += 1;
  const made = await call(
    on,
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customerId, `RE-2026-${String(counter).padStart(4, '0')}`, [germanLine()], {
      buyer_reference: '991-12345-67',
    }),
  );
  expect(made.status).toBe(200);
  const finalized = await call(on, 'POST', `/api/v1/documents/${made.body.data.id}/finalize`);
  expect([finalized.status, finalized.body.error]).toEqual([200, undefined]);
  return made.body.data.id;
}

const stateOf = async (on: Instance, id: string) =>
  (await call(on, 'GET', `/api/v1/network-deliveries/${id}`)).body.data?.state;

beforeAll(async () => {
  if (!hasPostgres) return;
  const cluster = await startPostgres();
  const url = await cluster.createDatabase();
  s3 = await TestS3.start();
  mock = startStorecoveMock();
  mock.addParticipant('DE:LWID', '991-12345-67');
  const env = {
    DATABASE_URL: url,
    ...s3.env(),
    JOB_LEASE_SECONDS: '3',
    CHANNEL_POLL_SECONDS: '5',
    RENDER_WORKERS: '1',
    RULES_WORKERS: '1',
  };
  const cli = { ...env, DATA_DIR: cliDir };
  expect(
    runCli(['plans', 'set', '--id', 'plan_net', '--name', 'Net', '--quota', '100000', '--rps', '100000'], cli)
      .code,
  ).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Nordlicht', '--plan', 'plan_net', '--json'], cli);
  expect(made.code).toBe(0);
  key = JSON.parse(made.stdout).api_key.api_key;
  [a, b] = await Promise.all([startInstance({ env, dataDir: dirA }), startInstance({ env, dataDir: dirB })]);
  profileId = (await call(a, 'POST', '/api/v1/business-profiles', GERMAN_SELLER)).body.data.id;
  customerId = (await call(b, 'POST', '/api/v1/customers', AUTHORITY)).body.data.id;
  // Connected on B, its secret sealed there: A opens it too (the key derives from the shared bucket).
  const put = await call(b, 'PUT', '/api/v1/channels/storecove', {
    enabled: true,
    base_url: mock.url,
    settings: { legal_entity_id: mock.legalEntityId },
    secrets: { api_key: mock.apiKey },
  });
  expect([put.status, put.body.error]).toEqual([200, undefined]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()]);
  mock?.stop();
  await s3?.stop();
  for (const dir of [cliDir, dirA, dirB]) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)('delivery channels on two instances', () => {
  test('made on A, sent once, delivered and accepted as the polls of either instance bring the statuses', async () => {
    expect((await call(a, 'POST', '/api/v1/channels/storecove/test')).body.data).toMatchObject({ ok: true });
    const documentId = await issuedInvoice(a);
    const created = await call(a, 'POST', `/api/v1/documents/${documentId}/network-deliveries`, {});
    expect([created.status, created.body.error]).toEqual([202, undefined]);
    const id = created.body.data.id;
    await waitUntil(async () => (await stateOf(b, id)) !== 'queued', 'the delivery submitted', 60_000);
    const ref = (await call(b, 'GET', `/api/v1/network-deliveries/${id}`)).body.data.provider_ref;
    mock.buyerResponds(ref, 'AP');
    await waitUntil(async () => (await stateOf(a, id)) === 'accepted', 'the delivery accepted', 60_000);
    const events = (await call(b, 'GET', `/api/v1/network-deliveries/${id}`)).body.data.events;
    expect(events.filter((e: { state: string }) => e.state === 'accepted')).toHaveLength(1);
    expect(mock.submissions).toHaveLength(1);
    expect(mock.problems()).toEqual([]);
  }, 150_000);

  test('deliveries queued on A survive its kill -9: B sends each of them exactly once', async () => {
    const ids: string[] = [];
    const documents = [];
    for (let i = 0; i < 6; i++) documents.push(await issuedInvoice(b));
    const before = mock.submissions.length;
    // Each is looked up and queued on A (a provider away then would be a 503: try again), then the
    // provider is away for a moment, so A's jobs are mid-retry when it dies.
    const made = await Promise.all(
      documents.map((documentId) =>
        call(a, 'POST', `/api/v1/documents/${documentId}/network-deliveries`, {}),
      ),
    );
    mock.down({ requests: 3, retryAfter: 1 });
    await a.kill('SIGKILL');
    for (const created of made) {
      expect([created.status, created.body.error]).toEqual([202, undefined]);
      ids.push(created.body.data.id);
    }
    await waitUntil(
      async () => {
        const states = await Promise.all(ids.map((id) => stateOf(b, id)));
        return states.every((s) => s === 'submitted' || s === 'delivered');
      },
      'every delivery sent',
      120_000,
    );
    const sent = mock.submissions.slice(before);
    const keys = sent.map((s) => s.idempotencyGuid);
    expect(new Set(keys).size).toBe(ids.length);
    expect(sent).toHaveLength(ids.length);
  }, 180_000);
});
