// Issue 42 §4: the receivables, payables, revenue and expenses reports are summed by the database (the
// summing readers of documents, payments and receiving). This file builds a varied account — four
// currencies of 0, 2 and 3 decimals, partial payments and overpayments, credit notes that settle their
// invoice, exceed it, name another currency's invoice, a voided or a later one or none, cancelled and
// archived-after-cancelled invoices, drafts and quotes, stated amounts of ten decimals, negative documents,
// tax groups without a category and rates written two ways, due dates on every ageing bucket's edges,
// received documents of every status with and without an issue date — and checks every report, on many
// days and ranges across month and year ends, against the result of the code that summed them in memory
// before (kept below as the reference, reading the same rows through the same readers).
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { add, dec, isNegative, sub, toFixedString, toPlainString } from '../../src/domain/money';
import { minorUnitsOf } from '../../src/domain/reference';
import type { DocumentRow } from '../../src/modules/documents';
import { documents } from '../../src/modules/documents/schema';
import { payments } from '../../src/modules/payments/schema';
import { receivedDocuments, receivedPayments } from '../../src/modules/receiving/schema';
import { FakeClock } from '../../src/shared/clock';
import { newId } from '../../src/shared/ids';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import {
  referenceExpenses,
  referencePayables,
  referenceReceivables,
  referenceRevenue,
} from '../reports-reference';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

// ---------------------------------------------------------------------------------------------------
// The account
// ---------------------------------------------------------------------------------------------------

const TODAY = '2026-11-20';
let server: TestServer;
let account: TestAccount;
let other: TestAccount;
// 22:30 UTC, already the next day in Berlin: the reports' "today" is the service clock's day in UTC.
const clock = new FakeClock(new Date(`${TODAY}T22:30:00.000Z`));
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const get = async (path: string, key = account.apiKey) => {
  const res = await server.json(path, { key });
  expect(res.status).toBe(200);
  return res.body.data;
};

async function rowOf(id: string): Promise<DocumentRow> {
  const row = await server.db.select().from(documents).where(eq(documents.id, id)).get();
  if (!row) throw new Error(`${id} is not stored`);
  return row;
}

/** A copy of a stored document with other values (what the API would not make: odd stored amounts). */
async function copyOf(source: DocumentRow, changes: Partial<DocumentRow>): Promise<string> {
  const id = newId('doc');
  await server.db
    .insert(documents)
    .values({ ...source, id, number: `COPY-${id}`, ...changes })
    .run();
  return id;
}

async function paymentOf(
  documentId: string,
  customerId: string,
  currency: string,
  amount: string,
  date: string,
) {
  await server.db
    .insert(payments)
    .values({
      id: newId('pay'),
      accountId: account.id,
      documentId,
      customerId,
      amount,
      currency,
      date,
      method: 'bank_transfer',
      reference: null,
      note: null,
      createdBy: null,
      createdAt: `${TODAY}T08:00:00.000Z`,
    })
    .run();
}

