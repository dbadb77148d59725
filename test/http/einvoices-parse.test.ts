// Receiving e-invoices (issue 18, first slice): POST /einvoices/parse reads UBL, CII and hybrid PDFs into
// the document data with the totals they state and the official rules' verdict; hostile input is a 4xx.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { pdfPagesText, savePdf } from '../rendering-fixtures';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = makeAccount(server);
});
afterAll(() => server.stop());

const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const xmlExamples = readdirSync(EXAMPLES)
  .filter((dir) => dir !== 'facturx-pdf')
  .flatMap((dir) =>
    readdirSync(join(EXAMPLES, dir))
      .filter((f) => /\.xml$/i.test(f))
      .map((f) => `${dir}/${f}`),
  );

async function parse(body: string | Uint8Array, contentType: string) {
  const res = await fetch(`${server.url}/api/v1/einvoices/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A decimal as written in the file, compared by value ("100.0" = "100.00"). */
const same = (a: string, b: string) => Number(a) === Number(b);

describe('reading every official example', () => {
  test.each(xmlExamples)('%s: parsed with the facts it states', async (example) => {
    const xml = readFileSync(join(EXAMPLES, example), 'utf8');
    const res = await parse(xml, 'application/xml');
    expect(res.status).toBe(200);
    const parsed = res.body.data;
    const number = /<(?:cbc:ID|ram:ID)>([^<]+)</.exec(
      xml.slice(xml.search(/<(?:cbc:ID|rsm:ExchangedDocument)>/)),
    )?.[1];
    expect(parsed.data.invoice_number).toBe(number?.trim());
    const total = /<(?:cbc:TaxInclusiveAmount[^>]*|ram:GrandTotalAmount[^>]*)>([^<]+)</.exec(xml)?.[1] ?? '';
    expect(same(parsed.totals.total, total)).toBe(true);
    expect(parsed.data.line_items.length).toBeGreaterThan(0);
    expect(['ubl', 'cii']).toContain(parsed.syntax);
    if (parsed.profile !== null) expect(parsed.compliance.profile).toBe(parsed.profile);
  });
});

// Examples whose content the model carries whole: written back in their own profile they pass the
// official rules and state the same total and amount due (docs/receiving.md lists what is not carried yet).
const ROUND_TRIP = [
  'xrechnung_ubl/01.01a-INVOICE_ubl.xml',
  'xrechnung_ubl/02.03a-INVOICE_ubl.xml',
  'xrechnung_cii/01.01a-INVOICE_uncefact.xml',
  'xrechnung_cii/02.02a-INVOICE_uncefact.xml',
  'peppol_bis_billing_3/base-example.xml',
  'peppol_bis_billing_3/vat-category-Z.xml',
  'peppol_bis_billing_3/base-creditnote-correction.xml',
  'factur_x_en16931/EN16931_Einfach.factur-x.xml',
];

describe('round trip', () => {
  test.each(ROUND_TRIP)('%s: written back in its profile, valid, same BT-112 and BT-115', async (example) => {
    const parsed = (await parse(readFileSync(join(EXAMPLES, example), 'utf8'), 'application/xml')).body.data;
    expect(parsed.profile).not.toBeNull();
    const body = { profile: parsed.profile, document_type: parsed.document_type, data: parsed.data };
    const check = await server.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body,
    });
    expect(check.status).toBe(200);
    expect(check.body.data.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual(
      [],
    );
    const calc = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { document_type: parsed.document_type, data: parsed.data },
    });
    expect(calc.status).toBe(200);
    const totals = calc.body.data.calculation;
    expect(same(totals.total.amount, parsed.totals.total)).toBe(true);
    expect(same((totals.amount_due ?? totals.total).amount, parsed.totals.amount_due)).toBe(true);
  });
});

describe('hybrid PDFs and the other ways in', () => {
  test.each(readdirSync(join(EXAMPLES, 'facturx-pdf')))('%s: the embedded CII is read', async (pdf) => {
    const bytes = new Uint8Array(readFileSync(join(EXAMPLES, 'facturx-pdf', pdf)));
    const res = await parse(bytes, 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.body.data.syntax).toBe('cii');
    const json = await parse(
      JSON.stringify({ pdf_base64: Buffer.from(bytes).toString('base64') }),
      'application/json',
    );
    expect(json.body.data.totals).toEqual(res.body.data.totals);
  });

  test('JSON {xml} reads the same as the XML body', async () => {
    const xml = readFileSync(join(EXAMPLES, ROUND_TRIP[0] as string), 'utf8');
    const a = await parse(xml, 'text/xml');
    const b = await parse(JSON.stringify({ xml }), 'application/json');
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
  });
});

describe('hostile or wrong input is a 4xx in the envelope, fast', () => {
  const cases: [string, string | Uint8Array, string, number][] = [
    ['not XML', 'hello', 'application/xml', 422],
    [
      'XML that is no invoice',
      '<?xml version="1.0"?><Order xmlns="urn:x"><ID>1</ID></Order>',
      'application/xml',
      422,
    ],
    [
      'a truncated invoice',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID',
      'application/xml',
      422,
    ],
    [
      'a DOCTYPE with entities',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Invoice>&a;</Invoice>',
      'application/xml',
      422,
    ],
    ['a PDF without an invoice', new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')), 'application/pdf', 422],
    ['another content type', 'x', 'image/png', 415],
    ['an empty body', '', 'application/xml', 400],
  ];
  test.each(cases)('%s', async (_name, body, type, status) => {
    const started = performance.now();
    const res = await parse(body, type);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBeDefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('nesting deeper than 64 elements is refused before parsing', async () => {
    const deep = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Invoice>`;
    expect((await parse(deep, 'application/xml')).status).toBe(422);
  });
});

test('a price that is no number is a 422 naming the problem, never a 500', async () => {
  // A price per base quantity must be divided: 'zwölf' per 2 units cannot be.
  const xml = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8').replace(
    /<cbc:PriceAmount([^>]*)>[^<]+<\/cbc:PriceAmount>/,
    '<cbc:PriceAmount$1>zwölf</cbc:PriceAmount><cbc:BaseQuantity unitCode="XPP">2</cbc:BaseQuantity>',
  );
  const res = await parse(xml, 'application/xml');
  expect(res.status).toBe(422);
  expect(res.body.error.details.fields[0].msg).toContain('zwölf');
});

describe('visualize', () => {
  test('a readable PDF of the received invoice with the verdict as its footer; it counts as a render', async () => {
    const xml = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
    const before = (await server.json('/api/v1/usage', { key: account.apiKey })).body.data;
    const res = await fetch(`${server.url}/api/v1/einvoices/visualize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: xml,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // NFKC: the font's fi ligature reads back as one glyph.
    const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer())))
      .join('\n')
      .normalize('NFKC');
    expect(text).toContain('123456XX');
    expect(text).toContain('Zeitschrift');
    expect(text).toMatch(
      /Received e-invoice, profile xrechnung_ubl: valid under XML Schema[\s\S]*XRechnung 3\.0/,
    );
    const after = (await server.json('/api/v1/usage', { key: account.apiKey })).body.data;
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
  });

  test('an invalid invoice says so in its footer', async () => {
    const xml = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8').replace(
      /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/,
      '',
    );
    const res = await fetch(`${server.url}/api/v1/einvoices/visualize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: xml,
    });
    expect(res.status).toBe(200);
    const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer()))).join(' ');
    expect(text).toMatch(/NOT valid under/);
  });
});
