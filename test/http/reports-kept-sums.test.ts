// Issue 42 §4: revenue reads whole months from sums the database keeps as documents change (the
// issued_month_sums rows, kept by triggers on documents: migrations 0031, pg/0011). Whatever writes a
// document — the API (create, finalize, void, mark paid, delete a draft) or a statement straight to the
// table (an import, a restore, a fix by hand: status, issue date, currency, totals, account, a deletion, an
// insert) — the kept sums must equal what the documents sum to when read one by one (the page reader that
// sums each document's JSON), month by month, and the revenue report must answer the same either way.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import {
  type IssuedMonthSums,
  type IssuedRateSums,
  issuedMonthSums,
  keptMonthSums,
} from '../../src/modules/documents';
import { documents } from '../../src/modules/documents/schema';
import {
  keptReceivedMonthSums,
  type ReceivedMonthSums,
  receivedMonthSums,
} from '../../src/modules/receiving';
import { receivedDocuments } from '../../src/modules/receiving/schema';
import { sumValue } from '../../src/modules/reports/exact';
import { eachPage } from '../../src/modules/reports/pace';
import { newId } from '../../src/shared/ids';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
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

type Row = IssuedMonthSums | IssuedRateSums;

/** Rows folded per key into exact values: count, and the two amounts in ten-billionths. */
function folded(rows: Row[]): Map<string, string> {
  const out = new Map<string, [number, bigint, bigint]>();
  for (const row of rows) {
    const key =
      row.kind === 'totals'
        ? `totals|${row.currency}|${row.month}|${row.documentType}`
        : `rate|${row.currency}|${row.month}|${row.documentType}|${row.category ?? '<null>'}|${row.rate}`;
    const [a, b] = row.kind === 'totals' ? [row.total, row.tax] : [row.taxable, row.tax];
    const was = out.get(key) ?? [0, 0n, 0n];
    out.set(key, [
      was[0] + (row.kind === 'totals' ? row.count : 0),
      was[1] + sumValue(a),
      was[2] + sumValue(b),
    ]);
  }
  return new Map(
    [...out].filter(([, v]) => v[0] !== 0 || v[1] !== 0n || v[2] !== 0n).map(([k, v]) => [k, v.join(' ')]),
  );
}

/** The kept sums and the documents read one by one (pages of 3, so several pages), for all months. */
async function bothWays(accountId: string) {
  const kept = folded(await keptMonthSums(server.db, accountId, { from: '1990-01', to: '2099-12' }));
  const read: Row[] = [];
  await eachPage(
    (page) =>
      issuedMonthSums(server.db, accountId, { from: '1990-01-01', to: '2099-12-31' }, { ...page, limit: 3 }),
    (row) => read.push(row),
  );
  return { kept, read: folded(read) };
}

async function expectInStep(step: string) {
  for (const id of [account.id, other.id]) {
    const { kept, read } = await bothWays(id);
    expect([...kept].sort(), `${step} (${id === account.id ? 'account' : 'other account'})`).toEqual(
      [...read].sort(),
    );
  }
}

const twoRates = {
  line_items: [
    { name: 'Books', quantity: '3', unit_price: '24.95', taxes: [{ name: 'VAT', rate: '7', category: 'S' }] },
    {
      name: 'Workshop',
      quantity: '1',
      unit_price: '1250.00',
      taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
    },
  ],
};

