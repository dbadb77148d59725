// SQL statements a request costs (issue 42): counted, not timed, so the figure does not depend on a busy
// machine. Wraps the SQLite handle's `prepare` (the driver prepares every statement it runs, through the
// statement cache), so BEGIN/COMMIT and every read and write count once each.
//   npx bun bench/request-queries.ts          (VERBOSE=1: every statement's text)
import { documentBody, makeDocument } from '../test/document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer } from '../test/factories';
import { startServer } from '../test/harness';
import { seedMix } from './load-mix';

const server = await startServer({ startJobs: false });
const statements: string[] = [];
let counting = false;
const prepare = server.sqlite.prepare.bind(server.sqlite);
server.sqlite.prepare = ((sql: string) => {
  if (counting) statements.push(sql);
  return prepare(sql);
}) as typeof server.sqlite.prepare;

async function counted(label: string, run: () => Promise<{ status: number }>): Promise<void> {
  statements.length = 0;
  counting = true;
  const { status } = await run();
  counting = false;
  const selects = statements.filter((s) => /^\s*select/i.test(s)).length;
  console.log(`${label}: ${statements.length} statements (${selects} SELECT), status ${status}`);
  if (process.env.VERBOSE) for (const s of statements) console.log(`    ${s.slice(0, 140)}`);
}

try {
  const account = await makeAccount(server);
  const profile = await makeBusinessProfile(server, account);
  // Ten customers and two profiles across the page: what a per-row read would multiply.
  const customers = [];
  for (let i = 0; i < 10; i++) customers.push(await makeCustomer(server, account));
  const second = await makeBusinessProfile(server, account);
  for (let i = 0; i < 50; i++) {
    const parties = {
      profileId: i % 2 === 0 ? profile.id : second.id,
      customerId: customers[i % customers.length]?.id ?? '',
    };
    await makeDocument(server, account, parties, {}, i % 5 === 0 ? ['finalize'] : []);
  }
  const parties = { profileId: profile.id, customerId: customers[0]?.id ?? '' };
  const key = account.apiKey;
  // The load mix's requests (bench/load-mix.ts: what bench/instances.ts sends), each counted once warm.
  const mix = await seedMix(server.url, key);
  for (let round = 0; round < 2; round++) {
    console.log(`round ${round + 1}`);
    await counted('GET /documents?limit=50 (40 drafts, 10 finalized)', () =>
      server.json('/api/v1/documents?limit=50', { key }),
    );
    await counted('GET /documents?limit=10', () => server.json('/api/v1/documents?limit=10', { key }));
    await counted('POST /documents (a draft)', () =>
      server.json('/api/v1/documents', { method: 'POST', key, body: documentBody(parties) }),
    );
    await counted('POST /documents with Idempotency-Key', () =>
      server.json('/api/v1/documents', {
        method: 'POST',
        key,
        body: documentBody(parties),
        headers: { 'idempotency-key': `bench-${round}-${Date.now()}` },
      }),
    );
    for (const entry of mix) {
      await counted(`mix ${entry.kind} (weight ${entry.weight}): ${entry.method} ${entry.path}`, async () => {
        const init = {
          method: entry.method,
          headers: { authorization: `Bearer ${key}` } as Record<string, string>,
        };
        if (entry.body !== undefined) init.headers['content-type'] = 'application/json';
        const res = await fetch(`${server.url}${entry.path}`, {
          ...init,
          body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
        });
        await res.arrayBuffer();
        return res;
      });
    }
  }
} finally {
  await server.stop();
}