const AS_OF = [
  TODAY,
  '2025-12-31',
  '2026-01-01',
  '2026-02-28',
  '2026-03-01',
  '2026-06-30',
  '2027-06-30',
  '2024-01-01',
];
const RANGES: [string, string][] = [
  ['2025-01-01', '2026-12-31'],
  ['2025-12-15', '2026-01-15'],
  ['2026-02-01', '2026-02-28'],
  ['2026-03-01', '2026-03-01'],
  ['2026-11-01', '2027-02-28'],
];

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  account = await makeAccount(server);
  other = await makeAccount(server);
  const profile = await makeBusinessProfile(server, account);
  // Names that sort alike under the collator, and two customers of one name.
  const names = ['Acme Ltd', 'acme ltd', 'Émile SARL', 'Emile SARL', 'Zeta AG', 'Zeta AG', 'Beta GmbH'];
  const customers: string[] = [];
  for (const name of names) customers.push((await makeCustomer(server, account, { name })).id);
  const cust = (i: number) => customers[i % customers.length] as string;
  const party = (i: number) => ({ profileId: profile.id, customerId: cust(i) });

  // Invoices through the API: four currencies, issue dates over month and year ends, due dates on every
  // bucket's edges of TODAY and of other days the reports are asked for.
  const currencies = ['EUR', 'EUR', 'JPY', 'KWD', 'USD'];
  const issues = [
    '2025-11-30',
    '2025-12-31',
    '2026-01-01',
    '2026-02-28',
    '2026-03-01',
    '2026-06-15',
    '2026-10-31',
    TODAY,
  ];
  const offsets = [0, -1, -30, -31, -60, -61, -90, -91, -400, 10, null];
  const price = (currency: string, i: number) =>
    currency === 'JPY' ? String(1000 + i * 37) : currency === 'KWD' ? `${12 + i}.125` : `${99 + i}.95`;
  const invoices: { id: string; currency: string; customer: string; issue: string; due: string }[] = [];
  let i = 0;
  for (const issue of issues) {
    for (const offset of offsets) {
      i += 1;
      const currency = currencies[i % currencies.length] as string;
      const due = offset === null ? undefined : plus(AS_OF[i % 3] as string, offset);
      if (due !== undefined && due < issue) continue;
      const doc = await makeDocument(
        server,
        account,
        party(i),
        {
          currency,
          issue_date: issue,
          due_date: due,
          line_items: [
            {
              name: 'Work',
              quantity: String(1 + (i % 4)),
              unit_price: price(currency, i),
              taxes: [{ rate: i % 3 ? '19' : '7', category: 'S' }],
            },
            {
              name: 'Exempt',
              quantity: '1',
              unit_price: price(currency, i + 3),
              taxes: [{ rate: '0', category: 'E', exemption_reason: 'Exempt' }],
            },
          ],
          ...(i % 9 === 0 ? { prepaid_amount: currency === 'JPY' ? '100' : '10.00' } : {}),
        },
        ['finalize', ...(i % 2 ? ['mark-sent'] : [])],
      );
      invoices.push({ id: doc.id, currency, customer: cust(i), issue, due: due ?? '' });
    }
  }
  // Payments through the API: part, in two parts around the days asked for, in full.
  for (const [n, inv] of invoices.entries()) {
    const row = await rowOf(inv.id);
    const due = row.totals.amount_due ?? row.totals.total;
    const units = minorUnitsOf(inv.currency);
    const part = toFixedString(sub(dec(due), dec(units === 0 ? '500' : '50')), units);
    const paidOn = plus(inv.issue, 10 + (n % 40));
    if (n % 4 === 0) {
      const res = await server.json(`/api/v1/documents/${inv.id}/payments`, {
        method: 'POST',
        key: account.apiKey,
        body: { amount: toFixedString(dec(due), units), date: paidOn },
      });
      expect(res.status).toBe(201);
    } else if (n % 4 === 1 && isNegative(sub(dec('0'), dec(part)))) {
      for (const [amount, date] of [
        [part, paidOn],
        [toFixedString(sub(dec(due), dec(part)), units), plus(paidOn, 200)],
      ] as const) {
        const res = await server.json(`/api/v1/documents/${inv.id}/payments`, {
          method: 'POST',
          key: account.apiKey,
          body: { amount, date },
        });
        expect(res.status).toBe(201);
      }
    }
  }
  // Credit notes through the API: of part of an invoice, and of an invoice that was paid.
  for (const inv of invoices.filter((_, n) => n % 7 === 3)) {
    await makeDocument(
      server,
      account,
      { profileId: profile.id, customerId: inv.customer },
      {
        document_type: 'credit_note',
        currency: inv.currency,
        source_document_id: inv.id,
        reason: 'Returned',
        issue_date: plus(inv.issue, 20),
        due_date: undefined,
        line_items: [
          {
            name: 'Work',
            quantity: '1',
            unit_price: price(inv.currency, 1),
            taxes: [{ rate: '19', category: 'S' }],
          },
        ],
      },
      ['finalize'],
    );
  }
  // Cancelled: voided, and archived after it was voided; neither counts, nor drafts and quotes.
  const voided = await makeDocument(
    server,
    account,
    party(1),
    { issue_date: '2026-02-01', due_date: '2026-02-10' },
    ['finalize', 'void'],
  );
  await server.db.update(documents).set({ status: 'archived' }).where(eq(documents.id, voided.id)).run();
  await makeDocument(server, account, party(2), { issue_date: '2026-03-01', due_date: '2026-03-02' }, [
    'finalize',
    'void',
  ]);
  await makeDocument(server, account, party(3), { issue_date: '2026-03-01', due_date: '2026-03-02' });
  await makeDocument(server, account, party(4), { document_type: 'quote', issue_date: '2026-03-01' }, [
    'finalize',
  ]);

  // Stored amounts the API would not write, copied from an invoice: ten decimals, a negative invoice, one
  // stored before amount_due existed, an overpaid one, tax groups without a category and a rate written two
  // ways, a customer whose credits sum to zero, credit notes that exceed, cross currencies or name nothing.
  const base = await rowOf(invoices[0]?.id as string);
  const totals = (t: Record<string, unknown>) => ({ ...base.totals, ...t }) as DocumentRow['totals'];
  const group = (category: string | null, rate: string, taxable: string, tax: string) => ({
    category,
    rate,
    inclusive: false,
    name: 'VAT',
    taxable_amount: taxable,
    tax_amount: tax,
  });
  const odd = async (changes: Partial<DocumentRow>) =>
    await copyOf(base, { status: 'sent', customerId: cust(0), currency: 'EUR', voidedAt: null, ...changes });
  const tenths = await odd({
    issueDate: '2026-01-31',
    dueDate: '2026-02-01',
    totals: totals({
      total: '1234.5678901234',
      tax_total: '197.1234567891',
      amount_due: '1234.5678901234',
      tax_groups: [group('S', '19.00', '1037.4444333343', '197.1234567891')],
    }),
  });
  await paymentOf(tenths, cust(0), 'EUR', '0.0000000001', '2026-02-15');
  await odd({
    issueDate: '2026-02-28',
    dueDate: '2026-03-31',
    customerId: cust(1),
    totals: totals({
      total: '-15.50',
      tax_total: '-2.47',
      amount_due: '-15.50',
      tax_groups: [group(null, '0', '-13.03', '-2.47')],
    }),
  });
  const legacy = { ...base.totals, total: '300.00', tax_total: '0.00', tax_groups: [] } as Record<
    string,
    unknown
  >;
  delete legacy.amount_due;
  await odd({
    issueDate: '2025-12-31',
    dueDate: '2026-01-30',
    customerId: cust(2),
    totals: legacy as unknown as DocumentRow['totals'],
  });
  const overpaid = await odd({
    issueDate: '2026-03-01',
    dueDate: '2026-03-15',
    customerId: cust(3),
    totals: totals({
      total: '100.00',
      tax_total: '7.00',
      amount_due: '100.00',
      tax_groups: [group('S', '7', '50.00', '3.50'), group('S', '7.0', '43.00', '3.50')],
    }),
  });
  await paymentOf(overpaid, cust(3), 'EUR', '150.00', '2026-03-02');
  // Zero credits: an overpayment of 5.00 and a negative invoice of 5.00 for the same customer.
  const even = await odd({
    issueDate: '2026-01-10',
    dueDate: '2026-01-20',
    customerId: cust(4),
    totals: totals({ total: '20.00', tax_total: '0.00', amount_due: '20.00', tax_groups: [] }),
  });
  await paymentOf(even, cust(4), 'EUR', '25.00', '2026-01-11');
  await odd({
    issueDate: '2026-01-12',
    dueDate: null,
    customerId: cust(4),
    totals: totals({ total: '-5.00', tax_total: '0.00', amount_due: '-5.00', tax_groups: [] }),
  });
  const credit = (source: string | null, changes: Partial<DocumentRow>) =>
    odd({
      documentType: 'credit_note',
      status: 'finalized',
      sourceDocumentId: source,
      dueDate: null,
      ...changes,
    });
  const jpy = invoices.find((x) => x.currency === 'JPY') as (typeof invoices)[number];
  await credit(jpy.id, {
    issueDate: '2026-06-30',
    customerId: jpy.customer,
    totals: totals({ total: '9.99', amount_due: '9.99' }),
  });
  await credit(tenths, {
    issueDate: '2026-03-01',
    totals: totals({ total: '2000.00', amount_due: '2000.00' }),
  });
  await credit(voided.id, {
    issueDate: '2026-02-02',
    customerId: cust(1),
    totals: totals({ total: '12.34', amount_due: '12.34' }),
  });
  await credit(null, {
    issueDate: '2025-12-31',
    customerId: cust(5),
    totals: totals({ total: '7.77', amount_due: '7.77' }),
  });
  const later = invoices.find((x) => x.issue === TODAY) as (typeof invoices)[number];
  await credit(later.id, {
    issueDate: '2026-01-01',
    currency: later.currency,
    customerId: later.customer,
    totals: totals({ total: '1.11', amount_due: '1.11' }),
  });
  await credit(invoices[5]?.id as string, {
    issueDate: '2026-05-05',
    voidedAt: '2026-05-06T00:00:00.000Z',
    totals: totals({ total: '50.00', amount_due: '50.00' }),
  });

  // Received documents: one received through the API, copied with other suppliers, statuses and amounts.
  const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
  const uploaded = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
    body: xml,
  });
  expect(uploaded.status).toBe(201);
  const receivedId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const received = await server.db
    .select()
    .from(receivedDocuments)
    .where(eq(receivedDocuments.id, receivedId))
    .get();
  if (!received) throw new Error('not stored');
  const sellers: [string | null, string | null][] = [
    ['Lieferant A', 'DE100'],
    ['Lieferant A (neu)', 'DE100'],
    ['Lieferant B', null],
    ['Lieferant B', ''],
    [null, null],
    ['Émile Fournitures', 'FR200'],
  ];
  const statuses = ['received', 'approved', 'paid', 'rejected'] as const;
  for (let r = 0; r < 60; r++) {
    const [name, taxId] = sellers[r % sellers.length] as [string | null, string | null];
    const currency = r % 5 === 0 ? 'USD' : r % 11 === 0 ? 'KWD' : 'EUR';
    const units = minorUnitsOf(currency);
    const net = toFixedString(dec(`${100 + r * 13}.${String(r * 7).padStart(3, '0')}`), units);
    const tax = toFixedString(dec(`${(r * 3) % 40}.${String(r).padStart(2, '0')}`), units);
    const total = toPlainString(add(dec(net), dec(tax)));
    const issue = r % 8 === 0 ? null : (issues[r % issues.length] as string);
    const arrived = issue ?? (issues[(r + 3) % issues.length] as string);
    const credit = r % 6 === 5;
    const id = newId('rcv');
    const stated: Record<string, string> = { ...received.totals, total, amount_due: total };
    if (r % 4 === 0) delete stated.net_total;
    else stated.net_total = net;
    if (r % 7 === 0) delete stated.tax_total;
    else stated.tax_total = tax;
    await server.db
      .insert(receivedDocuments)
      .values({
        ...received,
        id,
        status: statuses[r % statuses.length] as (typeof statuses)[number],
        documentType: credit ? 'credit_note' : 'invoice',
        typeCode: credit ? '381' : '380',
        invoiceNumber: `R-${r}`,
        issueDate: issue,
        dueDate:
          credit || r % 9 === 0
            ? null
            : plus(AS_OF[r % 3] as string, -([0, 1, 30, 31, 60, 61, 90, 91][r % 8] ?? 0)),
        currency,
        sellerName: name,
        sellerTaxId: taxId,
        total: r % 13 === 0 ? `${total}0000001` : total,
        amountDue: r % 13 === 0 ? `${total}0000001` : total,
        totals: stated,
        sha256: `${r}`.padStart(64, '0'),
        blobKey: `test/${id}`,
        createdAt: `${arrived}T23:59:59.000Z`,
      })
      .run();
    if (!credit && r % 3 !== 2) {
      await server.db
        .insert(receivedPayments)
        .values({
          id: newId('rpy'),
          accountId: account.id,
          receivedDocumentId: id,
          amount: r % 2 ? total : toFixedString(dec('10'), units),
          currency,
          date: plus(arrived, 5 + (r % 60)),
          method: null,
          reference: null,
          note: null,
          createdBy: null,
          createdAt: `${TODAY}T08:00:00.000Z`,
        })
        .run();
    }
  }
  await server.db
    .update(receivedDocuments)
    .set({ status: 'rejected' })
    .where(eq(receivedDocuments.id, receivedId))
    .run();
  // Another account's documents are in no report of this one.
  await makeDocument(
    server,
    other,
    {
      profileId: (await makeBusinessProfile(server, other)).id,
      customerId: (await makeCustomer(server, other)).id,
    },
    { issue_date: '2026-03-01', due_date: '2026-03-02' },
    ['finalize'],
  );
}, 180_000);
afterAll(async () => await server.stop());

