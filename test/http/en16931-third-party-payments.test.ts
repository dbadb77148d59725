// The XRechnung extension's third-party payments (BG-DEX-09): validated at their fields, outside the total
// and inside the amount due, written into XRechnung UBL invoices under the extension's BT-24 (valid under
// the official rules), refused by every e-invoice that cannot state them, drawn on the PDF, stored.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { XRECHNUNG_EXTENSION } from '../../src/einvoicing/profiles';
import type { DocumentData } from '../../src/modules/documents/model';
import { makeDocument, makeParties } from '../document-factories';
import { baseData, einvoiceClient } from '../en16931-http';
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

const PAYMENTS = [
  { type: 'MobilesBezahlen', amount: '19.96', description: 'Mobiles Bezahlen (Anbieter A)' },
  { type: 'MobilesBezahlen', amount: '10.00', description: 'Mobiles Bezahlen (Anbieter B)' },
];
const data = (): DocumentData => ({
  ...baseData(),
  customization_id: XRECHNUNG_EXTENSION,
  third_party_payments: structuredClone(PAYMENTS),
});

const calculate = (body: unknown) =>
  server.json('/api/v1/documents/calculate', { method: 'POST', key: account.apiKey, body });

const cents = (amount: string) => BigInt(amount.replace('.', ''));

describe('third-party payments (XRechnung BG-DEX-09)', () => {
  test('outside the total, inside the amount due: total - prepaid + rounding + their sum', async () => {
    const plain = (await calculate({ data: baseData() })).body.data.calculation;
    const res = await calculate({ data: { ...data(), prepaid_amount: '100.00' } });
    expect(res.status).toBe(200);
    const totals = res.body.data.calculation;
    expect(totals.total).toEqual(plain.total);
    expect(totals.tax_total).toEqual(plain.tax_total);
    expect(totals.third_party_payment_total).toEqual({ amount: '29.96', currency: 'EUR' });
    expect(cents(totals.amount_due.amount)).toBe(cents(plain.total.amount) - 10000n + 2996n);
  });

  test('bad amounts and blank terms are a 422 naming each field', async () => {
    const cases: [unknown, string][] = [
      [{ ...PAYMENTS[0], amount: 'zehn' }, 'body.data.third_party_payments.0.amount'],
      [{ ...PAYMENTS[0], amount: '19.965' }, 'body.data.third_party_payments.0.amount'],
      [{ ...PAYMENTS[0], amount: '-19.96' }, 'body.data.third_party_payments.0.amount'],
      [{ ...PAYMENTS[0], description: '  ' }, 'body.data.third_party_payments.0.description'],
      [{ amount: '1.00', description: 'x' }, 'body.data.third_party_payments.0.type'],
      [{ ...PAYMENTS[0], payee: 'A' }, 'body.data.third_party_payments.0'],
    ];
    for (const [payment, loc] of cases) {
      const res = await calculate({ data: { ...baseData(), third_party_payments: [payment] } });
      expect({ payment, status: res.status }).toEqual({ payment, status: 422 });
      const fields = res.body.error.details.fields as { loc: string }[];
      expect({ payment, locs: fields.map((f) => f.loc) }).toMatchObject({
        payment,
        locs: expect.arrayContaining([expect.stringMatching(new RegExp(`^${loc.replaceAll('.', '\\.')}`))]),
      });
    }
  });

  test('xrechnung_ubl under the extension: written as cac:PrepaidPayment and valid under the official rules', async () => {
    const xml = await client.xmlOf('xrechnung_ubl', 'invoice', data());
    expect(xml.match(/<cac:PrepaidPayment>/g)?.length).toBe(2);
    expect(xml).toContain('<cbc:PaidAmount currencyID="EUR">19.96</cbc:PaidAmount>');
    const due = (await calculate({ data: data() })).body.data.calculation.amount_due.amount;
    expect(xml).toContain(`<cbc:PayableAmount currencyID="EUR">${due}</cbc:PayableAmount>`);
    expect(await client.fatalFindings('xrechnung_ubl', 'invoice', data())).toEqual([]);
  });

  test('an e-invoice that cannot state them is refused at the field, and the compliance check says so', async () => {
    const plainXRechnung = { ...data(), customization_id: undefined };
    for (const [profile, doc] of [
      ['xrechnung_cii', data()],
      ['xrechnung_ubl', plainXRechnung],
      ['peppol_bis_billing_3', plainXRechnung],
      ['factur_x_en16931', plainXRechnung],
    ] as const) {
      const res = await server.json('/api/v1/documents/xml', {
        method: 'POST',
        key: account.apiKey,
        body: { profile, document_type: 'invoice', data: doc },
      });
      expect({ profile, status: res.status }).toEqual({ profile, status: 422 });
      expect(res.body.error.details.fields).toEqual([
        expect.objectContaining({ loc: 'body.data.third_party_payments', type: 'BG-DEX-09' }),
      ]);
      const check = await client.check(profile, 'invoice', doc);
      expect(check.valid).toBe(false);
      expect(check.violations).toContainEqual(
        expect.objectContaining({ rule: 'BG-DEX-09', path: 'data.third_party_payments', severity: 'fatal' }),
      );
    }
  });

  test('the PDF lists each payment before the amount due', async () => {
    // Long labels wrap in the totals column.
    const text = (await client.pdfText({ data: data() })).replace(/\s+/g, ' ');
    expect(text).toContain('For third parties: Mobiles Bezahlen (Anbieter A)');
    expect(text).toContain('For third parties: Mobiles Bezahlen (Anbieter B)');
    expect(text.indexOf('(Anbieter B)')).toBeLessThan(text.lastIndexOf('Amount due'));
  });

  test('a stored draft keeps them, and a PATCH with null clears them', async () => {
    const parties = await makeParties(server, account);
    const doc = await makeDocument(server, account, parties, { third_party_payments: PAYMENTS });
    expect(doc.totals.third_party_payment_total).toEqual({ amount: '29.96', currency: 'EUR' });
    expect(doc.totals.amount_due.amount).toBe('267.84'); // 237.88 + 29.96
    expect(doc.data.third_party_payments).toEqual(PAYMENTS);
    const cleared = await server.json(`/api/v1/documents/${doc.id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { third_party_payments: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.totals.third_party_payment_total).toBeUndefined();
    expect(cleared.body.data.totals.amount_due).toBeUndefined();
  });
});
