// EN 16931 settlement terms beyond a plain transfer: prepaid and rounding amounts (BT-113/114) that the
// amount due follows, written into UBL and CII, drawn on the PDF, and passed by the official rules.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { baseData, creditNoteExtras, einvoiceClient, isCii, PROFILES } from '../en16931-http';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let client: ReturnType<typeof einvoiceClient>;

beforeAll(async () => {
  server = await startServer();
  account = makeAccount(server);
  client = einvoiceClient(server, account);
});
afterAll(() => server.stop());

describe('prepaid amount (BT-113) and rounding amount (BT-114)', () => {
  const data = () => ({ ...baseData(), prepaid_amount: '500.00', rounding_amount: '0.02' });

  test('the totals carry them and the amount due follows: total - prepaid + rounding', async () => {
    const plain = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: client.apiKey,
      body: { data: baseData() },
    });
    expect(plain.status).toBe(200);
    const calc = plain.body.data.calculation;
    // Without them the totals keep the SPEC's five members: the total is due.
    expect(Object.keys(calc).sort()).toEqual([
      'discount_total',
      'shipping_total',
      'subtotal',
      'tax_total',
      'total',
    ]);

    const res = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: client.apiKey,
      body: { data: data() },
    });
    expect(res.status).toBe(200);
    const totals = res.body.data.calculation;
    expect(totals.total).toEqual(calc.total);
    expect(totals.prepaid_amount).toEqual({ amount: '500.00', currency: 'EUR' });
    expect(totals.rounding_amount).toEqual({ amount: '0.02', currency: 'EUR' });
    const due = (BigInt(calc.total.amount.replace('.', '')) - 50000n + 2n).toString();
    expect(totals.amount_due.amount.replace('.', '')).toBe(due);
  });

  test('more decimals than the currency has, or no decimal, is a 422 at the field', async () => {
    for (const [field, value] of [
      ['prepaid_amount', '10.005'],
      ['rounding_amount', 'ten'],
    ] as const) {
      const res = await server.json('/api/v1/documents/calculate', {
        method: 'POST',
        key: client.apiKey,
        body: { data: { ...baseData(), [field]: value } },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0].loc).toBe(`body.data.${field}`);
    }
  });

  test.each(PROFILES)(
    '%s: written as the standard says and valid (invoice and credit note)',
    async (profile) => {
      for (const documentType of ['invoice', 'credit_note']) {
        const doc = documentType === 'invoice' ? data() : { ...data(), ...creditNoteExtras };
        const xml = await client.xmlOf(profile, documentType, doc);
        if (isCii(profile)) {
          expect(xml).toMatch(/<ram:RoundingAmount>0\.02<\/ram:RoundingAmount>\s*<ram:GrandTotalAmount>/);
          expect(xml).toContain('<ram:TotalPrepaidAmount>500.00</ram:TotalPrepaidAmount>');
        } else {
          expect(xml).toContain('<cbc:PrepaidAmount currencyID="EUR">500.00</cbc:PrepaidAmount>');
          expect(xml).toContain(
            '<cbc:PayableRoundingAmount currencyID="EUR">0.02</cbc:PayableRoundingAmount>',
          );
        }
        expect({ documentType, fatal: await client.fatalFindings(profile, documentType, doc) }).toEqual({
          documentType,
          fatal: [],
        });
      }
    },
  );

  test('the PDF shows the total, the prepaid and rounding lines and the amount due', async () => {
    const text = await client.pdfText({ data: data() });
    expect(text).toContain('Paid in advance');
    expect(text).toContain('Rounding');
    expect(text).toMatch(/Amount due/);
  });

  test('a stored draft keeps them, and a PATCH with null clears them', async () => {
    const parties = await makeParties(server, account);
    const doc = await makeDocument(server, account, parties, { prepaid_amount: '100.00' });
    expect(doc.totals.prepaid_amount).toEqual({ amount: '100.00', currency: 'EUR' });
    expect(doc.totals.amount_due.amount).toBe('137.88'); // 199.90 * 1.19 = 237.88, less 100
    const cleared = await server.json(`/api/v1/documents/${doc.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { prepaid_amount: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.totals.prepaid_amount).toBeUndefined();
    expect(cleared.body.data.totals.amount_due).toBeUndefined();
  });
});
