// BT-94 and BT-93 of a received document allowance: "10 % of 1,500.00" is read as a percentage discount
// where the data computes the same from it (the base is the amount of the lines of the allowance's VAT
// rate, and the totals come out the same to the cent), and written back as such; otherwise the stated
// amount stands and a warning quotes the percentage (src/einvoicing/receive/document-passes.ts); a line's
// allowance likewise (BT-138 of BT-137, src/einvoicing/receive/shared.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { einvoiceClient } from '../en16931-http';
import { makeAccount, type TestAccount } from '../factories';
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

const example = (path: string) => readFileSync(sharedPath(`rulesets/examples/${path}`), 'utf8');
/** The official UBL example 5: a 10 % "Loyal customer" allowance of 1,500.00 DKK, the 25 % lines' amount. */
const UBL5 = example('en16931_ubl/ubl-tc434-example5.xml');
const CII5 = example('factur_x_en16931/CII_example5.xml');

/** The document-level allowances of a written UBL (not the lines' own). */
function documentAllowances(xml: string): string[] {
  const head = xml.replace(/<cac:(Invoice|CreditNote)Line>[\s\S]*?<\/cac:\1Line>/g, '');
  return [...head.matchAll(/<cac:AllowanceCharge>([\s\S]*?)<\/cac:AllowanceCharge>/g)]
    .map((m) => m[1] ?? '')
    .filter((ac) => ac.includes('<cbc:ChargeIndicator>false'));
}

describe('a received allowance stated as a percentage', () => {
  test('UBL and CII: kept as a percentage of the lines of its VAT rate, the stated totals the same', async () => {
    for (const xml of [UBL5, CII5]) {
      const read = await client.parse(xml);
      const [discount] = read.data.discounts ?? [];
      expect(discount).toMatchObject({
        type: 'percentage',
        value: '10',
        reason: 'Loyal customer',
        taxes: [{ category: 'S', rate: '25' }],
      });
      const totals = await server.json('/api/v1/documents/calculate', {
        method: 'POST',
        key: account.apiKey,
        body: { data: read.data },
      });
      expect(totals.status).toBe(200);
      const calculation = totals.body.data.calculation;
      expect(calculation.discount_total.amount).toBe('150.00');
      expect(calculation.tax_total.amount).toBe('675.00');
      expect(calculation.amount_due.amount).toBe('2337.50');
    }
  });

  test('written back, the allowance states its percentage and base again (BT-94, BT-93)', async () => {
    const read = await client.parse(UBL5);
    const xml = await client.xmlOf('peppol_bis_billing_3', 'invoice', read.data);
    const [allowance] = documentAllowances(xml);
    expect(allowance).toContain('<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>');
    expect(allowance).toContain('<cbc:Amount currencyID="DKK">150.00</cbc:Amount>');
    expect(allowance).toContain('<cbc:BaseAmount currencyID="DKK">1500.00</cbc:BaseAmount>');
  });

  test('the stated amount stands where the percentage would not give it: another base, another cent', async () => {
    const otherBase = UBL5.replace(
      '<cbc:BaseAmount currencyID="DKK">1500.00</cbc:BaseAmount>',
      '<cbc:BaseAmount currencyID="DKK">1400.00</cbc:BaseAmount>',
    );
    const otherCent = UBL5.replace(
      '<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>\n' +
        '        <cbc:Amount currencyID="DKK">150.00</cbc:Amount>',
      '<cbc:MultiplierFactorNumeric>10.001</cbc:MultiplierFactorNumeric>\n' +
        '        <cbc:Amount currencyID="DKK">150.00</cbc:Amount>',
    );
    expect(otherBase).not.toBe(UBL5);
    for (const [xml, stated] of [
      [otherBase, '10 % of 1400.00'],
      [otherCent, '10.001 % of 1500.00'],
    ] as const) {
      const read = await client.parse(xml);
      const [discount] = read.data.discounts ?? [];
      expect(discount).toMatchObject({ type: 'fixed', value: '150.00', reason: 'Loyal customer' });
      // Said, not dropped silently.
      const warning = read.warnings.find((w: { term: string }) => w.term === 'BT-94');
      expect(warning).toMatchObject({ path: 'discounts.0' });
      expect(warning?.message).toContain(`Stated as ${stated}: kept as its amount, 150.00`);
    }
  });

  test("a line's allowance stated as a percentage of anything but the line's own amount: its amount, said so (BT-138)", async () => {
    const ownLine = await client.parse(UBL5);
    expect(ownLine.data.line_items[0]?.discount).toMatchObject({ type: 'percentage', value: '10' });
    expect(ownLine.warnings.filter((w: { term: string }) => w.term === 'BT-138')).toEqual([]);
    const otherBase = UBL5.replace(
      '<cbc:BaseAmount currencyID="DKK">1000.00</cbc:BaseAmount>',
      '<cbc:BaseAmount currencyID="DKK">900.00</cbc:BaseAmount>',
    );
    expect(otherBase).not.toBe(UBL5);
    const read = await client.parse(otherBase);
    expect(read.data.line_items[0]?.discount).toMatchObject({ type: 'fixed', value: '100.00' });
    const warning = read.warnings.find((w: { term: string }) => w.term === 'BT-138');
    expect(warning?.message).toContain('Stated as 10 % of 900.00: kept as its amount, 100.00');
  });
});
