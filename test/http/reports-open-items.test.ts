// Issue 42 §4: the receivables and payables read only the documents not settled for good on the report's
// day, from rows the database keeps (receivable_items and payable_items, kept by triggers on documents and
// payments, received documents and their payments, from the views receivable_items_now and
// payable_items_now: migrations 0032/0033, pg/0012/0013). Whatever writes — the API (finalize, pay, credit,
// void, mark unpaid, delete, receive, approve) or a statement straight to a table (an import, a restore, a
// fix by hand) — the kept rows must equal what the views compute from the rows there are, and the reports
// must answer what the in-memory reference answers (test/reports-reference.ts, as reports-sql checks on a
// fixed data set) on days before, between and after every event, for both accounts.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { embeddedMigrations, embeddedPostgresMigrations } from '../../src/db/embedded-migrations';
import { documents } from '../../src/modules/documents/schema';
import { payments } from '../../src/modules/payments/schema';
import { latestOfSuppliers } from '../../src/modules/receiving';
import { receivedDocuments, receivedPayments } from '../../src/modules/receiving/schema';
import { newId } from '../../src/shared/ids';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { referencePayables, referenceReceivables } from '../reports-reference';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
let parties: { profileId: string; customerId: string };

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const COLUMNS = {
  receivable_items:
    'document_id, account_id, customer_id, currency, document_type, issue_date, due_date, open_units, open_parts, last_event, settled_from',
  payable_items:
    'document_id, account_id, party, currency, document_type, day, due_date, open_units, open_parts, last_event, settled_from, latest',
};

/** Rows as text, sorted: a kept table's or its view's. */
async function rowsOf(table: keyof typeof COLUMNS, view = false): Promise<string[]> {
  const rows = await server.db.all<unknown[]>(
    sql.raw(`SELECT ${COLUMNS[table]} FROM ${table}${view ? '_now' : ''} ORDER BY document_id`),
  );
  return rows.map((row) => row.map((value) => (value === null ? '<null>' : String(value))).join(' '));
}

const get = async (path: string, key: string) => {
  const res = await server.json(path, { key });
  expect(res.status).toBe(200);
  return res.body.data;
};

const DAYS = [
  '2025-12-31',
  '2026-01-15',
  '2026-02-01',
  '2026-02-20',
  '2026-03-10',
  '2026-06-30',
  '2027-01-01',
];

async function expectInStep(step: string) {
  expect(await rowsOf('receivable_items'), `${step}: the kept rows`).toEqual(
    await rowsOf('receivable_items', true),
  );
  for (const { id, apiKey } of [account, other]) {
    for (const day of DAYS) {
      expect(await get(`/api/v1/reports/receivables?as_of=${day}`, apiKey), `${step}: ${day}`).toEqual(
        await referenceReceivables(server.db, id, day),
      );
    }
  }
}

