// EN 16931 BT-3 beyond the commercial invoice: a partial invoice (326, "Teilrechnung") and the construction
// trades' partial, partial final and final invoices (875 "Abschlagsrechnung", 876 "Teilschlussrechnung", 877
// "Schlussrechnung"), as German public contracting (VOB) asks them in XRechnung (BR-DE-17). Written as the
// invoice's type code in every profile and valid under the official rules, read back from the file, titled
// on the PDF in the document's language; a final invoice deducts what the partial ones were paid
// (prepaid_amount, BT-113). A credit note takes none of them; Peppol takes 326 only between two German
// parties (PEPPOL-EN16931-P0112).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/modules/documents/model';
import { baseData, einvoiceClient, isCii, PROFILES } from '../en16931-http';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let client: ReturnType<typeof einvoiceClient>;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  client = einvoiceClient(server, account);
});
afterAll(() => server.stop());

const CODES = ['326', '875', '876', '877'] as const;

const withCode = (code: string, more: Partial<DocumentData> = {}): DocumentData =>
  ({ ...baseData(), type_code: code, ...more }) as DocumentData;

describe('partial and construction invoices', () => {
  for (const profile of PROFILES) {
    test(`${profile}: 326, 875, 876 and 877 are written as BT-3, valid, and read back`, async () => {
      for (const code of CODES) {
        const xml = await client.xmlOf(profile, 'invoice', withCode(code));
        expect(xml, code).toContain(
          isCii(profile) ? `<ram:TypeCode>${code}</ram:TypeCode>` : `<cbc:InvoiceTypeCode>${code}<`,
        );
        expect(await client.fatalFindings(profile, 'invoice', withCode(code)), `${profile} ${code}`).toEqual(
          [],
        );
        const read = await client.parse(xml);
        expect(read.data.type_code, code).toBe(code);
      }
    });
  }

  test('a final construction invoice deducts what the partial invoices were paid, and names the last one', async () => {
    const data = withCode('877', {
      prepaid_amount: '100.00',
      preceding_invoice: { number: 'AR-2026-0003', issue_date: '2026-03-31' },
      notes: 'Abzüglich der Abschlagsrechnungen AR-2026-0001 bis AR-2026-0003.',
    });
    const calc = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    expect(calc.status).toBe(200);
    const { total, amount_due } = calc.body.data.calculation;
    expect(Number(total.amount) - Number(amount_due.amount)).toBeCloseTo(100, 6);
    for (const profile of PROFILES) {
      expect(await client.fatalFindings(profile, 'invoice', data), profile).toEqual([]);
    }
    const xml = await client.xmlOf('xrechnung_ubl', 'invoice', data);
    expect(xml).toContain('<cbc:PrepaidAmount currencyID="EUR">100.00</cbc:PrepaidAmount>');
    expect(xml).toContain('<cbc:ID>AR-2026-0003</cbc:ID>');
  });

  test('the PDF deducts the VAT in what was paid in advance and says the VAT left to pay (§ 14 Abs. 5 UStG), at one VAT rate', async () => {
    const oneRate = (more: Partial<DocumentData>): DocumentData => {
      const data = withCode('877', { locale: 'de-DE', ...more });
      data.line_items = data.line_items.map((l) => ({
        ...l,
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      }));
      for (const key of ['discounts', 'shipping', 'charges'] as const) delete data[key];
      return data;
    };
    const data = oneRate({ prepaid_amount: '1190.00' });
    const calc = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { data },
    });
    const { tax_total } = calc.body.data.calculation;
    // 1,190.00 gross at 19 % holds 190.00 VAT; what is left to pay holds the rest.
    const german = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const left = german.format(Number(tax_total.amount) - 190);
    const text = (await client.pdfText({ data })).replace(/\s+/g, ' ');
    // pdftotext reads the totals' labels and values as two columns: each label and each figure once.
    expect(text).toContain('Bereits gezahlt -1.190,00 €');
    expect(text.match(/enthaltene USt\. 19 %/g)).toHaveLength(2);
    expect(text).toContain(' -190,00 €');
    expect(text).toContain(` ${left} €`);
    // Paid in full (at the checkout): the VAT in it is the document's, and nothing left has none to say.
    const paid = oneRate({ prepaid_amount: calc.body.data.calculation.total.amount });
    const inFull = (await client.pdfText({ data: paid })).replace(/\s+/g, ' ');
    expect(inFull.match(/enthaltene USt\. 19 %/g)).toHaveLength(1);
    expect(inFull).toContain(` -${german.format(Number(tax_total.amount))} €`);
    // Two VAT rates: how the prepayments split is not in the data, so no VAT is said of them.
    const twoRates = oneRate({ prepaid_amount: '1190.00' });
    twoRates.line_items = twoRates.line_items.map((l, i) =>
      i === 0 ? { ...l, taxes: [{ name: 'VAT', rate: '7', category: 'S' }] } : l,
    );
    const mixed = (await client.pdfText({ data: twoRates })).replace(/\s+/g, ' ');
    expect(mixed).toContain('Bereits gezahlt -1.190,00 €');
    expect(mixed).not.toContain('enthaltene');
  });

  test('the PDF is titled by the kind, in the document language', async () => {
    const expected: Record<string, Record<string, string>> = {
      'de-DE': {
        '326': 'Teilrechnung',
        '875': 'Abschlagsrechnung',
        '876': 'Teilschlussrechnung',
        '877': 'Schlussrechnung',
      },
      'en-GB': {
        '326': 'Partial invoice',
        '875': 'Partial construction invoice',
        '876': 'Partial final construction invoice',
        '877': 'Final construction invoice',
      },
    };
    for (const [locale, titles] of Object.entries(expected)) {
      for (const [code, title] of Object.entries(titles)) {
        const text = (await client.pdfText({ data: withCode(code, { locale }) })).replace(/\s+/g, ' ');
        expect(text, `${locale} ${code}`).toContain(title);
      }
    }
  });

  test('a credit note takes none of them: a field error at type_code', async () => {
    for (const code of CODES) {
      const res = await server.json('/api/v1/documents/calculate', {
        method: 'POST',
        key: account.apiKey,
        body: { document_type: 'credit_note', data: withCode(code) },
      });
      expect(res.status, code).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe('body.data.type_code');
    }
  });

  test('Peppol takes a partial invoice (326) only between two German parties; 875-877 anywhere', async () => {
    const abroad = (code: string) => {
      const data = withCode(code);
      if (data.buyer?.address) data.buyer.address.country = 'AT';
      return data;
    };
    const findings = await client.fatalFindings('peppol_bis_billing_3', 'invoice', abroad('326'));
    expect(findings.some((f) => f.startsWith('PEPPOL-EN16931-P0112'))).toBe(true);
    expect(
      (await client.fatalFindings('peppol_bis_billing_3', 'invoice', abroad('875'))).filter((f) =>
        f.includes('P0112'),
      ),
    ).toEqual([]);
  });
});
