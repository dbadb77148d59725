// Instances of one PostgreSQL database on one host divide the render and rules workers among themselves
// (SHARE_HOST_WORKERS, src/workers/host-share.ts): two instances with RENDER_WORKERS=4 draw with 2 workers
// each, the one left after the other stops grows back to 4, and an instance with SHARE_HOST_WORKERS=false
// runs all of them; the readers of received files (at most two) are divided the same way. A worker is a
// thread named `Worker` in the process (/proc/<pid>/task/*/comm).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../harness';
import { callInstance, type Instance, startInstance, waitUntil } from '../instances';
import { hasPostgres, startPostgres, type TestPostgres } from '../postgres';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const RENDERS_AT_ONCE = 8;
const lines = [
  { name: 'Service', quantity: '1', unit_price: '10.00', taxes: [{ rate: '19', category: 'S' }] },
];
const renderData = (n: number) => ({
  invoice_number: `HS-${n}`,
  issue_date: '2026-12-01',
  currency: 'EUR',
  seller: { name: 'One Host GmbH' },
  buyer: { name: `Buyer ${n}` },
  line_items: lines,
});

let cluster: TestPostgres;
let env: Record<string, string> = {};
let key = '';
const started: Instance[] = [];
const cliDir = tempDir('inv-host-share-cli-');

/** Worker threads (render, rules, receive) the process runs now. */
function workerThreads(instance: Instance): number {
  return readdirSync(`/proc/${instance.pid}/task`).filter((task) => {
    try {
      return readFileSync(`/proc/${instance.pid}/task/${task}/comm`, 'utf8').trim() === 'Worker';
    } catch {
      return false; // the thread ended meanwhile
    }
  }).length;
}

/** RENDERS_AT_ONCE renders sent to the instance at once, every one a PDF. */
async function renderMany(on: Instance): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: RENDERS_AT_ONCE }, (_, n) =>
      callInstance(on, key, 'POST', '/api/v1/documents/render', { data: renderData(n) }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(RENDERS_AT_ONCE).fill(200));
}

async function start(extra: Record<string, string> = {}): Promise<Instance> {
  const instance = await startInstance({ env: { ...env, ...extra } });
  started.push(instance);
  return instance;
}

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await startPostgres();
  env = { DATABASE_URL: await cluster.createDatabase(), RENDER_WORKERS: '4', RULES_WORKERS: '2' };
  const cli = { ...env, DATA_DIR: cliDir };
  const plan = [
    'plans',
    'set',
    '--id',
    'plan_host',
    '--name',
    'Host',
    '--quota',
    '100000',
    '--rps',
    '100000',
  ];
  expect(runCli(plan, cli).code).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Host', '--plan', 'plan_host', '--json'], cli);
  expect(made.code).toBe(0);
  key = JSON.parse(made.stdout).api_key.api_key;
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((instance) => instance.dispose()));
  rmSync(cliDir, { recursive: true, force: true });
});

describe.skipIf(!hasPostgres)('instances of one database on one host share its workers', () => {
  test('two instances with RENDER_WORKERS=4 draw with 2 workers each', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    await Promise.all([renderMany(a as Instance), renderMany(b as Instance)]);
    expect([workerThreads(a as Instance), workerThreads(b as Instance)]).toEqual([2, 2]);
  }, 60_000);

  test('when one stops, the one left grows back to all 4', async () => {
    const [a, b] = started as [Instance, Instance];
    await b.kill();
    // Counted again within a second; each render asks.
    await waitUntil(
      async () => {
        await renderMany(a);
        return workerThreads(a) === 4;
      },
      () => `4 render workers on the instance left, it runs ${workerThreads(a)}`,
    );
  }, 60_000);

  test('SHARE_HOST_WORKERS=false: an instance runs all its workers and is not counted by the others', async () => {
    const [a] = started as [Instance];
    const alone = await start({ SHARE_HOST_WORKERS: 'false' });
    await Promise.all([renderMany(a), renderMany(alone)]);
    expect([workerThreads(a), workerThreads(alone)]).toEqual([4, 4]);
  }, 60_000);

  test('the readers of received files are divided too: two more instances read with one each, not two', async () => {
    // Three instances of the database share the host now (the one left, these two; `alone` is not
    // counted): two readers each would be six on the host. Rules in-process, no render: the only workers
    // are the readers, which all start with the first received file.
    const solo = { RENDER_WORKERS: '2', RULES_WORKERS: '0' };
    const readers = await Promise.all([start(solo), start(solo)]);
    const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples/peppol_bis_billing_3/base-example.xml'));
    for (const on of readers) {
      const res = await fetch(`${on.url}/api/v1/einvoices/parse`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
        body: xml,
      });
      expect(res.status).toBe(200);
    }
    expect(readers.map(workerThreads)).toEqual([1, 1]);
  }, 60_000);
});
