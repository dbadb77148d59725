// The party details a received e-invoice often carries and a German reader expects to see: the seller's
// additional legal information (BT-33: register court, directors), a contact person (BT-41 / BT-56) and a
// third address line (BT-162 / BT-163 / BT-165), and the payment means in words (BT-82). Written where EN 16931 puts them in UBL and CII, valid
// under the official rules, read back the same, and printed on the PDF.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { DocumentData } from '../../src/modules/documents/model';
import { CASES } from '../einvoicing-fixtures';
import { einvoiceClient } from '../en16931-http';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { pdfPagesText, savePdf } from '../rendering-fixtures';
import { sharedPath } from '../shared-material';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const PROFILES = ['factur_x_en16931', 'peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii'] as const;
const base = CASES[0]?.input.data as DocumentData;
const LEGAL = 'Sitz Berlin, Amtsgericht Charlottenburg HRB 12345 B, Geschäftsführer: Erika Muster';

function withDetails(): DocumentData {
  const data = structuredClone(base);
  if (!data.seller?.address || !data.buyer?.address) throw new Error('the fixture names both addresses');
  data.seller.legal_info = LEGAL;
  data.seller.contact_name = 'Buchhaltung, Frau Weber';
  data.seller.address.line3 = 'Aufgang C';
  data.buyer.contact_name = 'Klaus Koffer';
  data.buyer.address.line3 = 'Hinterhaus, 3. OG';
  data.payment = { ...data.payment, means_text: 'Überweisung' };
  return data;
}

const parse = (xml: string) => einvoiceClient(server, account).parse(xml);

describe('written, valid and read back in every profile', () => {
  test.each(PROFILES)('%s', async (profile) => {
    const data = withDetails();
    const res = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile, document_type: 'invoice', data },
    });
    expect(res.status).toBe(200);
    const xml = await res.text();
    if (profile === 'factur_x_en16931' || profile === 'xrechnung_cii') {
      expect(xml).toContain(`<ram:Description>${LEGAL}</ram:Description>`);
      expect(xml).toContain('<ram:LineThree>Hinterhaus, 3. OG</ram:LineThree>');
      expect(xml).toContain('<ram:PersonName>Klaus Koffer</ram:PersonName>');
      expect(xml).toMatch(/<ram:TypeCode>58<\/ram:TypeCode>\s*<ram:Information>Überweisung</);
    } else {
      expect(xml).toContain(`<cbc:CompanyLegalForm>${LEGAL}</cbc:CompanyLegalForm>`);
      expect(xml).toMatch(/<cac:AddressLine>\s*<cbc:Line>Hinterhaus, 3. OG<\/cbc:Line>/);
      expect(xml).toMatch(/<cac:Contact>\s*<cbc:Name>Klaus Koffer<\/cbc:Name>/);
      expect(xml).toContain('<cbc:PaymentMeansCode name="Überweisung">58</cbc:PaymentMeansCode>');
    }
    // BT-33 exists for the seller only: a buyer's is never written.
    expect(xml.split(LEGAL)).toHaveLength(2);

    const check = await server.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body: { profile, document_type: 'invoice', data },
    });
    expect(check.status).toBe(200);
    expect(check.body.data.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual(
      [],
    );
    expect(check.body.data.valid).toBe(true);

    const read = await parse(xml);
    expect(read.data.seller?.legal_info).toBe(LEGAL);
    expect(read.data.seller?.contact_name).toBe('Buchhaltung, Frau Weber');
    expect(read.data.seller?.address?.line3).toBe('Aufgang C');
    expect(read.data.buyer?.contact_name).toBe('Klaus Koffer');
    expect(read.data.buyer?.address?.line3).toBe('Hinterhaus, 3. OG');
    expect(read.data.buyer?.legal_info).toBeUndefined();
    expect(read.data.payment?.means_text).toBe('Überweisung');
  });

  test('without a contact person the party itself is the contact point, and reads back as none', async () => {
    const data = structuredClone(base);
    const res = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'xrechnung_ubl', document_type: 'invoice', data },
    });
    const read = await parse(await res.text());
    expect(read.data.seller?.contact_name).toBeUndefined();
    expect(read.data.buyer?.contact_name).toBeUndefined();
  });
});

describe('received files of others', () => {
  const corpus = (path: string) => readFileSync(sharedPath(`receiving-corpus/samples/${path}`), 'utf8');

  test('UBL: BT-33, the buyer contact person and address line 3 of the CEN test file', async () => {
    const read = await parse(corpus('cen-tc434/test/testfiles/CreditNote-Max_content.xml'));
    expect(read.data.seller?.legal_info).toBeTruthy();
    expect(read.data.buyer?.address?.line3).toBe('Building 4 (rad3)');
    expect(read.data.buyer?.contact_name).toBeTruthy();
  });

  test('CII: BT-33 and the address lines 3 of a Factur-X EN 16931 file', async () => {
    const read = await parse(corpus('akretion/tests/fixtures/xml/factur-x-en16931.xml'));
    expect(read.data.seller?.legal_info).toBe('SARL AU CAPITAL DE 50 000 EUROS');
    expect(read.data.seller?.address?.line3).toBe('Seller line 3');
    expect(read.data.buyer?.address?.line3).toBe('Buyer line 3');
    expect(read.data.payment?.means_text).toBe('Virement');
  });
});

test('the PDF prints the legal information, the contact person and the third address line', async () => {
  const res = await server.request('/api/v1/documents/render', {
    method: 'POST',
    key: account.apiKey,
    body: { data: { ...withDetails(), locale: 'de-DE' }, output: { delivery: 'binary' } },
  });
  expect(res.status).toBe(200);
  const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer())))
    .join('\n')
    .replace(/\s+/g, ' ');
  expect(text).toContain('z. Hd. Klaus Koffer');
  expect(text).toContain('Ansprechpartner: Buchhaltung, Frau Weber');
  expect(text).toContain('Hinterhaus, 3. OG');
  expect(text).toContain('Aufgang C');
  expect(text).toContain('Amtsgericht Charlottenburg');
});

describe("a line's own identifier (BT-126)", () => {
  async function written(profile: string, ids: (string | undefined)[]) {
    const data = structuredClone(base);
    const template = data.line_items[0];
    if (!template) throw new Error('the fixture has a line');
    data.line_items = ids.map((line_id, i) => ({ ...structuredClone(template), name: `Line ${i}`, line_id }));
    const res = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile, document_type: 'invoice', data },
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  test.each(['xrechnung_ubl', 'xrechnung_cii'])('%s: written as given, read back, valid', async (profile) => {
    const xml = await written(profile, ['10', '20', undefined]);
    const ids = [...xml.matchAll(/<(?:cac:InvoiceLine>\s*<cbc:ID|ram:LineID)>([^<]+)</g)].map((m) => m[1]);
    expect(ids).toEqual(['10', '20', '3']);
    const read = await parse(xml);
    expect(read.data.line_items.map((l) => l.line_id)).toEqual(['10', '20', undefined]);
    const check = await server.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body: { profile, document_type: 'invoice', data: read.data },
    });
    expect(check.body.data.valid).toBe(true);
  });

  test('written as given, a repeated one too (a received file stating 1, 1, 2, 2 is written back so)', async () => {
    const xml = await written('xrechnung_cii', [undefined, '1', '2', '2']);
    expect([...xml.matchAll(/<ram:LineID>([^<]+)</g)].map((m) => m[1])).toEqual(['1', '1', '2', '2']);
    const read = await parse(xml);
    expect(read.data.line_items.map((l) => l.line_id)).toEqual([undefined, '1', '2', '2']);
  });
});
