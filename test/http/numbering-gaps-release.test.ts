// Deleting a draft numbered from a sequence (src/modules/documents/use-cases/release-number.ts): the newest
// number goes back to the sequence (the next create takes it again); one that cannot go back (a later number
// was taken since) leaves a recorded gap, readable at GET /numbering-sequences/{id}/gaps and on the GoBD
// audit carrier (numbering_gaps.csv), so a tax auditor sees why the number is missing (§ 14 Abs. 4 Nr. 4
// UStG). A create racing the delete never gets a number twice and never leaves an unrecorded gap.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too, the race then across two servers (instances)
// on one database.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { testDatabaseUrl } from '../pg-databases';
import { readZip } from '../zip';

let server: TestServer;
/** A second instance on the same database (PostgreSQL), else the same server. */
let other: TestServer;
let account: TestAccount;
let parties: { business_profile_id: string; customer_id: string };

beforeAll(async () => {
  server = await startServer();
  other = testDatabaseUrl !== null ? await startServer({ dataDir: server.dataDir }) : server;
  account = await makeAccount(server);
  const profile = await post('/api/v1/business-profiles', { legal_name: 'Lücken GmbH' });
  const customer = await post('/api/v1/customers', { name: 'Kunde AG' });
  parties = { business_profile_id: profile.body.data.id, customer_id: customer.body.data.id };
}, 60_000);
afterAll(async () => {
  if (other !== server) await other.stop();
  await server.stop();
});

function post(path: string, body: unknown, on = server) {
  return on.json(path, { method: 'POST', key: account.apiKey, body });
}
const get = (path: string) => server.json(path, { key: account.apiKey });
const sequence = async (body: Record<string, unknown>) =>
  (await post('/api/v1/numbering-sequences', { name: 'Rechnungen', ...body })).body.data as { id: string };
const create = async (sequenceId: string, issueDate = '2026-03-02', on = server) => {
  const res = await post(
    '/api/v1/documents',
    {
      ...parties,
      numbering_sequence_id: sequenceId,
      issue_date: issueDate,
      currency: 'EUR',
      line_items: [{ name: 'Beratung', quantity: '1', unit_price: '100.00' }],
    },
    on,
  );
  expect(res.status).toBe(200);
  return res.body.data as { id: string; number: string };
};
const remove = async (id: string, on = server) => {
  const res = await on.json(`/api/v1/documents/${id}`, { method: 'DELETE', key: account.apiKey });
  expect(res.status).toBe(200);
};
const gaps = async (sequenceId: string) =>
  (await get(`/api/v1/numbering-sequences/${sequenceId}/gaps`)).body.data as Record<string, unknown>[];
const onDelete = async (sequenceId: string, doc: { number: string }, issueDate = '2026-03-02') =>
  (
    await get(
      `/api/v1/numbering-sequences/${sequenceId}/release?number=${encodeURIComponent(doc.number)}&issue_date=${issueDate}`,
    )
  ).body.data?.on_delete;

