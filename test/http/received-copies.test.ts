// Several files of one received invoice (its XRechnung, its Factur-X, its CII: docs/receiving.md "Same
// invoice, other bytes") are one bill: the payables, the expenses and the DATEV export count the one file
// that counts (`duplicate_of` null: the first received that is not rejected) once, whatever is rejected,
// taken back or deleted. A payment goes to that file; a file marked paid and set back gives its payment up.
// BOTH ENGINES TEST: the PostgreSQL lane runs this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

let server: TestServer;

const corpus = (path: string) =>
  new Uint8Array(readFileSync(sharedPath(`receiving-corpus/samples/zugferd-corpus/XML-Rechnung/${path}`)));
/** The same invoice 471102 of 2018-03-05 (Lieferant GmbH, 529.87 due) as three files. */
const FILES = [
  { bytes: corpus('CII/EN16931_Einfach.cii.xml'), type: 'application/xml' },
  { bytes: corpus('UBL/EN16931_Einfach.ubl.xml'), type: 'application/xml' },
  { bytes: corpus('FX/EN16931_Einfach.pdf'), type: 'application/pdf' },
];

async function receive(account: TestAccount, file: (typeof FILES)[number]): Promise<any> {
  const res = await fetch(`${server.url}/api/v1/received-documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': file.type },
    body: file.bytes,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: unknown }).data;
}

const call = async (account: TestAccount, method: string, path: string, body?: unknown) =>
  await server.json(path, { method, key: account.apiKey, ...(body === undefined ? {} : { body }) });

/** What the payables and the expenses say of the supplier, and which files name which. */
async function figures(account: TestAccount, asOf = '2018-06-30') {
  const payables = (await call(account, 'GET', `/api/v1/reports/payables?as_of=${asOf}`)).body.data;
  const expenses = (await call(account, 'GET', '/api/v1/reports/expenses?from=2018-01-01&to=2018-12-31')).body
    .data;
  const partOfMonth = (await call(account, 'GET', '/api/v1/reports/expenses?from=2018-03-05&to=2018-03-05'))
    .body.data;
  return {
    open: payables.currencies[0]?.open ?? '0.00',
    items: payables.suppliers[0]?.open_items ?? 0,
    gross: expenses.currencies[0]?.gross ?? '0.00',
    documents:
      expenses.currencies[0]?.months?.find((m: { month: string }) => m.month === '2018-03')?.documents ?? 0,
    dayGross: partOfMonth.currencies[0]?.gross ?? '0.00',
  };
}

/** The received-documents CSV's `amount_due` of each file of March 2018, sorted. */
async function csvAmountsDue(account: TestAccount): Promise<string[]> {
  const res = await server.request(
    '/api/v1/exports/received-documents.csv?from=2018-03-01&to=2018-03-31&format=machine',
    { key: account.apiKey },
  );
  expect(res.status).toBe(200);
  const [header, ...lines] = (await res.text()).trim().split('\r\n');
  const due = (header ?? '').split(',').indexOf('amount_due');
  return lines.map((line) => line.split(',')[due] ?? '').sort();
}

async function duplicateOf(account: TestAccount, id: string): Promise<string | null> {
  return (await call(account, 'GET', `/api/v1/received-documents/${id}`)).body.data.duplicate_of;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => await server.stop());

describe('several files of one received invoice', () => {
  let account: TestAccount;
  const ids: string[] = [];

  beforeAll(async () => {
    account = await makeAccount(server, { name: 'Dubletten GmbH' });
    for (const file of FILES) ids.push((await receive(account, file)).id);
  });

  test('are owed and spent once: the payables and the expenses count the first file', async () => {
    expect(await duplicateOf(account, ids[0] as string)).toBeNull();
    expect(await duplicateOf(account, ids[1] as string)).toBe(ids[0] as string);
    expect(await duplicateOf(account, ids[2] as string)).toBe(ids[0] as string);
    expect(await figures(account)).toEqual({
      open: '529.87',
      items: 1,
      gross: '529.87',
      documents: 1,
      dayGross: '529.87',
    });
  });

  test('a payment goes to the file that counts: another file of it is a 409 naming that one', async () => {
    const res = await call(account, 'POST', `/api/v1/received-documents/${ids[1]}/payments`, {
      amount: '529.87',
      date: '2018-03-20',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({ action: 'record-payment', duplicate_of: ids[0] });
    const marked = await call(account, 'PATCH', `/api/v1/received-documents/${ids[2]}`, { status: 'paid' });
    expect(marked.status).toBe(409);
    expect(marked.body.error.details).toMatchObject({ action: 'mark-paid', duplicate_of: ids[0] });
  });

  test('the first file rejected, the next counts; taken back, the first counts again', async () => {
    const rejected = await call(account, 'PATCH', `/api/v1/received-documents/${ids[0]}`, {
      status: 'rejected',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.duplicate_of).toBe(ids[1] as string);
    expect(await duplicateOf(account, ids[1] as string)).toBeNull();
    expect(await duplicateOf(account, ids[2] as string)).toBe(ids[1] as string);
    expect(await figures(account)).toMatchObject({ open: '529.87', items: 1, gross: '529.87', documents: 1 });
    const back = await call(account, 'PATCH', `/api/v1/received-documents/${ids[0]}`, { status: 'received' });
    expect(back.body.data.duplicate_of).toBeNull();
    expect(await duplicateOf(account, ids[1] as string)).toBe(ids[0] as string);
    expect(await figures(account)).toMatchObject({ open: '529.87', items: 1, gross: '529.87', documents: 1 });
  });

  test('the DATEV export books it once', async () => {
    const settings = await call(account, 'PUT', '/api/v1/settings/accounting', {
      consultant_number: 29098,
      client_number: 10001,
    });
    expect(settings.status).toBe(200);
    const res = await server.request('/api/v1/exports/datev?kind=received&from=2018-03-01&to=2018-03-31', {
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    const text = new TextDecoder('windows-1252').decode(await res.arrayBuffer());
    // One booking line per VAT rate (19 % and 7 %), all of the file that counts.
    const booked = text.split('\r\n').filter((line) => line.includes('"471102"'));
    expect(booked).toHaveLength(2);
    expect(new Set(booked.map((line) => line.match(/rcv_[0-9a-z]+/)?.[0]))).toEqual(new Set([ids[0]]));
  });

  test('the received-documents CSV lists every file; only the file that counts is owed', async () => {
    expect(await csvAmountsDue(account)).toEqual(['0.00', '0.00', '529.87']);
  });

  test('the file that counts deleted, the next one counts and no file names the one gone', async () => {
    const gone = await call(account, 'DELETE', `/api/v1/received-documents/${ids[0]}`);
    expect(gone.status).toBe(200);
    expect(await duplicateOf(account, ids[1] as string)).toBeNull();
    expect(await duplicateOf(account, ids[2] as string)).toBe(ids[1] as string);
    expect(await figures(account)).toMatchObject({ open: '529.87', items: 1, gross: '529.87', documents: 1 });
  });

  test('a file received after every earlier one was rejected counts itself', async () => {
    const other = await makeAccount(server, { name: 'Abgelehnt GmbH' });
    const first = await receive(other, FILES[0] as (typeof FILES)[number]);
    await call(other, 'PATCH', `/api/v1/received-documents/${first.id}`, { status: 'rejected' });
    expect(await figures(other)).toMatchObject({ open: '0.00', items: 0, documents: 0 });
    // A rejected invoice is owed by nobody.
    expect(await csvAmountsDue(other)).toEqual(['0.00']);
    const second = await receive(other, FILES[1] as (typeof FILES)[number]);
    expect(second.duplicate_of).toBeNull();
    expect(await duplicateOf(other, first.id)).toBe(second.id);
    expect(await figures(other)).toMatchObject({ open: '529.87', items: 1, gross: '529.87', documents: 1 });
  });
});

test('two sellers with VAT ids that differ are two invoices, though they share a Steuernummer and a number', async () => {
  // Lieferant GmbH (DE123456789) and Grundbesitz GmbH & Co. (DE136695976): both 471102 of 2024-11-15,
  // both with the Steuernummer 201/113/40209.
  const account = await makeAccount(server, { name: 'Zwei Verkäufer GmbH' });
  const first = await receive(account, {
    bytes: corpus('UBL/XRECHNUNG_Einfach.ubl.xml'),
    type: 'application/xml',
  });
  const second = await receive(account, {
    bytes: corpus('UBL/XRECHNUNG_Betriebskostenabrechnung.ubl.xml'),
    type: 'application/xml',
  });
  expect([first.invoice_number, second.invoice_number]).toEqual(['471102', '471102']);
  expect(second.duplicate_of).toBeNull();
  expect(second.type_code).toBe('380');
});

test('a file stating only the Steuernummer does not join two sellers whose VAT ids differ', async () => {
  const account = await makeAccount(server, { name: 'Brücke GmbH' });
  const einfach = new TextDecoder().decode(corpus('UBL/XRECHNUNG_Einfach.ubl.xml'));
  const first = await receive(account, { bytes: new TextEncoder().encode(einfach), type: 'application/xml' });
  // Lieferant GmbH's same invoice stating its Steuernummer alone: a file of the first.
  const taxNumberOnly = einfach.replace(
    /<cac:PartyTaxScheme>\s*<cbc:CompanyID>DE123456789<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*<cbc:ID>VAT<\/cbc:ID>\s*<\/cac:TaxScheme>\s*<\/cac:PartyTaxScheme>/,
    '',
  );
  expect(taxNumberOnly).not.toContain('DE123456789');
  const bridge = await receive(account, {
    bytes: new TextEncoder().encode(taxNumberOnly),
    type: 'application/xml',
  });
  expect(bridge.duplicate_of).toBe(first.id);
  // Grundbesitz GmbH & Co. (DE136695976) shares the Steuernummer, the number and the day: its own invoice.
  const other = await receive(account, {
    bytes: corpus('UBL/XRECHNUNG_Betriebskostenabrechnung.ubl.xml'),
    type: 'application/xml',
  });
  expect(other.duplicate_of).toBeNull();
});

test('a file rejected and taken back does not take the count from the file that was paid', async () => {
  const account = await makeAccount(server, { name: 'Bezahlt GmbH' });
  const first = await receive(account, FILES[0] as (typeof FILES)[number]);
  const second = await receive(account, FILES[1] as (typeof FILES)[number]);
  await call(account, 'PATCH', `/api/v1/received-documents/${first.id}`, { status: 'rejected' });
  const pay = await call(account, 'POST', `/api/v1/received-documents/${second.id}/payments`, {
    amount: '529.87',
    date: '2018-03-20',
  });
  expect(pay.status).toBe(201);
  const back = await call(account, 'PATCH', `/api/v1/received-documents/${first.id}`, { status: 'received' });
  expect(back.body.data.duplicate_of).toBe(second.id);
  expect(await duplicateOf(account, second.id)).toBeNull();
  expect((await figures(account)).open).toBe('0.00');
});

test('the inbox finds a seller in any case, umlauts too, and by its VAT id written with blanks; a day that is none is a 422', async () => {
  const account = await makeAccount(server, { name: 'Suche GmbH' });
  const xml = new TextDecoder()
    .decode(corpus('UBL/EN16931_Einfach.ubl.xml'))
    .replaceAll('Lieferant GmbH', 'Öko-Lieferant GmbH');
  const doc = await receive(account, { bytes: new TextEncoder().encode(xml), type: 'application/xml' });
  expect(doc.seller.name).toBe('Öko-Lieferant GmbH');
  const found = async (query: string) =>
    (await call(account, 'GET', `/api/v1/received-documents?${query}`)).body.data.map(
      (d: { id: string }) => d.id,
    );
  for (const seller of ['öko', 'ÖKO-LIEFERANT', 'lieferant gmbh', 'DE%20123%20456%20789', 'de123456789']) {
    expect(await found(`seller=${encodeURIComponent(decodeURIComponent(seller))}`), seller).toEqual([doc.id]);
  }
  expect(await found('seller=Bäckerei')).toEqual([]);
  const impossible = await call(account, 'GET', '/api/v1/received-documents?issued_from=2018-13-45');
  expect(impossible.status).toBe(422);
  expect(impossible.body.error.details.fields[0].loc).toBe('query.issued_from');
});

describe('marked paid, then set back', () => {
  test('an invoice marked paid and set back to received gives up the payment marking it paid recorded', async () => {
    const account = await makeAccount(server, { name: 'Rückgängig GmbH' });
    const doc = await receive(account, FILES[0] as (typeof FILES)[number]);
    const paid = await call(account, 'PATCH', `/api/v1/received-documents/${doc.id}`, { status: 'paid' });
    expect(paid.body.data).toMatchObject({ status: 'paid', payment_status: 'paid', amount_due: '0.00' });
    // Marked paid today: owed nothing today, still owed on a day before.
    const today = new Date().toISOString().slice(0, 10);
    expect((await figures(account, today)).open).toBe('0.00');
    const back = await call(account, 'PATCH', `/api/v1/received-documents/${doc.id}`, { status: 'received' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      status: 'received',
      payment_status: 'unpaid',
      amount_due: '529.87',
    });
    expect((await call(account, 'GET', `/api/v1/received-documents/${doc.id}/payments`)).body.data).toEqual(
      [],
    );
    expect((await figures(account, today)).open).toBe('529.87');
    // Paid by a payment of its own, it stays paid until that payment is deleted.
    const pay = await call(account, 'POST', `/api/v1/received-documents/${doc.id}/payments`, {
      amount: '529.87',
      date: '2018-03-20',
    });
    expect(pay.status).toBe(201);
    const refused = await call(account, 'PATCH', `/api/v1/received-documents/${doc.id}`, {
      status: 'approved',
    });
    expect(refused.status).toBe(409);
  });

  test('a credit note cannot be marked paid: it takes no payments', async () => {
    const account = await makeAccount(server, { name: 'Gutschrift GmbH' });
    const res = await fetch(`${server.url}/api/v1/received-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: new Uint8Array(
        readFileSync(
          sharedPath('receiving-corpus/samples/zugferd-corpus/XML-Rechnung/UBL/ubl-tc434-creditnote1.xml'),
        ),
      ),
    });
    expect(res.status).toBe(201);
    const credit = ((await res.json()) as { data: { id: string; document_type: string } }).data;
    expect(credit.document_type).toBe('credit_note');
    const marked = await call(account, 'PATCH', `/api/v1/received-documents/${credit.id}`, {
      status: 'paid',
    });
    expect(marked.status).toBe(409);
    expect(marked.body.error.details).toMatchObject({ action: 'mark-paid', document_type: 'credit_note' });
  });
});

