// EN 16931 BT-8, the value added tax point date code: when VAT becomes due named as a moment (the invoice
// date, the delivery, the payment: "TVA sur les encaissements") instead of a date (BT-7). Written where each
// syntax puts it (UBL InvoicePeriod/DescriptionCode in UNTDID 2005, CII DueDateTypeCode in UNTDID 2475),
// valid under the official rules in every profile, read back from ours and from files of others, never
// beside a BT-7 date (BR-CO-03), stored on documents and printed on the PDF.
// ENGINE-INDEPENDENT TEST: what this file checks is the e-invoice's XML and the official rules' verdict;
// its documents are stored as every other's, which the PostgreSQL lane proves elsewhere (test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { DocumentData } from '../../src/modules/documents/model';
import { baseData, einvoiceClient, isCii, PROFILES } from '../en16931-http';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

let server: TestServer;
let account: TestAccount;
let client: ReturnType<typeof einvoiceClient>;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  client = einvoiceClient(server, account);
});
afterAll(() => server.stop());

const CII_CODE = { '3': '5', '35': '29', '432': '72' } as const;

function withCode(code: '3' | '35' | '432', period = false): DocumentData {
  const data = baseData();
  delete data.tax_point_date;
  data.tax_point_date_code = code;
  if (period) data.invoice_period = { start_date: '2026-03-01', end_date: '2026-03-31' };
  else delete data.invoice_period;
  return data;
}

describe('written, valid and read back in every profile', () => {
  for (const profile of PROFILES) {
    test.each([
      ['432', false],
      ['35', true],
      ['3', false],
    ] as const)(`${profile}: code %s (with an invoicing period: %s)`, async (code, period) => {
      const data = withCode(code, period);
      const xml = await client.xmlOf(profile, 'invoice', data);
      if (isCii(profile)) {
        expect(xml).toContain(`<ram:DueDateTypeCode>${CII_CODE[code]}</ram:DueDateTypeCode>`);
        expect(xml).not.toContain('TaxPointDate');
      } else {
        const dates = period
          ? '<cbc:StartDate>2026-03-01</cbc:StartDate>\\s*<cbc:EndDate>2026-03-31</cbc:EndDate>\\s*'
          : '';
        expect(xml).toMatch(
          new RegExp(
            `<cac:InvoicePeriod>\\s*${dates}<cbc:DescriptionCode>${code}</cbc:DescriptionCode>\\s*</cac:InvoicePeriod>`,
          ),
        );
        expect(xml).not.toContain('<cbc:TaxPointDate>');
      }
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
      const read = await client.parse(xml);
      expect(read.data.tax_point_date_code).toBe(code);
      expect(read.data.tax_point_date).toBeUndefined();
      expect(read.data.invoice_period).toEqual(
        period ? { start_date: '2026-03-01', end_date: '2026-03-31' } : undefined,
      );
      expect(read.warnings.filter((w) => w.term === 'BT-8')).toEqual([]);
    });
  }

  test('a credit note states it too (UBL CreditNote)', async () => {
    const xml = await client.xmlOf('xrechnung_ubl', 'credit_note', withCode('432'));
    expect(xml).toContain('<CreditNote');
    expect((await client.parse(xml)).data.tax_point_date_code).toBe('432');
  });
});

describe('the data', () => {
  test('a date and a code at once is a field error (BR-CO-03); an unknown code is one too', async () => {
    const write = (data: DocumentData) =>
      server.json('/api/v1/documents/xml', {
        method: 'POST',
        key: account.apiKey,
        body: { profile: 'xrechnung_ubl', document_type: 'invoice', data },
      });
    const both = await write({ ...withCode('432'), tax_point_date: '2026-03-15' });
    expect(both.status).toBe(422);
    expect(both.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(
      'body.data.tax_point_date_code',
    );
    const unknown = await write({ ...withCode('3'), tax_point_date_code: '72' } as unknown as DocumentData);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.error.details.fields)).toContain('tax_point_date_code');
  });

  test('stored on a draft and answered; beside a date a field error; cleared with null', async () => {
    const customer = await makeCustomer(server, account, { name: 'Kunde GmbH' });
    const profile = await makeBusinessProfile(server, account);
    const created = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: {
        document_type: 'invoice',
        business_profile_id: profile.id,
        customer_id: customer.id,
        currency: 'EUR',
        number: 'RE-2026-0042',
        issue_date: '2026-03-31',
        tax_point_date_code: '432',
        line_items: [{ name: 'Beratung', quantity: '1', unit_price: '100.00' }],
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data.data.tax_point_date_code).toBe('432');
    const patch = (body: Record<string, unknown>) =>
      server.json(`/api/v1/documents/${id}`, { method: 'PATCH', key: account.apiKey, body });
    expect((await patch({ tax_point_date: '2026-03-31' })).status).toBe(422);
    const cleared = await patch({ tax_point_date_code: null, tax_point_date: '2026-03-31' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.data.tax_point_date_code).toBeUndefined();
    expect(cleared.body.data.data.tax_point_date).toBe('2026-03-31');
  });
});

describe('received files of others', () => {
  const corpus = (path: string) => readFileSync(sharedPath(`receiving-corpus/samples/${path}`), 'utf8');

  test('CII: DueDateTypeCode 72 of a French Factur-X file is the date of payment', async () => {
    const read = await client.parse(corpus('akretion/tests/fixtures/xml/factur-x-en16931.xml'));
    expect(read.data.tax_point_date_code).toBe('432');
  });

  test('UBL: the DescriptionCode of a Peppol Italy file, the delivery date', async () => {
    const italy = await client.parse(
      corpus(
        'phive/peppol-italy/3.2.1/invoice/02_FT_B2B_Data_fattura_non_coincide_con_data_operazione__IVA_standard.xml',
      ),
    );
    expect(italy.data.tax_point_date_code).toBe('35');
  });

  test('a code beside a BT-7 date, or none of the standard codes, is named instead of kept', async () => {
    const xml = await client.xmlOf('xrechnung_cii', 'invoice', withCode('432'));
    const unknown = await client.parse(
      xml.replaceAll('<ram:DueDateTypeCode>72<', '<ram:DueDateTypeCode>99<'),
    );
    expect(unknown.data.tax_point_date_code).toBeUndefined();
    expect(unknown.warnings.find((w) => w.term === 'BT-8')?.message).toContain('none of the standard');
    const dated = await client.parse(
      xml.replace(
        '<ram:DueDateTypeCode>72</ram:DueDateTypeCode>',
        '<ram:TaxPointDate><udt:DateString format="102">20260315</udt:DateString></ram:TaxPointDate><ram:DueDateTypeCode>72</ram:DueDateTypeCode>',
      ),
    );
    expect(dated.data.tax_point_date).toBe('2026-03-15');
    expect(dated.data.tax_point_date_code).toBeUndefined();
    expect(dated.warnings.find((w) => w.term === 'BT-8')?.message).toContain('tax point date (BT-7) too');
  });
});

test('the PDF names the moment VAT becomes due, in the document language', async () => {
  for (const [locale, expected] of [
    ['de-DE', 'Steuerdatum Zahlungseingang'],
    ['fr-FR', "Date d'exigibilité de la TVA Date d'encaissement"],
    ['en-GB', 'Tax point Date of payment'],
  ] as const) {
    const text = await client.pdfText({ data: { ...withCode('432'), locale } });
    expect(text.replace(/\s+/g, ' ')).toContain(expected);
  }
});