test('the kept sums follow every change to the documents, through the API or straight to the table', async () => {
  await expectInStep('empty');
  const a = await makeDocument(server, account, parties, { issue_date: '2026-01-15', ...twoRates }, [
    'finalize',
  ]);
  const b = await makeDocument(server, account, parties, { issue_date: '2026-01-31' }, [
    'finalize',
    'mark-sent',
  ]);
  const c = await makeDocument(server, account, parties, { issue_date: '2026-02-01', currency: 'USD' }, [
    'finalize',
  ]);
  const draft = await makeDocument(server, account, parties, { issue_date: '2026-02-10' });
  const credit = await makeDocument(
    server,
    account,
    parties,
    {
      document_type: 'credit_note',
      source_document_id: a.id,
      issue_date: '2026-03-03',
      reason: 'Returned',
      due_date: undefined,
      ...twoRates,
    },
    ['finalize'],
  );
  // Entered with negative amounts: kept turned, as one entered positive (migrations 0039 / pg 0020).
  await makeDocument(
    server,
    account,
    parties,
    {
      document_type: 'credit_note',
      source_document_id: a.id,
      issue_date: '2026-03-05',
      reason: 'Returned',
      due_date: undefined,
      line_items: twoRates.line_items.map((line) => ({ ...line, quantity: `-${line.quantity}` })),
    },
    ['finalize'],
  );
  await expectInStep('created and finalized');
  expect((await bothWays(account.id)).kept.size).toBeGreaterThan(5);

  const res = await server.json(`/api/v1/documents/${b.id}/void`, { method: 'POST', key: account.apiKey });
  expect(res.status).toBe(200);
  await expectInStep('voided');
  // Archived after it was voided: still voided, still not counted.
  await server.db.update(documents).set({ status: 'archived' }).where(eq(documents.id, b.id)).run();
  await expectInStep('voided and archived');
  // Restored by hand: counts again.
  await server.db
    .update(documents)
    .set({ status: 'sent', voidedAt: null })
    .where(eq(documents.id, b.id))
    .run();
  await expectInStep('un-voided by hand');
  const paid = await server.json(`/api/v1/documents/${c.id}/mark-paid`, {
    method: 'POST',
    key: account.apiKey,
  });
  expect([200, 404, 409, 422]).toContain(paid.status);
  await server.db.update(documents).set({ status: 'paid' }).where(eq(documents.id, a.id)).run();
  await expectInStep('paid');
  await server.db.update(documents).set({ issueDate: '2025-12-31' }).where(eq(documents.id, a.id)).run();
  await expectInStep('moved to another month and year');
  await server.db.update(documents).set({ currency: 'JPY' }).where(eq(documents.id, c.id)).run();
  await expectInStep('another currency');
  // Totals changed by hand: a group without a category, a rate written another way, an amount of ten
  // decimals, a missing tax total.
  const row = await server.db.select().from(documents).where(eq(documents.id, credit.id)).get();
  if (!row) throw new Error('credit note not stored');
  const groups = row.totals.tax_groups.map((g, i) =>
    i === 0
      ? { ...g, category: null as unknown as string, rate: '7.00', taxable_amount: '74.8500000001' }
      : g,
  );
  const { tax_total: _, ...withoutTax } = row.totals;
  await server.db
    .update(documents)
    .set({ totals: { ...withoutTax, tax_groups: groups } as typeof row.totals })
    .where(eq(documents.id, credit.id))
    .run();
  await expectInStep('totals rewritten');
  // Moved to another account, and back.
  await server.db.update(documents).set({ accountId: other.id }).where(eq(documents.id, c.id)).run();
  await expectInStep('moved to another account');
  await server.db.update(documents).set({ accountId: account.id }).where(eq(documents.id, c.id)).run();
  // An insert straight into the table (an import or a restore), counted; a quote, not.
  const copy = newId('doc');
  await server.db
    .insert(documents)
    .values({ ...row, id: copy, number: `COPY-${copy}`, issueDate: '2026-03-31', status: 'finalized' })
    .run();
  const quote = newId('doc');
  await server.db
    .insert(documents)
    .values({ ...row, id: quote, number: `Q-${quote}`, documentType: 'quote', status: 'finalized' })
    .run();
  await expectInStep('inserted');
  // A finalized draft of the same month, then deleted: the draft through the API, the copy by hand.
  const deleted = await server.json(`/api/v1/documents/${draft.id}`, {
    method: 'DELETE',
    key: account.apiKey,
  });
  expect(deleted.status).toBeLessThan(300);
  await server.db.delete(documents).where(eq(documents.id, copy)).run();
  await expectInStep('deleted');
  // Nothing counts any more: no kept row answers (a month whose documents all stopped counting is empty).
  await server.db.update(documents).set({ status: 'draft' }).where(eq(documents.accountId, account.id)).run();
  await expectInStep('all drafts again');
  expect((await bothWays(account.id)).kept.size).toBe(0);
  expect(await keptMonthSums(server.db, account.id, { from: '1990-01', to: '2099-12' })).toEqual([]);
});

/** Received sums folded per currency, month and type: count, gross, tax and net in ten-billionths. */
function foldedReceived(rows: ReceivedMonthSums[]): string[] {
  const out = new Map<string, bigint[]>();
  for (const row of rows) {
    const key = `${row.currency}|${row.month}|${row.documentType}`;
    const was = out.get(key) ?? [0n, 0n, 0n, 0n];
    out.set(key, [
      (was[0] ?? 0n) + BigInt(row.count),
      (was[1] ?? 0n) + sumValue(row.gross),
      (was[2] ?? 0n) + sumValue(row.tax),
      (was[3] ?? 0n) + sumValue(row.net),
    ]);
  }
  return [...out]
    .filter(([, v]) => v.some((x) => x !== 0n))
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .sort();
}

async function expectReceivedInStep(step: string) {
  for (const id of [account.id, other.id]) {
    const kept = foldedReceived(
      await keptReceivedMonthSums(server.db, id, { from: '1990-01', to: '2099-12' }),
    );
    const read: ReceivedMonthSums[] = [];
    await eachPage(
      (page) =>
        receivedMonthSums(server.db, id, { from: '1990-01-01', to: '2099-12-31' }, { ...page, limit: 3 }),
      (row) => read.push(row),
    );
    expect(kept, `${step} (${id === account.id ? 'account' : 'other account'})`).toEqual(
      foldedReceived(read),
    );
  }
}

