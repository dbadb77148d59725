// The row readers (issue 37's follow-ups), which the customer statement reads through (the reports are
// summed by the database since issue 42: reports-sql.test.ts, whose reference reads through all four):
// issued documents, received documents and both kinds of payments come a page at a time (REPORT_PAGE_SIZE,
// keyset on the id, newest first), so thousands of payments let the event loop turn between pages as
// documents do; and which documents count is said once, in the readers' SQL: no draft, quote, voided or
// rejected document is read at all.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client';
import { issuedForReports } from '../../src/modules/documents';
import { listPayments } from '../../src/modules/payments';
import { receivedForReports, receivedPaymentsForReports } from '../../src/modules/receiving';
import { receivedDocuments, receivedPayments } from '../../src/modules/receiving/schema';
import { collect, REPORT_PAGE_SIZE } from '../../src/modules/reports/pace';
import { newId } from '../../src/shared/ids';
import type { PageRequest } from '../../src/shared/pagination';
import { type BulkInvoices, bulkInvoices } from '../bulk-documents';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

// Two full pages and some: three queries, and two turns offered between them.
const COPIES = 2 * REPORT_PAGE_SIZE + 10;
const RECEIVED = 2 * REPORT_PAGE_SIZE + 10;

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let bulk: BulkInvoices;
/** Issued documents that must not be read: a draft, a finalized quote, a voided invoice. */
const notCounted: string[] = [];
let creditNoteId: string;
/** The received documents that count (all but the rejected ones) and those that do not. */
const receivedCounted = new Set<string>();
const receivedRejected = new Set<string>();

/** Reads through `list` as the reports do, noting each page asked for and each turn offered. */
async function readAll<R extends { id: string }>(
  list: (db: DbOrTx, page: PageRequest) => Promise<R[]>,
): Promise<{ rows: R[]; pages: PageRequest[]; turns: number }> {
  const pages: PageRequest[] = [];
  let turns = 0;
  const rows = await collect(
    server.db,
    async (db, page) => {
      pages.push(page);
      return await list(db, page);
    },
    (row) => row,
    () => {
      turns += 1;
      return undefined;
    },
  );
  return { rows, pages, turns };
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const newestFirst = (list: string[]) => [...list].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  const parties = await makeParties(server, account);
  bulk = await bulkInvoices(server, account, parties, {
    copies: COPIES - 1,
    months: 3,
    dueDate: '2026-12-31',
    payEvery: 1,
    paymentAmount: '10.00',
  });
  const dates = { issue_date: '2026-02-01', due_date: '2026-02-10' };
  notCounted.push((await makeDocument(server, account, parties, dates)).id);
  notCounted.push(
    (await makeDocument(server, account, parties, { ...dates, document_type: 'quote' }, ['finalize'])).id,
  );
  notCounted.push((await makeDocument(server, account, parties, dates, ['finalize', 'void'])).id);
  const invoice = await makeDocument(server, account, parties, dates, ['finalize', 'mark-sent']);
  creditNoteId = (
    await makeDocument(
      server,
      account,
      parties,
      {
        document_type: 'credit_note',
        source_document_id: invoice.id,
        reason: 'Licence returned',
        issue_date: '2026-02-03',
        due_date: undefined,
      },
      ['finalize'],
    )
  ).id;
  // Another account's invoice and payment are never read.
  const theirs = await makeParties(server, other);
  const theirInvoice = await makeDocument(server, other, theirs, dates, ['finalize', 'mark-sent']);
  const paid = await server.json(`/api/v1/documents/${theirInvoice.id}/payments`, {
    method: 'POST',
    key: other.apiKey,
    body: { amount: '1.00', date: '2026-02-02' },
  });
  expect(paid.status).toBe(201);

  // One received invoice through the API, copied (every fourth copy rejected), with a payment on each copy.
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8'),
  });
  expect(res.status).toBe(201);
  const receivedId = ((await res.json()) as { data: { id: string } }).data.id;
  receivedCounted.add(receivedId);
  const source = await server.db
    .select()
    .from(receivedDocuments)
    .where(eq(receivedDocuments.id, receivedId))
    .get();
  if (!source) throw new Error('the received invoice is not stored');
  const copies: (typeof source)[] = [];
  const payments: (typeof receivedPayments.$inferInsert)[] = [];
  for (let i = 1; i < RECEIVED; i++) {
    const id = newId('rcv');
    const rejected = i % 4 === 0;
    (rejected ? receivedRejected : receivedCounted).add(id);
    copies.push({
      ...source,
      id,
      sha256: `${source.sha256}-${i}`,
      status: rejected ? 'rejected' : 'received',
    });
    payments.push({
      id: newId('pay'),
      accountId: account.id,
      receivedDocumentId: id,
      amount: '1.00',
      currency: source.currency,
      // Half of them after the day the report asks for.
      date: i % 2 === 0 ? '2026-03-01' : '2026-03-31',
      method: 'bank_transfer',
      reference: null,
      note: null,
      createdBy: null,
      createdAt: new Date().toISOString(),
    });
  }
  await server.db.insert(receivedDocuments).values(copies).run();
  await server.db.insert(receivedPayments).values(payments).run();
}, 120_000);
afterAll(async () => await server.stop());

