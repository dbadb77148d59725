// Issue 39 §1: a cancelled (voided) invoice stays cancelled. Archiving keeps its voided_at, restoring gives it
// back void (not finalized), and no report counts it: not the receivables, not the revenue, not the customer
// statement, and documents.csv lists it as void with nothing owed (docs/documents.md, docs/reports.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { readZip } from '../zip';

// documentBody's invoice: net 199.90, tax 37.98 (19 %), total 237.88.
let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };
const clock = new FakeClock(new Date('2026-11-20T09:30:00.000Z'));
let counted: { id: string; number: string };
let cancelled: { id: string; number: string; voided_at: string };

const get = async (path: string) => await server.json(path, { key: account.apiKey });
const act = async (id: string, action: string) =>
  await server.json(`/api/v1/documents/${id}/${action}`, { method: 'POST', key: account.apiKey });
const dates = { issue_date: '2026-11-02', due_date: '2026-11-16' };

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
  counted = await makeDocument(server, account, parties, { ...dates, number: 'RE-1' }, [
    'finalize',
    'mark-sent',
  ]);
  cancelled = await makeDocument(server, account, parties, { ...dates, number: 'RE-2' }, [
    'finalize',
    'mark-sent',
    'void',
    'archive',
  ]);
});
afterAll(() => server.stop());

/** What the reports and documents.csv say: only RE-1 (237.88) is owed and revenue. */
async function expectOnlyTheLiveInvoiceCounts() {
  const receivables = (await get('/api/v1/reports/receivables?as_of=2026-11-20')).body.data;
  expect(receivables.currencies).toEqual([
    expect.objectContaining({ currency: 'EUR', open: '237.88', overdue: '237.88', open_items: 1 }),
  ]);
  expect(receivables.customers.map((c: { open: string }) => c.open)).toEqual(['237.88']);

  const revenue = (await get('/api/v1/reports/revenue?from=2026-11-01&to=2026-11-30')).body.data;
  expect(revenue.currencies).toEqual([
    expect.objectContaining({ currency: 'EUR', net: '199.90', tax: '37.98', gross: '237.88' }),
  ]);

  const statement = (
    await get(`/api/v1/customers/${parties.customerId}/statement?from=2026-11-01&to=2026-11-30`)
  ).body.data;
  const [eur] = statement.currencies;
  expect(eur.entries.map((e: { reference?: string; amount: string }) => e.amount)).toEqual(['237.88']);
  expect(eur.closing_balance).toBe('237.88');

  const csv = await server.request(
    '/api/v1/exports/documents.csv?from=2026-11-01&to=2026-11-30&format=machine',
    {
      key: account.apiKey,
    },
  );
  const lines = (await csv.text()).split('\r\n');
  const row = (n: string) => lines.find((l) => l.startsWith(`${n},`))?.split(',');
  // amount_paid, amount_due, status
  expect(row('RE-1')?.slice(8, 11)).toEqual(['0.00', '237.88', 'sent']);
  expect(row('RE-2')?.slice(8, 11)).toEqual(['0.00', '0.00', 'void']);

  // The archive's index says so too.
  const zip = await server.request('/api/v1/exports/archive.zip?from=2026-11-01&to=2026-11-30', {
    key: account.apiKey,
  });
  const index = readZip(new Uint8Array(await zip.arrayBuffer())).find((e) => e.name === 'index.csv');
  const indexLines = new TextDecoder().decode(index?.bytes).split(/\r?\n/);
  expect(indexLines.find((l) => l.includes(',RE-2,'))?.split(',')[7]).toBe('void');
}

describe('a voided invoice stays void', () => {
  test('archived, it keeps voided_at and counts in no report; documents.csv lists it void, nothing owed', async () => {
    const stored = (await get(`/api/v1/documents/${cancelled.id}`)).body.data;
    expect(stored).toMatchObject({ status: 'archived', voided_at: cancelled.voided_at });
    expect(cancelled.voided_at).toMatch(/^2026-11-20T/);
    await expectOnlyTheLiveInvoiceCounts();
  });

  test('restored, it is void again with its voided_at, and still counts nowhere; it takes no payment', async () => {
    const restored = await act(cancelled.id, 'restore');
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      status: 'void',
      voided_at: cancelled.voided_at,
      archived_at: null,
    });
    await expectOnlyTheLiveInvoiceCounts();
    // Void is final: neither paid nor finalized again by any action.
    expect((await act(cancelled.id, 'mark-paid')).status).toBe(409);
    expect((await act(cancelled.id, 'finalize')).status).toBe(409);
    // Archived and restored once more: the same.
    expect((await act(cancelled.id, 'archive')).body.data).toMatchObject({ status: 'archived' });
    expect((await act(cancelled.id, 'restore')).body.data).toMatchObject({
      status: 'void',
      voided_at: cancelled.voided_at,
    });
    expect((await get(`/api/v1/documents/${counted.id}`)).body.data.status).toBe('sent');
  });
});
