// Faults an operator meets beyond an outage (postgres-faults.test.ts, store-outage.test.ts): a PostgreSQL
// database that answers but takes no writes (`default_transaction_read_only`; a hot standby after a
// failover: faults-postgres-failover.test.ts), a statement cut off by `statement_timeout`, a session ended
// under a read (pg_terminate_backend), and a bucket that refuses the service's key (AccessDenied). Each is
// a 503 with Retry-After naming the part (or, for the read, served from another connection), never a 500;
// /ready takes the instance out while the database takes no writes; the instance serves again by itself
// once the database does, without a restart; the job loop logs an outage once, with its reason.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { runCli, tempDir } from '../harness';
import { type Answer, callInstance, type Instance, startInstance, waitUntil } from '../instances';
import { hasPostgres, startPostgres, type TestPostgres } from '../postgres';
import { S3Proxy } from '../s3-proxy';
import { TestS3 } from '../s3rver';

let cluster: TestPostgres;
let sql: postgres.Sql;
let database = '';
let s3: TestS3;
let proxy: S3Proxy;
let instance: Instance;
let key = '';
const dirs = [tempDir('inv-faults-cli-'), tempDir('inv-faults-a-')];

beforeAll(async () => {
  if (!hasPostgres) return;
  cluster = await startPostgres();
  const url = await cluster.createDatabase();
  database = new URL(url).pathname.slice(1);
  // Opened before any fault is set: its own session stays writable and without a statement time limit.
  sql = postgres(url, { max: 2, onnotice: () => {} });
  s3 = await TestS3.start();
  proxy = S3Proxy.start(s3);
  const env = {
    ...proxy.env(),
    DATABASE_URL: url,
    RENDER_WORKERS: '1',
    RULES_WORKERS: '1',
    DATABASE_POOL_SIZE: '4',
  };
  const cli = { ...env, DATA_DIR: dirs[0] as string };
  expect(
    runCli(['plans', 'set', '--id', 'plan_f', '--name', 'F', '--quota', '1000', '--rps', '100000'], cli).code,
  ).toBe(0);
  const made = runCli(['accounts', 'create', '--name', 'Faults', '--plan', 'plan_f', '--json'], cli);
  expect(made.code).toBe(0);
  key = JSON.parse(made.stdout).api_key.api_key;
  instance = await startInstance({ env, dataDir: dirs[1] });
}, 120_000);