describe('the reports read a page at a time', () => {
  test('issued documents: invoices and credit notes that count, newest first, 250 a query', async () => {
    const { rows, pages, turns } = await readAll((db, page) => issuedForReports(db, account.id, {}, page));
    // The bulk invoices and the one made through the API, the invoice the credit note corrects, the note.
    expect(rows.length).toBe(bulk.count + 2);
    expect(ids(rows)).toEqual(newestFirst(ids(rows)));
    expect(new Set(ids(rows)).size).toBe(rows.length);
    expect(ids(rows)).toContain(creditNoteId);
    for (const id of notCounted) expect(ids(rows)).not.toContain(id);
    expect(rows.every((r) => r.accountId === account.id)).toBe(true);
    expect(pages.map((p) => p.limit)).toEqual([REPORT_PAGE_SIZE, REPORT_PAGE_SIZE, REPORT_PAGE_SIZE]);
    expect(pages.map((p) => p.after)).toEqual([
      null,
      rows[REPORT_PAGE_SIZE - 1]?.id ?? '',
      rows[2 * REPORT_PAGE_SIZE - 1]?.id ?? '',
    ]);
    expect(turns).toBe(2);
  });

  test('issued documents of one issue-date range', async () => {
    const { rows } = await readAll((db, page) =>
      issuedForReports(db, account.id, { issuedFrom: '2026-02-01', issuedTo: '2026-02-28' }, page),
    );
    // February's bulk invoices and the invoice and credit note of February.
    expect(rows.length).toBe((bulk.perMonth.get('2026-02') ?? 0) + 2);
    expect(rows.every((r) => r.issueDate >= '2026-02-01' && r.issueDate <= '2026-02-28')).toBe(true);
  });

  test('payments: every one of the account up to the day, newest first, 250 a query', async () => {
    const all = await readAll((db, page) => listPayments(db, account.id, { dateTo: '2026-12-31' }, page));
    expect(all.rows.length).toBe(bulk.paid);
    expect(ids(all.rows)).toEqual(newestFirst(ids(all.rows)));
    expect(all.rows.every((r) => r.accountId === account.id)).toBe(true);
    expect(all.pages.length).toBe(Math.floor(bulk.paid / REPORT_PAGE_SIZE) + 1);
    expect(all.turns).toBe(all.pages.length - 1);
    const january = await readAll((db, page) => listPayments(db, account.id, { dateTo: '2026-01-31' }, page));
    expect(january.rows.length).toBe(bulk.paidPerMonth.get('2026-01') ?? 0);
  });

  test('received documents: all but the rejected ones, newest first, 250 a query', async () => {
    const { rows, pages, turns } = await readAll((db, page) => receivedForReports(db, account.id, page));
    expect(new Set(ids(rows))).toEqual(receivedCounted);
    expect(rows.length).toBe(receivedCounted.size);
    expect(ids(rows)).toEqual(newestFirst(ids(rows)));
    for (const id of receivedRejected) expect(ids(rows)).not.toContain(id);
    expect(pages.length).toBe(Math.floor(receivedCounted.size / REPORT_PAGE_SIZE) + 1);
    expect(turns).toBe(pages.length - 1);
    expect((await readAll((db, page) => receivedForReports(db, other.id, page))).rows).toEqual([]);
  });

  test('received payments: dated on or before the day, newest first, 250 a query', async () => {
    const all = await readAll((db, page) => receivedPaymentsForReports(db, account.id, '2026-03-31', page));
    expect(all.rows.length).toBe(RECEIVED - 1);
    expect(ids(all.rows)).toEqual(newestFirst(ids(all.rows)));
    expect(all.pages.length).toBe(Math.floor((RECEIVED - 1) / REPORT_PAGE_SIZE) + 1);
    const early = await readAll((db, page) => receivedPaymentsForReports(db, account.id, '2026-03-01', page));
    expect(early.rows.length).toBe(Math.floor((RECEIVED - 1) / 2));
    expect(early.rows.every((r) => r.date <= '2026-03-01')).toBe(true);
  });
});

describe('the statement', () => {
  test("lists one day's payments of one invoice in the order they were made, as before paging", async () => {
    const parties = await makeParties(server, account);
    const invoice = await makeDocument(
      server,
      account,
      parties,
      { issue_date: '2026-04-01', due_date: '2026-04-30' },
      ['finalize', 'mark-sent'],
    );
    const made: string[] = [];
    for (const amount of ['30.00', '10.00', '20.00']) {
      const res = await server.json(`/api/v1/documents/${invoice.id}/payments`, {
        method: 'POST',
        key: account.apiKey,
        body: { amount, date: '2026-04-15' },
      });
      expect(res.status).toBe(201);
      made.push(res.body.data.id);
    }
    const res = await server.json(
      `/api/v1/customers/${parties.customerId}/statement?from=2026-04-01&to=2026-04-30`,
      { key: account.apiKey },
    );
    expect(res.status).toBe(200);
    const entries: { type: string; payment_id: string | null; amount: string; balance: string }[] =
      res.body.data.currencies[0].entries;
    const [first, second, third] = made;
    expect(entries.map((e) => [e.type, e.payment_id, e.amount, e.balance])).toEqual([
      ['invoice', null, '237.88', '237.88'],
      ['payment', first ?? '', '-30.00', '207.88'],
      ['payment', second ?? '', '-10.00', '197.88'],
      ['payment', third ?? '', '-20.00', '177.88'],
    ]);
  });
});