describe('a deleted draft and its sequence number', () => {
  test('the newest number goes back: the next create takes it again, no gap recorded', async () => {
    const seq = await sequence({ prefix: 'RE-', pattern: '{YYYY}-{NNNN}' });
    await create(seq.id);
    await create(seq.id);
    await create(seq.id);
    const fourth = await create(seq.id);
    expect(fourth.number).toBe('RE-2026-0004');
    expect(await onDelete(seq.id, fourth)).toBe('given_back');
    await remove(fourth.id);
    expect((await get(`/api/v1/numbering-sequences/${seq.id}`)).body.data.next_number).toBe(4);
    expect((await create(seq.id)).number).toBe('RE-2026-0004');
    expect(await gaps(seq.id)).toEqual([]);
  });

  test('a number with a later one taken since leaves a recorded gap: number, sequence, document, who, when', async () => {
    const seq = await sequence({ prefix: 'RG-', pattern: '{YYYY}-{NNNN}' });
    await create(seq.id);
    const second = await create(seq.id);
    await create(seq.id);
    expect(await onDelete(seq.id, second)).toBe('gap');
    await remove(second.id);
    expect((await create(seq.id)).number).toBe('RG-2026-0004');
    const [gap, ...more] = await gaps(seq.id);
    expect(more).toEqual([]);
    expect(gap).toMatchObject({
      sequence_id: seq.id,
      number: 'RG-2026-0002',
      document_id: second.id,
      document_type: 'invoice',
      issue_date: '2026-03-02',
    });
    expect(String(gap?.deleted_by)).toMatch(/^(wsm|key|usr)_/);
    expect(Number.isNaN(Date.parse(String(gap?.deleted_at)))).toBe(false);
  });

  // A sequence whose prefix changed since: the deleted draft's number has no shape of it now, cannot be
  // given back, and was missing without a record (though GET …/release said "gap").
  test('a draft of a sequence whose prefix changed since: its gap is recorded, as /release says', async () => {
    const seq = await sequence({ prefix: 'B-', pattern: '{NNNN}' });
    await create(seq.id);
    const second = await create(seq.id);
    await create(seq.id);
    const changed = await server.json(`/api/v1/numbering-sequences/${seq.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { prefix: 'C-' },
    });
    expect(changed.status).toBe(200);
    expect(await onDelete(seq.id, second)).toBe('gap');
    await remove(second.id);
    expect((await gaps(seq.id)).map((gap) => gap.number)).toEqual(['B-0002']);
  });

  test("a back-dated draft (yearly sequence already in the next year) goes back when it is its year's highest", async () => {
    const seq = await sequence({ prefix: 'AR-', pattern: '{YYYY}-{NNN}', reset: 'yearly' });
    await create(seq.id, '2026-12-01');
    await create(seq.id, '2027-01-04');
    const late = await create(seq.id, '2026-12-30');
    expect(late.number).toBe('AR-2026-002');
    await remove(late.id);
    const again = await create(seq.id, '2026-12-31');
    expect(again.number).toBe('AR-2026-002');
    await create(seq.id, '2026-12-31');
    // Not the highest of its year any more: a gap.
    await remove(again.id);
    expect((await gaps(seq.id)).map((g) => g.number)).toEqual(['AR-2026-002']);
    expect((await create(seq.id, '2027-01-05')).number).toBe('AR-2027-002');
  });

  test('a create racing the delete of the newest draft: never a number twice, every missing number recorded', async () => {
    const seq = await sequence({ prefix: 'K-', pattern: '{NNNN}' });
    for (let round = 0; round < 8; round++) {
      const newest = await create(seq.id);
      await Promise.all([
        remove(newest.id, round % 2 ? server : other),
        create(seq.id, '2026-03-02', round % 2 ? other : server),
      ]);
    }
    const listed = await get(`/api/v1/documents?limit=100`);
    const numbers = (listed.body.data as { number: string }[])
      .map((d) => d.number)
      .filter((n) => n.startsWith('K-'));
    expect(new Set(numbers).size).toBe(numbers.length);
    const missing = (await gaps(seq.id)).map((g) => String(g.number));
    for (const number of missing) expect(numbers).not.toContain(number);
    const next = (await get(`/api/v1/numbering-sequences/${seq.id}`)).body.data.next_number as number;
    const all = [...numbers, ...missing].sort();
    expect(all).toEqual(Array.from({ length: next - 1 }, (_, i) => `K-${String(i + 1).padStart(4, '0')}`));
  });

  test('the audit carrier lists the gaps of its period in numbering_gaps.csv, described in index.xml', async () => {
    const seq = await sequence({ prefix: 'GB-', pattern: '{NNN}' });
    const first = await create(seq.id, '2026-05-04');
    await create(seq.id, '2026-05-05');
    await remove(first.id);
    const res = await server.request('/api/v1/exports/audit.zip?from=2026-05-01&to=2026-05-31', {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    const text = (name: string) =>
      new TextDecoder().decode(entries.find((e) => e.name === name)?.bytes ?? new Uint8Array());
    const index = text('index.xml');
    expect(index).toContain('<URL>numbering_gaps.csv</URL>');
    expect(index).toContain('Nummernlücken');
    const csv = text('numbering_gaps.csv');
    expect(csv).toContain('"GB-001"');
    expect(csv).toContain(`"${first.id}"`);
    expect(csv).toContain('"Rechnungen"');
    // Another month has no gaps: no such table.
    const june = await server.request('/api/v1/exports/audit.zip?from=2026-06-01&to=2026-06-30', {
      key: account.apiKey,
    });
    const juneEntries = readZip(new Uint8Array(await june.arrayBuffer()));
    expect(juneEntries.some((e) => e.name === 'numbering_gaps.csv')).toBe(false);
  });
});