async function pay(documentId: string, amount: string, date: string) {
  const res = await server.json(`/api/v1/documents/${documentId}/payments`, {
    method: 'POST',
    key: account.apiKey,
    body: { amount, date, method: 'bank_transfer' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

const keptRow = async (id: string) =>
  (await rowsOf('receivable_items')).find((row) => row.startsWith(`${id} `)) ?? null;

test('the kept rows follow every change to documents and payments, through the API or straight to the tables', async () => {
  await expectInStep('empty');
  const a = await makeDocument(
    server,
    account,
    parties,
    { issue_date: '2026-01-10', due_date: '2026-01-24' },
    ['finalize'],
  );
  const b = await makeDocument(
    server,
    account,
    parties,
    { issue_date: '2026-01-20', due_date: '2026-02-19' },
    ['finalize', 'mark-sent'],
  );
  const c = await makeDocument(server, account, parties, { issue_date: '2026-02-01', currency: 'USD' }, [
    'finalize',
  ]);
  const draft = await makeDocument(server, account, parties, { issue_date: '2026-02-10' });
  await expectInStep('finalized');
  expect(await keptRow(draft.id)).toBeNull();
  expect(await keptRow(a.id)).toContain(' 9999-99-99');

  // Paid in two parts (the second after the first days asked for): settled for good from the last one.
  const dueA = (await server.db.select().from(documents).where(eq(documents.id, a.id)).get())?.totals;
  const total = dueA?.amount_due ?? dueA?.total ?? '0';
  const half = (Number(total.replace('.', '')) / 2 / 100).toFixed(2);
  const rest = (Number(total.replace('.', '')) / 100 - Number(half)).toFixed(2);
  await pay(a.id, half, '2026-01-12');
  await expectInStep('paid in part');
  const last = await pay(a.id, rest, '2026-02-20');
  await expectInStep('paid in full');
  expect(await keptRow(a.id)).toMatch(/ 2026-02-20 2026-02-20$/);

  // A payment moved to another day and another invoice by hand, then deleted.
  await server.db.update(payments).set({ date: '2026-03-10' }).where(eq(payments.id, last)).run();
  await expectInStep('payment moved to another day');
  await server.db.update(payments).set({ documentId: b.id }).where(eq(payments.id, last)).run();
  await expectInStep('payment moved to another invoice');
  await server.db.delete(payments).where(eq(payments.id, last)).run();
  await expectInStep('payment deleted');

  // Credit notes: one settling b in full (finalized later), one of another currency (a credit of its own),
  // one naming a draft, one naming nothing.
  const bRow = await server.db.select().from(documents).where(eq(documents.id, b.id)).get();
  if (!bRow) throw new Error('b not stored');
  const credit = async (source: string | undefined, overrides: Record<string, unknown>) =>
    makeDocument(
      server,
      account,
      parties,
      {
        document_type: 'credit_note',
        source_document_id: source,
        reason: 'Returned',
        due_date: undefined,
        ...overrides,
      },
      ['finalize'],
    );
  const full = await credit(b.id, { issue_date: '2026-03-10', line_items: bRow.data.line_items });
  await expectInStep('credit note settling its invoice');
  expect(await keptRow(full.id)).toMatch(/ 2026-03-10 2026-03-10$/);
  const foreign = await credit(b.id, { issue_date: '2026-02-01', currency: 'USD' });
  // The API refuses these two; an import or a restore may write them.
  const foreignRow = await server.db.select().from(documents).where(eq(documents.id, foreign.id)).get();
  if (!foreignRow) throw new Error('credit note not stored');
  for (const [source, currency] of [
    [draft.id, 'EUR'],
    [null, 'EUR'],
  ] as const) {
    const id = newId('doc');
    await server.db
      .insert(documents)
      .values({
        ...foreignRow,
        id,
        number: `CN-${id}`,
        sourceDocumentId: source,
        currency,
        issueDate: '2026-01-15',
      })
      .run();
  }
  await expectInStep('credit notes of every kind');
  expect(await keptRow(foreign.id)).toContain(' 9999-99-99');

  // The invoice changes under its credit notes: another currency (the USD credit now settles it, the EUR
  // one no longer), voided, back; another issue date.
  await server.db.update(documents).set({ currency: 'USD' }).where(eq(documents.id, b.id)).run();
  await expectInStep('invoice in the credit note’s currency');
  await server.db.update(documents).set({ currency: 'EUR' }).where(eq(documents.id, b.id)).run();
  const voided = await server.json(`/api/v1/documents/${c.id}/void`, { method: 'POST', key: account.apiKey });
  expect(voided.status).toBe(200);
  await server.db
    .update(documents)
    .set({ voidedAt: '2026-03-01T00:00:00.000Z' })
    .where(eq(documents.id, b.id))
    .run();
  await expectInStep('voided');
  await server.db.update(documents).set({ voidedAt: null }).where(eq(documents.id, b.id)).run();
  await server.db.update(documents).set({ issueDate: '2026-03-15' }).where(eq(documents.id, b.id)).run();
  await expectInStep('restored, issued after its credit note');

  // A credit note pointed at another invoice, its totals rewritten (ten decimals), moved to another account.
  await server.db.update(documents).set({ sourceDocumentId: a.id }).where(eq(documents.id, full.id)).run();
  await expectInStep('credit note names another invoice');
  const fullRow = await server.db.select().from(documents).where(eq(documents.id, full.id)).get();
  if (!fullRow) throw new Error('credit note not stored');
  await server.db
    .update(documents)
    .set({ totals: { ...fullRow.totals, amount_due: '10.0000000001' } })
    .where(eq(documents.id, full.id))
    .run();
  await expectInStep('credit note of ten decimals');
  await server.db.update(documents).set({ accountId: other.id }).where(eq(documents.id, a.id)).run();
  await expectInStep('invoice moved to another account');
  await server.db.update(documents).set({ accountId: account.id }).where(eq(documents.id, a.id)).run();

  // Inserted straight into the tables (a restore), then deleted.
  const copy = newId('doc');
  const payment = newId('pay');
  await server.db
    .insert(documents)
    .values({ ...bRow, id: copy, number: `COPY-${copy}`, issueDate: '2026-01-31', status: 'sent' })
    .run();
  await server.db
    .insert(payments)
    .values({
      id: payment,
      accountId: account.id,
      documentId: copy,
      customerId: parties.customerId,
      amount: '5.00',
      currency: 'EUR',
      date: '2026-02-01',
      method: 'bank_transfer',
      reference: null,
      note: null,
      createdBy: null,
      createdAt: '2026-02-01T08:00:00.000Z',
    })
    .run();
  await expectInStep('inserted with a payment');
  expect(await keptRow(copy)).not.toBeNull();
  await server.db.delete(documents).where(eq(documents.id, b.id)).run();
  await expectInStep('an invoice with credit notes deleted');

  // Through the API again: everything paid, then unpaid.
  const paid = await server.json(`/api/v1/documents/${copy}/mark-paid`, {
    method: 'POST',
    key: account.apiKey,
  });
  expect(paid.status).toBe(200);
  await expectInStep('marked paid');
  const unpaid = await server.json(`/api/v1/documents/${copy}/mark-unpaid`, {
    method: 'POST',
    key: account.apiKey,
  });
  expect(unpaid.status).toBe(200);
  await expectInStep('marked unpaid');

  // Nothing counts any more: no kept row.
  await server.db.update(documents).set({ status: 'draft' }).where(eq(documents.accountId, account.id)).run();
  await expectInStep('all drafts again');
  expect(await rowsOf('receivable_items')).toEqual([]);
});

test('a document replaced in place (SQLite REPLACE) keeps one row', async () => {
  if (server.service.handle.engine !== 'sqlite') return;
  const doc = await makeDocument(server, account, parties, { issue_date: '2026-05-05' }, ['finalize']);
  const row = server.sqlite.query('SELECT * FROM documents WHERE id = ?').get(doc.id) as Record<
    string,
    unknown
  >;
  const columns = Object.keys(row);
  server.sqlite
    .query(
      `INSERT OR REPLACE INTO documents (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    )
    .run(...(Object.values(row) as never[]));
  await expectInStep('replaced');
  expect(await keptRow(doc.id)).not.toBeNull();
});

test('the triggers are there after the migrations (a rebuilt table would lose them silently)', async () => {
  const handle = server.service.handle;
  const names =
    handle.engine === 'postgresql'
      ? (
          await handle.client<{ name: string; table: string }[]>`
            SELECT DISTINCT tgname AS name, tgrelid::regclass::text AS table FROM pg_trigger
            WHERE NOT tgisinternal ORDER BY 2, 1`
        ).map((row) => `${row.table}: ${row.name}`)
      : (
          server.sqlite
            .query("SELECT tbl_name AS 'table', name FROM sqlite_master WHERE type = 'trigger' ORDER BY 1, 2")
            .all() as { name: string; table: string }[]
        ).map((row) => `${row.table}: ${row.name}`);
  const expected =
    handle.engine === 'postgresql'
      ? [
          'documents: receivable_items_keep',
          'payments: receivable_items_keep',
          'received_documents: payable_items_keep',
          'received_payments: payable_items_keep',
        ]
      : [
          'documents: receivable_items_document_delete',
          'documents: receivable_items_document_insert',
          'documents: receivable_items_document_update',
          'payments: receivable_items_payment_delete',
          'payments: receivable_items_payment_insert',
          'payments: receivable_items_payment_update',
          'received_documents: payable_items_document_delete',
          'received_documents: payable_items_document_insert',
          'received_documents: payable_items_document_update',
          'received_payments: payable_items_payment_delete',
          'received_payments: payable_items_payment_insert',
          'received_payments: payable_items_payment_update',
        ];
  expect(names.filter((name) => name.includes('_items_'))).toEqual(expected);
});

async function expectPayablesInStep(step: string) {
  expect(await rowsOf('payable_items'), `${step}: the kept rows`).toEqual(
    await rowsOf('payable_items', true),
  );
  for (const { id, apiKey } of [account, other]) {
    for (const day of DAYS) {
      expect(await get(`/api/v1/reports/payables?as_of=${day}`, apiKey), `${step}: ${day}`).toEqual(
        await referencePayables(server.db, id, day),
      );
    }
  }
}

test('the kept rows of received documents follow every change, through the API or straight to the tables', async () => {
  await expectPayablesInStep('none received');
  const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
  const uploaded = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(uploaded.status).toBe(201);
  const id = ((await uploaded.json()) as { data: { id: string } }).data.id;
  await expectPayablesInStep('received through the API');
  const row = await server.db.select().from(receivedDocuments).where(eq(receivedDocuments.id, id)).get();
  if (!row) throw new Error('not stored');
  // Copies straight into the table: no issue date (dated by the day it arrived), a credit note, another
  // currency and supplier, ten decimals, a rejected one, one without a VAT id (named by its name).
  const copies: string[] = [];
  const variants: Partial<typeof row>[] = [
    { issueDate: null, createdAt: '2026-01-20T23:59:59.000Z', dueDate: '2026-02-01' },
    { documentType: 'credit_note', typeCode: '381', issueDate: '2026-02-01', amountDue: '20.00' },
    { currency: 'USD', amountDue: '100.0000000001', issueDate: '2025-12-31', sellerTaxId: 'DE999' },
    { status: 'rejected', issueDate: '2026-01-02' },
    { sellerTaxId: null, sellerName: 'Ohne USt-IdNr. GmbH', issueDate: '2026-03-01', dueDate: null },
    // The USD supplier again, its VAT id written with blanks and in lower case: the same supplier, as the
    // DATEV export's creditor numbers have it; a VAT id of blanks only names no supplier.
    { currency: 'USD', amountDue: '50.00', issueDate: '2026-01-05', sellerTaxId: 'de\u00a0999 ' },
    { sellerTaxId: '  ', sellerName: 'Ohne USt-IdNr. GmbH', issueDate: '2026-03-02', dueDate: null },
  ];
  for (const [i, changes] of variants.entries()) {
    const copy = newId('rcv');
    copies.push(copy);
    await server.db
      .insert(receivedDocuments)
      .values({ ...row, id: copy, sha256: `${row.sha256}-${i}`, ...changes })
      .run();
  }
  await expectPayablesInStep('inserted');
  const before = await get('/api/v1/reports/payables?as_of=2026-06-30', account.apiKey);
  const usd = before.suppliers.filter((s: { currency: string }) => s.currency === 'USD');
  expect(usd, 'one USD supplier, whichever way its VAT id is written').toHaveLength(1);
  const unnamed = before.suppliers.filter(
    (s: { supplier: { name: string | null } }) => s.supplier.name === 'Ohne USt-IdNr. GmbH',
  );
  expect(unnamed, 'the supplier without a VAT id once').toHaveLength(1);
  // Rows kept before migration 0037 (pg 0018) have the keys as written: its last statement keys them anew.
  await server.db.run(sql`UPDATE payable_items SET party = (SELECT CASE WHEN x.seller_tax_id IS NOT NULL
    AND x.seller_tax_id <> '' THEN 'tax:' || x.seller_tax_id ELSE 'name:' || coalesce(x.seller_name, '') END
    FROM received_documents AS x WHERE x.id = payable_items.document_id)`);
  expect(await rowsOf('payable_items'), 'the keys as written').not.toEqual(
    await rowsOf('payable_items', true),
  );
  const migrations = process.env.TEST_DATABASE_URL ? embeddedPostgresMigrations : embeddedMigrations;
  const rekey = migrations.find((m) => m.tag.endsWith('_payable_items_tax_key'));
  await server.db.run(sql.raw(rekey?.sql.split('--> statement-breakpoint').at(-1) ?? ''));
  await expectPayablesInStep('keyed by the migration');
  // Paid through the API in part, then the rest later: settled for good from the last payment.
  const first = copies[0] as string;
  const pay = async (amount: string, date: string) => {
    const res = await server.json(`/api/v1/received-documents/${first}/payments`, {
      method: 'POST',
      key: account.apiKey,
      body: { amount, date, method: 'bank_transfer' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const half = (Number(row.amountDue) / 2).toFixed(2);
  await pay(half, '2026-01-25');
  await expectPayablesInStep('paid in part');
  const last = await pay((Number(row.amountDue) - Number(half)).toFixed(2), '2026-02-20');
  await expectPayablesInStep('paid in full');
  expect((await rowsOf('payable_items')).find((r) => r.startsWith(`${first} `))).toContain(
    ' 2026-02-20 2026-02-20 ',
  );
  // The payment moved and changed by hand, then deleted.
  await server.db
    .update(receivedPayments)
    .set({ date: '2026-03-10', amount: '1.00' })
    .where(eq(receivedPayments.id, last))
    .run();
  await expectPayablesInStep('payment changed');
  await server.db
    .update(receivedPayments)
    .set({ receivedDocumentId: id })
    .where(eq(receivedPayments.id, last))
    .run();
  await expectPayablesInStep('payment moved to another document');
  await server.db.delete(receivedPayments).where(eq(receivedPayments.id, last)).run();
  await expectPayablesInStep('payment deleted');
  // The document changes: rejected and back, another supplier, amount, day, account.
  for (const change of [
    { status: 'rejected' as const },
    { status: 'approved' as const },
    { sellerTaxId: 'DE111', sellerName: 'Andere AG' },
    { amountDue: '-5.5' },
    { issueDate: '2024-02-29' },
    { createdAt: '2026-06-30T10:00:00.000Z', issueDate: null },
    { currency: 'JPY' },
    { accountId: other.id },
  ]) {
    await server.db.update(receivedDocuments).set(change).where(eq(receivedDocuments.id, first)).run();
    await expectPayablesInStep(`changed: ${JSON.stringify(change)}`);
  }
  // Deleted, with its payment (deleted with it).
  // Back in the account with something to pay (a negative amount due takes no payment: docs/receiving.md).
  await server.db
    .update(receivedDocuments)
    .set({ accountId: account.id, amountDue: '12' })
    .where(eq(receivedDocuments.id, first))
    .run();
  await pay('3.00', '2026-01-30');
  await server.db.delete(receivedDocuments).where(eq(receivedDocuments.id, first)).run();
  await expectPayablesInStep('deleted');
  // A supplier is named by its latest document that counts, whatever the day.
  const named = await latestOfSuppliers(server.db, account.id, ['name:Ohne USt-IdNr. GmbH', 'tax:nobody']);
  // (the later of the two without a VAT id: the one whose VAT id is blanks)
  expect([...named]).toEqual([['name:Ohne USt-IdNr. GmbH', copies[6] as string]]);
  // Nothing counts any more: no kept row.
  await server.db.update(receivedDocuments).set({ status: 'rejected' }).run();
  await expectPayablesInStep('all rejected');
  expect(await rowsOf('payable_items')).toEqual([]);
});