describe('the reports summed by the database equal the reports summed in memory', () => {
  test('receivables on every day asked for, and by default today', async () => {
    for (const asOf of AS_OF) {
      const report = await get(`/api/v1/reports/receivables?as_of=${asOf}`);
      expect(report).toEqual(await referenceReceivables(server.db, account.id, asOf));
    }
    const today = await get('/api/v1/reports/receivables');
    expect(today).toEqual(await referenceReceivables(server.db, account.id, TODAY));
    // The data set reaches what it is meant to: every bucket, credits, several currencies and customers.
    const [eur] = today.currencies.filter((c: { currency: string }) => c.currency === 'EUR');
    for (const bucket of ['0-30', '31-60', '61-90', '90+']) expect(eur.ageing[bucket]).not.toBe('0.00');
    expect(eur.credits).not.toBe('0.00');
    expect(today.currencies.map((c: { currency: string }) => c.currency)).toEqual([
      'EUR',
      'JPY',
      'KWD',
      'USD',
    ]);
    expect(today.customers.length).toBeGreaterThan(8);
  });

  test('payables on every day asked for', async () => {
    for (const asOf of AS_OF) {
      expect(await get(`/api/v1/reports/payables?as_of=${asOf}`)).toEqual(
        await referencePayables(server.db, account.id, asOf),
      );
    }
    const today = await get(`/api/v1/reports/payables?as_of=${TODAY}`);
    expect(today.suppliers.length).toBeGreaterThan(4);
    expect(today.currencies.some((c: { credits: string }) => c.credits !== '0.00')).toBe(true);
  });

  test('revenue and expenses over ranges across month and year ends, and by default this year', async () => {
    for (const [from, to] of RANGES) {
      expect(await get(`/api/v1/reports/revenue?from=${from}&to=${to}`)).toEqual(
        await referenceRevenue(server.db, account.id, from, to),
      );
      expect(await get(`/api/v1/reports/expenses?from=${from}&to=${to}&group=month`)).toEqual(
        await referenceExpenses(server.db, account.id, from, to),
      );
    }
    const year = await get('/api/v1/reports/revenue');
    expect(year).toEqual(await referenceRevenue(server.db, account.id, '2026-01-01', TODAY));
    const rates = year.currencies.flatMap((c: any) => c.months.flatMap((m: any) => m.by_tax_rate));
    expect(rates.some((r: { category: string | null }) => r.category === null)).toBe(true);
    expect(rates.some((r: { rate: string }) => r.rate === '7')).toBe(true);
  });

  test('another account sees none of it', async () => {
    const theirs = await get(`/api/v1/reports/receivables?as_of=${TODAY}`, other.apiKey);
    expect(theirs.currencies).toEqual(
      await referenceReceivables(server.db, other.id, TODAY).then((r) => r.currencies),
    );
    expect(theirs.currencies).toHaveLength(1);
    expect(await get('/api/v1/reports/payables', other.apiKey)).toEqual({
      as_of: TODAY,
      currencies: [],
      suppliers: [],
    });
  });
});
