// A received document as a firm works with it (issue 25 section 4): the lines, the seller's bank account
// (BG-17), the due date (BT-9) and payment terms (BT-20), and where it came from.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const ubl = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'));
const cii = readFileSync(join(EXAMPLES, 'xrechnung_cii/01.01a-INVOICE_uncefact.xml'));

let server: TestServer;
let account: TestAccount;
const inbox = mkdtempSync(join(tmpdir(), 'inbox-view-'));

beforeAll(async () => {
  server = await startServer({ inboxDir: inbox });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

describe('the received document answer', () => {
  test('an upload shows its lines with net amounts, the bank account, terms, due date and payment reference; source upload', async () => {
    // The example with the payment reference (BT-83) a seller asks the payer to quote.
    const code = '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>';
    const withReference = ubl
      .toString('utf8')
      .replace(code, `${code}<cbc:PaymentID>RF18 5390 0754 7034</cbc:PaymentID>`);
    expect(withReference).toContain('<cbc:PaymentID>');
    const res = await server.request('/api/v1/received-documents', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: withReference,
    });
    expect(res.status).toBe(201);
    const { data: created } = (await res.json()) as any;
    const { body } = await server.json(`/api/v1/received-documents/${created.id}`, { key: account.apiKey });
    const doc = body.data;
    expect(doc).toMatchObject({ source: 'upload', file_name: null, email: null });
    expect(doc.payment).toEqual({
      due_date: null,
      terms: 'Zahlbar sofort ohne Abzug.',
      early_payment_discounts: [],
      reference: 'RF18 5390 0754 7034',
      bank_account: { iban: 'DE79000000001234567890', bic: null, account_name: null, bank_name: null },
      direct_debit: null,
    });
    expect(doc.lines).toHaveLength(2);
    expect(doc.lines[0]).toMatchObject({
      name: 'Zeitschrift [...]',
      description: 'Zeitschrift Inland',
      quantity: '1',
      unit: 'XPP',
      net_amount: '288.79',
      tax_rate: '7',
    });
    // The lines' net amounts add up to the stated net total (BT-106).
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    const sum = doc.lines.reduce((s: bigint, l: { net_amount: string }) => s + cents(l.net_amount), 0n);
    const { body: data } = await server.json(`/api/v1/received-documents/${created.id}/data`, {
      key: account.apiKey,
    });
    expect(data.data.line_items).toHaveLength(2);
    expect(sum).toBe(cents('314.86'));
    // The input tax per rate with its base, as the file's BG-23 states it (the Vorsteuer to book).
    // The seller's notes (BT-22), the #ADU# subject left out: the terms and conditions it refers to.
    expect(doc.invoice_note).toStartWith('Es gelten unsere Allgem. Geschäftsbedingungen');
    expect(doc.note).toBeNull();
    expect(doc.tax_breakdown).toEqual([
      { category: 'S', rate: '7', taxable_amount: '314.86', tax_amount: '22.04' },
    ]);
  });

  test('an upload names its file by Content-Disposition: decoded, only its last path segment', async () => {
    const upload = async (disposition: string, body: string) => {
      const res = await server.request('/api/v1/received-documents', {
        method: 'POST',
        key: account.apiKey,
        headers: { 'content-type': 'application/xml', 'content-disposition': disposition },
        body,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as any).data;
    };
    const xml = ubl.toString('utf8');
    const named = await upload(
      `attachment; filename*=UTF-8''Rechnung%20M%C3%BCller.xml`,
      xml.replace('<cbc:Note>', '<cbc:Note>1 '),
    );
    expect(named).toMatchObject({ source: 'upload', file_name: 'Rechnung Müller.xml' });
    const pathy = await upload(
      'attachment; filename="../../etc/re.xml"',
      xml.replace('<cbc:Note>', '<cbc:Note>2 '),
    );
    expect(pathy.file_name).toBe('re.xml');
  });

  test('a file from INBOX_DIR shows source folder and its file name', async () => {
    writeFileSync(join(inbox, 'RE-2024-001.xml'), cii);
    let doc: any;
    for (let waited = 0; waited < 20_000 && !doc; waited += 100) {
      await Bun.sleep(100);
      const list = await server.json('/api/v1/received-documents', { key: account.apiKey });
      doc = list.body.data.find((d: { syntax: string }) => d.syntax === 'cii');
    }
    expect(doc).toMatchObject({ source: 'folder', file_name: 'RE-2024-001.xml', email: null });
    expect(doc.lines.length).toBeGreaterThan(0);
    expect(doc.payment.bank_account?.iban).toEqual(expect.any(String));
  });

  test('the list filters by source', async () => {
    const only = async (source: string) =>
      (await server.json(`/api/v1/received-documents?source=${source}`, { key: account.apiKey })).body;
    expect((await only('folder')).data.map((d: { file_name: string }) => d.file_name)).toEqual([
      'RE-2024-001.xml',
    ]);
    expect((await only('upload')).data).toHaveLength(3);
    expect((await only('email')).data).toEqual([]);
    const bad = await server.json('/api/v1/received-documents?source=fax', { key: account.apiKey });
    expect(bad.status).toBe(422);
  });
});

describe('the PDF of a received document', () => {
  test('prints no date of supply the file does not state: 01.01a states none, its line the year 2016', async () => {
    const other = await makeAccount(server, { name: 'Leistungsdatum GmbH' });
    const res = await server.request('/api/v1/received-documents', {
      method: 'POST',
      key: other.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: ubl.toString('utf8'),
    });
    expect(res.status).toBe(201);
    const { data: doc } = (await res.json()) as any;
    const data = (await server.json(`/api/v1/received-documents/${doc.id}/data`, { key: other.apiKey })).body
      .data;
    expect(data.delivery_date).toBeUndefined();
    expect(data.invoice_period).toBeUndefined();
    expect(data.line_items[0].period).toEqual({ start_date: '2016-01-01', end_date: '2016-12-31' });
    const pdf = await server.request(`/api/v1/received-documents/${doc.id}/pdf?lang=de`, {
      key: other.apiKey,
    });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    if (process.env.SCREENSHOT_DIR) writeFileSync(join(process.env.SCREENSHOT_DIR, '01.01a-de.pdf'), bytes);
    const { text } = await inspectPdf(bytes);
    expect(text).toContain('04.04.2016'); // the issue date, as such
    expect(text).toContain('01.01.2016'); // the line's period, on its line
    expect(text).not.toContain('Leistungsdatum');
  });

  test('nor when no line states a period either: the issue date is not the date of supply of a file', async () => {
    const other = await makeAccount(server, { name: 'Ohne Leistungsdatum GmbH' });
    // 01.01a without its line's period: a German seller stating no date of supply at all.
    const bare = ubl.toString('utf8').replace(/<cac:InvoicePeriod>[\s\S]*?<\/cac:InvoicePeriod>/g, '');
    expect(bare).not.toContain('InvoicePeriod');
    const res = await server.request('/api/v1/received-documents', {
      method: 'POST',
      key: other.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: bare,
    });
    expect(res.status).toBe(201);
    const { data: doc } = (await res.json()) as any;
    const pdf = await server.request(`/api/v1/received-documents/${doc.id}/pdf?lang=de`, {
      key: other.apiKey,
    });
    expect(pdf.status).toBe(200);
    const { text } = await inspectPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('04.04.2016');
    expect(text).not.toContain('Leistungsdatum');
  });
});