afterAll(async () => {
  await instance?.dispose();
  await sql?.end({ timeout: 1 });
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Ends the instance's sessions: its next ones start with the database's settings as they are now. */
async function endServiceSessions(): Promise<void> {
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = 'invoice-service' AND datname = ${database}`;
}

function expect503(answer: Answer, part: 'database' | 'storage', reason?: string) {
  expect([answer.status, answer.body?.error?.code]).toEqual([503, 'service_unavailable']);
  expect(answer.body.error.details.unavailable).toBe(part);
  if (reason !== undefined) expect(answer.body.error.details.reason).toBe(reason);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

const ready = async () => {
  const res = await fetch(`${instance.url}/ready`);
  return { status: res.status, body: (await res.json()) as { dependencies?: Record<string, string> } };
};

describe.skipIf(!hasPostgres)('PostgreSQL that answers but will not do what is asked', () => {
  test('a database that takes no writes: 503 with Retry-After (reads too, which count the rate), /ready 503; writable again, it serves without a restart', async () => {
    await sql.unsafe(`ALTER DATABASE "${database}" SET default_transaction_read_only = on`);
    await endServiceSessions();
    try {
      // The first answers may meet a session just ended (503, the connection gone, no reason): each is a
      // 503, until one meets a read-only session and says so.
      let write: Answer | undefined;
      await waitUntil(
        async () => {
          write = await callInstance(instance, key, 'POST', '/api/v1/customers', { name: 'Refused' });
          expect503(write, 'database');
          return write.body.error.details.reason === 'read_only';
        },
        () => `a 503 saying read_only (last: ${JSON.stringify(write?.body)})`,
        10_000,
      );
      if (!write) throw new Error('answered');
      expect503(write, 'database', 'read_only');
      // Said as it is: the database answers, it takes no writes (not "cannot be reached").
      expect(write.body.error.message).toContain('takes no writes');
      const read = await callInstance(instance, key, 'GET', '/api/v1/customers');
      expect503(read, 'database', 'read_only');
      // The load balancer's check: a server that takes no writes is not ready, though it answers SELECT 1.
      const probe = await ready();
      expect(probe.status).toBe(503);
      expect(probe.body.dependencies?.database).toBe('error');
    } finally {
      await sql.unsafe(`ALTER DATABASE "${database}" RESET default_transaction_read_only`);
    }
    // No restart and no session ended by hand: the read-only sessions are replaced by the instance itself.
    let last: Answer | undefined;
    await waitUntil(
      async () => {
        last = await callInstance(instance, key, 'POST', '/api/v1/customers', { name: 'Accepted' });
        return last.status === 200;
      },
      () => `a create once the database takes writes again (last: ${JSON.stringify(last?.body)})`,
      20_000,
    );
    await waitUntil(async () => (await ready()).status === 200, '/ready 200 again', 20_000);
    // Every session of the pool is a writable one by now, not one request in luck: none of these is refused.
    const after = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        callInstance(instance, key, 'POST', '/api/v1/customers', { name: `After ${n}` }),
      ),
    );
    for (let n = 0; n < 12; n++)
      after.push(await callInstance(instance, key, 'POST', '/api/v1/customers', { name: `Then ${n}` }));
    expect(after.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    const names = (await sql`SELECT name FROM customers`).map((row) => row.name);
    expect(names).not.toContain('Refused');
    expect(names).toContain('Accepted');
  }, 90_000);

  test('a statement cut off by statement_timeout (a table locked meanwhile): 503 with Retry-After, not 500', async () => {
    await sql.unsafe(`ALTER DATABASE "${database}" SET statement_timeout = '1s'`);
    await endServiceSessions();
    // The sessions ended are replaced first: what follows meets the time limit, not a closed connection.
    await waitUntil(
      async () => (await callInstance(instance, key, 'GET', '/api/v1/customers')).status === 200,
      'reads on new sessions',
      20_000,
    );
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = sql.begin(async (tx) => {
      await tx`SET LOCAL statement_timeout = 0`;
      await tx`LOCK TABLE customers IN ACCESS EXCLUSIVE MODE`;
      locked();
      await released;
    });
    try {
      await isLocked;
      const answers = await Promise.all([
        callInstance(instance, key, 'GET', '/api/v1/customers', undefined, {}, 30_000),
        callInstance(instance, key, 'POST', '/api/v1/customers', { name: 'Cut off' }, {}, 30_000),
      ]);
      for (const answer of answers) {
        expect503(answer, 'database', 'timeout');
        expect(answer.body.error.message).toContain('statement_timeout');
      }
    } finally {
      release();
      await holder;
      await sql.unsafe(`ALTER DATABASE "${database}" RESET statement_timeout`);
      await endServiceSessions();
    }
    const names = (await sql`SELECT name FROM customers`).map((row) => row.name);
    expect(names).not.toContain('Cut off');
    await waitUntil(
      async () => (await callInstance(instance, key, 'GET', '/api/v1/customers')).status === 200,
      'reads again once the lock is gone',
      20_000,
    );
  }, 90_000);
});

/** Holds customers locked (ACCESS EXCLUSIVE) in a session of the test's own until the returned release. */
async function lockCustomers(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = sql.begin(async (tx) => {
    await tx`LOCK TABLE customers IN ACCESS EXCLUSIVE MODE`;
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

/** Ends the instance's sessions that wait for the lock on customers; how many. */
async function endWaitingSessions(): Promise<number> {
  const ended = await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE application_name = 'invoice-service' AND datname = ${database} AND wait_event_type = 'Lock'`;
  return ended.length;
}

describe.skipIf(!hasPostgres)('a session ended under a statement (pg_terminate_backend)', () => {
  test('a read on its own is served from another connection: 200, not a 503 for a read that changed nothing', async () => {
    const unlock = await lockCustomers();
    let answer: Promise<Answer> | undefined;
    try {
      answer = callInstance(instance, key, 'GET', '/api/v1/customers', undefined, {}, 30_000);
      await waitUntil(async () => (await endWaitingSessions()) > 0, 'the read waiting for the lock', 20_000);
    } finally {
      await unlock();
    }
    expect((await answer)?.status).toBe(200);
  }, 60_000);
});

describe.skipIf(!hasPostgres)('what the log tells an operator', () => {
  test('PostgreSQL down for a while: the job loop says so once, with why, and not an error of every poll', async () => {
    const before = instance.output().length;
    await cluster.halt();
    try {
      // Polls every second: several claim rounds and sources meet the outage.
      await Bun.sleep(4_000);
    } finally {
      await cluster.resume();
    }
    await waitUntil(
      async () => (await callInstance(instance, key, 'GET', '/api/v1/customers')).status === 200,
      'served again after the restart',
      30_000,
    );
    await Bun.sleep(1_500);
    const lines = instance
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('job runtime'));
    expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('unavailable');
    expect(lines[0]).not.toContain('Failed query');
  }, 90_000);
});

/** A finalized invoice numbered `number` (its seller and buyer made with it); its id. */
async function finalizedDocument(number: string): Promise<string> {
  const body = {
    legal_name: 'Seller GmbH',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
  };
  const profile = await callInstance(instance, key, 'POST', '/api/v1/business-profiles', body);
  const customer = await callInstance(instance, key, 'POST', '/api/v1/customers', {
    name: 'Buyer Ltd',
    billing_address: { line1: '1 Main St', country: 'GB' },
  });
  const document = await callInstance(instance, key, 'POST', '/api/v1/documents', {
    number: number,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    business_profile_id: profile.body.data.id,
    customer_id: customer.body.data.id,
    line_items: [
      {
        name: 'Work',
        quantity: '1',
        unit_price: '100.00',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
    ],
  });
  expect(document.status).toBe(200);
  const finalized = await callInstance(
    instance,
    key,
    'POST',
    `/api/v1/documents/${document.body.data.id}/finalize`,
  );
  expect(finalized.status).toBe(200);
  return document.body.data.id;
}

describe.skipIf(!hasPostgres)('a bucket that refuses the service key (AccessDenied)', () => {
  test('a render answers 503 naming AccessDenied, not a 500; allowed again, it renders', async () => {
    const document = await finalizedDocument('ACC-1');
    const path = `/api/v1/documents/${document}/renders`;
    // A key without s3:PutObject, or a bucket policy: what S3, MinIO and Ceph answer (403 AccessDenied).
    proxy.fault = (request) =>
      request.method === 'PUT'
        ? new Response('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>', {
            status: 403,
            headers: { 'content-type': 'application/xml' },
          })
        : null;
    try {
      const refused = await callInstance(instance, key, 'POST', path, {});
      expect503(refused, 'storage');
      expect(refused.body.error.details.reason).toBe('AccessDenied');
    } finally {
      proxy.fault = null;
    }
    const rendered = await callInstance(instance, key, 'POST', path, {});
    expect(rendered.status).toBe(200);
  }, 90_000);
});

describe.skipIf(!hasPostgres)(
  'a proxy in front of the store answering its own error pages (502, 503, 504)',
  () => {
    test('a request answers 503 naming the storage (not a 500 with the page); a background archive waits and completes', async () => {
      const document = await finalizedDocument('GW-1');
      // nginx in front of MinIO while MinIO is down: its own HTML page, no S3 error code.
      const page =
        '<html><head><title>502 Bad Gateway</title></head><body><center>502 Bad Gateway</center></body></html>';
      proxy.fault = () => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } });
      let archive = '';
      try {
        const refused = await callInstance(
          instance,
          key,
          'POST',
          `/api/v1/documents/${document}/renders`,
          {},
        );
        expect503(refused, 'storage');
        expect(JSON.stringify(refused.body)).not.toContain('<html>');
        const started = await callInstance(instance, key, 'POST', '/api/v1/exports/archive', {
          from: '2026-11-01',
          to: '2026-11-30',
        });
        expect(started.status).toBe(202);
        archive = started.body.data.id;
        // Its job meets the pages for a while: it must wait, not fail for good.
        await Bun.sleep(4_000);
        const meanwhile = await callInstance(instance, key, 'GET', `/api/v1/exports/archive/${archive}`);
        expect(meanwhile.body.data.status).not.toBe('failed');
      } finally {
        proxy.fault = null;
      }
      let last: Answer | undefined;
      await waitUntil(
        async () => {
          last = await callInstance(instance, key, 'GET', `/api/v1/exports/archive/${archive}`);
          return last.body.data.status === 'completed' || last.body.data.status === 'failed';
        },
        () => `the archive done (last: ${JSON.stringify(last?.body)})`,
        60_000,
      );
      expect(last?.body.data.status).toBe('completed');
    }, 120_000);
  },
);