describe('same seller, number and date, another total: no copy', () => {
  const peppol = (name: string) =>
    readFileSync(sharedPath(`rulesets/examples/peppol_bis_billing_3/${name}`), 'utf8');
  /** Snippet1 of 2017-11-13 by SupplierTradingName Ltd. (GB1232434): 7125.00 (6125.00 due), then 1656.25. */
  const ALLOWANCE = peppol('Allowance-example.xml');
  const BASE = peppol('base-example.xml');
  let account: TestAccount;
  let first: any;
  let second: any;

  const post = async (xml: string) =>
    await receive(account, { bytes: new TextEncoder().encode(xml), type: 'application/xml' });
  const get = async (id: string) =>
    (await call(account, 'GET', `/api/v1/received-documents/${id}`)).body.data;
  const differing = (doc: any) =>
    doc.warnings.filter((w: { code?: string }) => w.code === 'differing_total').map((w: any) => w.other_file);
  const owed = async () => {
    const payables = (await call(account, 'GET', '/api/v1/reports/payables?as_of=2017-12-31')).body.data;
    const expenses = (await call(account, 'GET', '/api/v1/reports/expenses?from=2017-11-01&to=2017-11-30'))
      .body.data;
    return { open: payables.currencies[0]?.open ?? '0.00', gross: expenses.currencies[0]?.gross ?? '0.00' };
  };

  beforeAll(async () => {
    account = await makeAccount(server, { name: 'Zwei Beträge GmbH' });
    first = await post(ALLOWANCE);
    second = await post(BASE);
  });

  test('each counts on its own: both owed, both spent, both in the CSV', async () => {
    expect([first.invoice_number, second.invoice_number]).toEqual(['Snippet1', 'Snippet1']);
    expect(second.duplicate_of).toBeNull();
    expect((await get(first.id)).duplicate_of).toBeNull();
    expect(await owed()).toEqual({ open: '7781.25', gross: '8781.25' });
    const res = await server.request(
      '/api/v1/exports/received-documents.csv?from=2017-11-01&to=2017-11-30&format=machine',
      { key: account.apiKey },
    );
    const [header, ...lines] = (await res.text()).trim().split('\r\n');
    const due = (header ?? '').split(',').indexOf('amount_due');
    expect(lines.map((line) => line.split(',')[due]).sort()).toEqual(['1656.25', '6125.00']);
  });

  test('both carry a warning naming the other file and what it states', async () => {
    expect(differing(second)).toEqual([
      { id: first.id, total: '7125.00', amount_due: '6125.00', currency: 'EUR' },
    ]);
    expect(differing(await get(first.id))).toEqual([
      { id: second.id, total: '1656.25', amount_due: '1656.25', currency: 'EUR' },
    ]);
    const warning = second.warnings.find((w: { code?: string }) => w.code === 'differing_total');
    expect(warning).toMatchObject({ term: 'BT-112', path: 'total' });
    expect(warning.message).toContain(
      `(${first.id}) states a different total (7125.00, amount due 6125.00 EUR)`,
    );
  });

  test('a third file stating the same amounts as one of them is a copy of that one, and warned too', async () => {
    // The same invoice as base-example.xml, written otherwise (other bytes, same figures).
    const third = await post(BASE.replace('<cbc:Note>', '<cbc:Note>Copy: '));
    expect(third.duplicate_of).toBe(second.id);
    expect(differing(third).map((f: { id: string }) => f.id)).toEqual([first.id]);
    expect(differing(await get(first.id)).map((f: { id: string }) => f.id)).toEqual([second.id]);
    expect(await owed()).toEqual({ open: '7781.25', gross: '8781.25' });
  });

  test('the wrong one rejected, no file warns any more; taken back, they warn again; deleted, gone', async () => {
    await call(account, 'PATCH', `/api/v1/received-documents/${first.id}`, { status: 'rejected' });
    expect(differing(await get(first.id))).toEqual([]);
    expect(differing(await get(second.id))).toEqual([]);
    expect(await owed()).toEqual({ open: '1656.25', gross: '1656.25' });
    await call(account, 'PATCH', `/api/v1/received-documents/${first.id}`, { status: 'received' });
    expect(differing(await get(second.id)).map((f: { id: string }) => f.id)).toEqual([first.id]);
    await call(account, 'DELETE', `/api/v1/received-documents/${first.id}`);
    expect(differing(await get(second.id))).toEqual([]);
    // The file's own reading notes are kept throughout.
    expect((await get(second.id)).warnings).toEqual(
      second.warnings.filter((w: { code?: string }) => w.code !== 'differing_total'),
    );
  });
});
