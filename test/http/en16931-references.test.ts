// The EN 16931 references a real invoice carries beyond the basics: the preceding invoice (BG-3, also one
// never stored here), order, contract and accounting references, tax point date and invoicing period.
// Written into UBL and CII where the standard puts them, passing the official rules, and drawn on the PDF.
// ENGINE-INDEPENDENT TEST: what this file checks is the e-invoice's XML and the official rules' verdict;
// its documents are stored as every other's, which the PostgreSQL lane proves elsewhere (test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/modules/documents/model';
import { CASES } from '../einvoicing-fixtures';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { pdfPagesText, savePdf } from '../rendering-fixtures';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const PROFILES = ['factur_x_en16931', 'peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii'] as const;
const base = CASES[0]?.input.data as DocumentData;

const withReferences = (over: Partial<DocumentData> = {}): DocumentData => ({
  ...structuredClone(base),
  order_reference: 'PO-4711',
  contract_reference: 'RV-2026-03',
  buyer_accounting_reference: 'KST-880',
  tax_point_date: '2026-10-31',
  invoice_period: { start_date: '2026-10-01', end_date: '2026-10-31' },
  project_reference: 'PRJ-77',
  sales_order_reference: 'SO-5150',
  receiving_advice_reference: 'WE-0042',
  despatch_advice_reference: 'LS-9001',
  tender_reference: 'LOS-3',
  ...over,
});

async function xmlOf(profile: string, documentType: string, data: DocumentData): Promise<string> {
  const res = await server.request('/api/v1/documents/xml', {
    method: 'POST',
    key: account.apiKey,
    body: { profile, document_type: documentType, data },
  });
  expect(res.status).toBe(200);
  return res.text();
}

async function check(profile: string, documentType: string, data: DocumentData) {
  const res = await server.json('/api/v1/documents/validate-compliance', {
    method: 'POST',
    key: account.apiKey,
    body: { profile, document_type: documentType, data },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('a stateless credit note names the invoice it corrects (BG-3)', () => {
  const credit = withReferences({
    invoice_number: 'GS-2026-0009',
    reason: 'Returned goods',
    preceding_invoice: { number: 'RE-2025-0417', issue_date: '2025-12-15' },
  });

  test.each(PROFILES)('%s: BT-25/BT-26 written and the official rules pass', async (profile) => {
    const xml = await xmlOf(profile, 'credit_note', credit);
    if (profile.endsWith('cii') || profile === 'factur_x_en16931') {
      expect(xml).toMatch(
        /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>RE-2025-0417<\/ram:IssuerAssignedID>/,
      );
      expect(xml).toContain('20251215');
    } else {
      expect(xml).toMatch(
        /<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>RE-2025-0417<\/cbc:ID>\s*<cbc:IssueDate>2025-12-15<\/cbc:IssueDate>/,
      );
    }
    const result = await check(profile, 'credit_note', credit);
    expect(result.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.fully_checked).toBe(true);
  });

  test('the PDF of the credit note says which invoice it credits', async () => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { document_type: 'credit_note', data: credit, output: { delivery: 'binary' } },
    });
    expect(res.status).toBe(200);
    const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer()))).join('\n');
    expect(text).toContain('RE-2025-0417');
  });
});

describe('order, contract and accounting references, tax point date, invoicing period', () => {
  test.each(PROFILES)('%s: written where the standard puts them, and valid', async (profile) => {
    const data = withReferences();
    const xml = await xmlOf(profile, 'invoice', data);
    if (profile === 'factur_x_en16931' || profile === 'xrechnung_cii') {
      expect(xml).toMatch(/<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>PO-4711</);
      expect(xml).toMatch(/<ram:ContractReferencedDocument>\s*<ram:IssuerAssignedID>RV-2026-03</);
      expect(xml).toMatch(/<ram:ReceivableSpecifiedTradeAccountingAccount>\s*<ram:ID>KST-880</);
      expect(xml).toMatch(/<ram:TaxPointDate>\s*<udt:DateString format="102">20261031</);
      expect(xml).toMatch(
        /<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20261001</,
      );
    } else {
      expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>PO-4711</);
      expect(xml).toMatch(/<cac:ContractDocumentReference>\s*<cbc:ID>RV-2026-03</);
      expect(xml).toContain('<cbc:AccountingCost>KST-880</cbc:AccountingCost>');
      expect(xml).toContain('<cbc:TaxPointDate>2026-10-31</cbc:TaxPointDate>');
      expect(xml).toMatch(
        /<cac:InvoicePeriod>\s*<cbc:StartDate>2026-10-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-10-31</,
      );
    }
    const result = await check(profile, 'invoice', data);
    expect(result.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('a UBL credit note puts the tax point date where its schema wants it, and is valid', async () => {
    const data = withReferences({ reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } });
    const result = await check('peppol_bis_billing_3', 'credit_note', data);
    expect(result.violations.filter((v: { severity: string }) => v.severity === 'fatal')).toEqual([]);
  });

  test('the PDF shows them in the document details, stored documents keep them', async () => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: withReferences(), output: { delivery: 'binary' } },
    });
    const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer()))).join('\n');
    expect(text).toContain('PO-4711');
    expect(text).toContain('RV-2026-03');
    for (const id of ['PRJ-77', 'SO-5150', 'WE-0042', 'LS-9001', 'LOS-3', 'KST-880'])
      expect(text).toContain(id);
    expect(text).toContain('2026');
    const bad = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: withReferences({ invoice_period: { start_date: '1. Oktober' } }) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('body.data.invoice_period.start_date');
  });
});