test('the kept sums of received documents follow every change, through the API or straight to the table', async () => {
  await expectReceivedInStep('none received');
  const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
  const uploaded = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(uploaded.status).toBe(201);
  const id = ((await uploaded.json()) as { data: { id: string } }).data.id;
  await expectReceivedInStep('received through the API');
  const row = await server.db.select().from(receivedDocuments).where(eq(receivedDocuments.id, id)).get();
  if (!row) throw new Error('not stored');
  // Copies straight into the table: no issue date (dated by the day it arrived), no stated net or tax, a
  // credit note, another currency, ten decimals.
  const copies: string[] = [];
  const variants: Partial<typeof row>[] = [
    { issueDate: null, createdAt: '2026-04-30T23:59:59.000Z' },
    {
      totals: {
        ...row.totals,
        net_total: undefined as unknown as string,
        tax_total: undefined as unknown as string,
      },
    },
    { documentType: 'credit_note', typeCode: '381', issueDate: '2026-05-01' },
    { currency: 'USD', total: '100.0000000001', issueDate: '2025-12-31' },
    // A date kept as written (a parser let it through): pages by day must still count it once.
    { issueDate: '2026-04-02 (as written)' },
    { issueDate: '2026-04-02 (as written)' },
    { issueDate: '2026-04-02 (as written)' },
    { status: 'rejected' },
  ];
  for (const [i, changes] of variants.entries()) {
    const copy = newId('rcv');
    copies.push(copy);
    await server.db
      .insert(receivedDocuments)
      .values({ ...row, id: copy, sha256: `${row.sha256}-${i}`, ...changes })
      .run();
  }
  await expectReceivedInStep('inserted');
  const rejected = await server.json(`/api/v1/received-documents/${id}`, {
    method: 'PATCH',
    key: account.apiKey,
    body: { status: 'rejected' },
  });
  if (rejected.status >= 300) {
    await server.db
      .update(receivedDocuments)
      .set({ status: 'rejected' })
      .where(eq(receivedDocuments.id, id))
      .run();
  }
  await expectReceivedInStep('rejected');
  await server.db
    .update(receivedDocuments)
    .set({ status: 'approved' })
    .where(eq(receivedDocuments.id, id))
    .run();
  await expectReceivedInStep('approved again');
  await server.db
    .update(receivedDocuments)
    .set({
      issueDate: '2024-02-29',
      total: '-5.5',
      totals: { ...row.totals, net_total: '-5', tax_total: '-0.5' },
    })
    .where(eq(receivedDocuments.id, copies[0] as string))
    .run();
  await expectReceivedInStep('dated and priced by hand');
  await server.db
    .update(receivedDocuments)
    .set({ accountId: other.id })
    .where(eq(receivedDocuments.id, id))
    .run();
  await expectReceivedInStep('moved to another account');
  await server.db
    .delete(receivedDocuments)
    .where(eq(receivedDocuments.id, copies[2] as string))
    .run();
  await expectReceivedInStep('deleted');
  expect(
    (await keptReceivedMonthSums(server.db, account.id, { from: '1990-01', to: '2099-12' })).length,
  ).toBeGreaterThan(1);
});

test('the triggers are there after the migrations (a rebuilt table would lose them silently)', async () => {
  const handle = server.service.handle;
  const names =
    handle.engine === 'postgresql'
      ? (
          await handle.client<{ name: string }[]>`
            SELECT DISTINCT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`
        ).map((row) => row.name)
      : (
          server.sqlite
            .query("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            .all() as {
            name: string;
          }[]
        ).map((row) => row.name);
  const expected =
    handle.engine === 'postgresql'
      ? ['issued_month_sums_keep', 'received_month_sums_keep']
      : [
          'issued_month_sums_delete',
          'issued_month_sums_insert',
          'issued_month_sums_update',
          'received_month_sums_delete',
          'received_month_sums_insert',
          'received_month_sums_update',
        ];
  expect(names.filter((name) => name.includes('month_sums'))).toEqual(expected);
});

test('a document replaced in place (SQLite REPLACE) is counted once', async () => {
  if (server.service.handle.engine !== 'sqlite') return;
  const doc = await makeDocument(
    server,
    account,
    parties,
    { issue_date: '2026-05-05', due_date: '2026-06-05' },
    ['finalize'],
  );
  const before = (await bothWays(account.id)).kept;
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
  const { kept, read } = await bothWays(account.id);
  expect(kept).toEqual(before);
  expect([...kept].sort()).toEqual([...read].sort());
});