describe('project, sales order, receiving and despatch advice, tender references', () => {
  test.each(PROFILES)(
    '%s: an invoice and a credit note carry them and pass the official rules',
    async (profile) => {
      for (const documentType of ['invoice', 'credit_note']) {
        const data = withReferences(
          documentType === 'credit_note'
            ? { reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } }
            : {},
        );
        const xml = await xmlOf(profile, documentType, data);
        for (const id of ['PRJ-77', 'SO-5150', 'WE-0042', 'LS-9001', 'LOS-3']) expect(xml).toContain(id);
        const result = await check(profile, documentType, data);
        expect({
          documentType,
          fatal: result.violations.filter((v: { severity: string }) => v.severity === 'fatal'),
        }).toEqual({
          documentType,
          fatal: [],
        });
      }
    },
  );
});

describe('line terms: note, buyer and standard item ids, origin, order line and accounting references', () => {
  const lineTerms = {
    note: 'Lieferung in zwei Teilen',
    buyer_item_id: 'B-778',
    standard_item_id: { id: '4000862141404', scheme_id: '0160' },
    origin_country: 'DE',
    order_line_reference: '3',
    accounting_reference: 'KST-12',
  };
  test.each(PROFILES)('%s: written and valid for an invoice and a credit note', async (profile) => {
    for (const documentType of ['invoice', 'credit_note']) {
      const data = withReferences(
        documentType === 'credit_note'
          ? { reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } }
          : {},
      );
      data.line_items = data.line_items.map((l) => ({ ...l, ...lineTerms }));
      const xml = await xmlOf(profile, documentType, data);
      for (const value of ['Lieferung in zwei Teilen', 'B-778', '4000862141404', 'KST-12'])
        expect(xml).toContain(value);
      expect(xml).toContain('schemeID="0160"');
      const result = await check(profile, documentType, data);
      expect({
        documentType,
        fatal: result.violations.filter((v: { severity: string }) => v.severity === 'fatal'),
      }).toEqual({
        documentType,
        fatal: [],
      });
    }
  });

  test('an origin country that is not a country code is a 422 at the line', async () => {
    const data = withReferences();
    data.line_items = data.line_items.map((l) => ({ ...l, origin_country: 'Germany' }));
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toMatch(/^body\.data\.line_items\.0\.origin_country$/);
  });
});

describe('line period (BG-26), object identifier (BT-128), classification (BT-158), attributes (BG-32)', () => {
  const lineTerms = {
    period: { start_date: '2026-10-01', end_date: '2026-10-31' },
    object_identifier: { id: 'ZÄHLER-4711', scheme_id: 'AFL' },
    classifications: [
      { id: '72000000', scheme_id: 'STI', scheme_version: '2008' },
      { id: '85234910', scheme_id: 'HS' },
    ],
    attributes: [
      { name: 'Farbe', value: 'Blau' },
      { name: 'Größe', value: 'XL' },
    ],
  };
  const withLineTerms = (documentType: string) => {
    const data = withReferences(
      documentType === 'credit_note'
        ? { reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } }
        : {},
    );
    data.line_items = data.line_items.map((l) => ({ ...l, ...lineTerms }));
    return data;
  };

  test.each(PROFILES)('%s: written and valid for an invoice and a credit note', async (profile) => {
    for (const documentType of ['invoice', 'credit_note']) {
      const data = withLineTerms(documentType);
      const xml = await xmlOf(profile, documentType, data);
      if (profile === 'factur_x_en16931' || profile === 'xrechnung_cii') {
        expect(xml).toMatch(
          /<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20261001<\/udt:DateTimeString>\s*<\/ram:StartDateTime>\s*<ram:EndDateTime>/,
        );
        expect(xml).toContain('<ram:ClassCode listID="STI" listVersionID="2008">72000000</ram:ClassCode>');
        expect(xml).toMatch(
          /<ram:ApplicableProductCharacteristic>\s*<ram:Description>Farbe<\/ram:Description>\s*<ram:Value>Blau</,
        );
        expect(xml).toMatch(
          /<ram:IssuerAssignedID>ZÄHLER-4711<\/ram:IssuerAssignedID>\s*<ram:TypeCode>130<\/ram:TypeCode>\s*<ram:ReferenceTypeCode>AFL</,
        );
      } else {
        expect(xml).toMatch(/<cac:InvoicePeriod>\s*<cbc:StartDate>2026-10-01<\/cbc:StartDate>/);
        expect(xml).toContain(
          '<cbc:ItemClassificationCode listID="STI" listVersionID="2008">72000000</cbc:ItemClassificationCode>',
        );
        expect(xml).toMatch(/<cac:AdditionalItemProperty>\s*<cbc:Name>Farbe<\/cbc:Name>\s*<cbc:Value>Blau</);
        expect(xml).toMatch(
          /<cac:DocumentReference>\s*<cbc:ID schemeID="AFL">ZÄHLER-4711<\/cbc:ID>\s*<cbc:DocumentTypeCode>130</,
        );
      }
      const result = await check(profile, documentType, data);
      expect({
        documentType,
        fatal: result.violations.filter((v: { severity: string }) => v.severity === 'fatal'),
      }).toEqual({ documentType, fatal: [] });
    }
  });

  test('the PDF prints the period and the attributes under the item', async () => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: withLineTerms('invoice'), output: { delivery: 'binary' } },
    });
    expect(res.status).toBe(200);
    const text = pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer()))).join('\n');
    expect(text).toContain('Farbe: Blau');
    expect(text).toContain('Größe: XL');
    expect(text).toMatch(/Period: Oct 1, 2026 – Oct 31, 2026/);
  });

  test('a line period that ends before it starts, or a classification without its scheme, is a 422', async () => {
    const data = withLineTerms('invoice');
    data.line_items = data.line_items.map((l, i) =>
      i === 1 ? { ...l, period: { start_date: '2026-10-31', end_date: '2026-10-01' } } : l,
    );
    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].loc).toBe('body.data.line_items.1.period.end_date');
    const noScheme = withLineTerms('invoice');
    // @ts-expect-error: the request a client without the scheme would send
    noScheme.line_items = noScheme.line_items.map((l) => ({ ...l, classifications: [{ id: '72000000' }] }));
    const bad = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data: noScheme },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('body.data.line_items.0.classifications.0.scheme_id');
  });
});

describe('party identifiers (BT-29, BT-46), delivery location (BT-71), invoiced object (BT-18), account name (BT-85)', () => {
  const identified = (documentType: string): DocumentData => {
    const data = withReferences(
      documentType === 'credit_note'
        ? { reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } }
        : {},
    );
    return {
      ...data,
      seller: {
        ...data.seller,
        name: data.seller?.name ?? '',
        identifier: { id: '4000001123452', scheme_id: '0088' },
      },
      buyer: { ...data.buyer, name: data.buyer?.name ?? '', identifier: { id: 'KD-10442' } },
      ship_to: {
        name: 'Lager Nord',
        location_id: { id: '4000001987658', scheme_id: '0088' },
        address: { line1: 'Hafenweg 2', city: 'Hamburg', postal_code: '20457', country: 'DE' },
      },
      invoiced_object: { id: 'DE0001234567890', scheme_id: 'AFL' },
      payment: {
        ...data.payment,
        bank_account: {
          ...(data.payment?.bank_account ?? data.seller?.bank_account),
          account_name: 'Lindqvist Design GmbH',
        },
      },
    };
  };

  test.each(PROFILES)('%s: written where the standard puts them, and valid', async (profile) => {
    for (const documentType of ['invoice', 'credit_note']) {
      const data = identified(documentType);
      const xml = await xmlOf(profile, documentType, data);
      if (profile === 'factur_x_en16931' || profile === 'xrechnung_cii') {
        expect(xml).toMatch(/<ram:SellerTradeParty>\s*<ram:GlobalID schemeID="0088">4000001123452</);
        expect(xml).toMatch(/<ram:BuyerTradeParty>\s*<ram:ID>KD-10442</);
        expect(xml).toMatch(/<ram:ShipToTradeParty>\s*<ram:GlobalID schemeID="0088">4000001987658</);
        expect(xml).toMatch(
          /<ram:IssuerAssignedID>DE0001234567890<\/ram:IssuerAssignedID>\s*<ram:TypeCode>130<\/ram:TypeCode>\s*<ram:ReferenceTypeCode>AFL/,
        );
        expect(xml).toContain('<ram:AccountName>Lindqvist Design GmbH</ram:AccountName>');
      } else {
        expect(xml).toMatch(
          /<cac:AccountingSupplierParty>\s*<cac:Party>[\s\S]*?<cac:PartyIdentification>\s*<cbc:ID schemeID="0088">4000001123452</,
        );
        expect(xml).toMatch(/<cac:DeliveryLocation>\s*<cbc:ID schemeID="0088">4000001987658</);
        expect(xml).toMatch(/<cbc:ID schemeID="AFL">DE0001234567890<\/cbc:ID>\s*<cbc:DocumentTypeCode>130</);
        expect(xml).toContain('<cbc:Name>Lindqvist Design GmbH</cbc:Name>');
      }
      const result = await check(profile, documentType, data);
      expect({
        documentType,
        fatal: result.violations.filter((v: { severity: string }) => v.severity === 'fatal'),
      }).toEqual({ documentType, fatal: [] });
    }
  });
});
