// EN 16931 BG-29, the price details beyond the net price: BT-149 and BT-150, the item price base quantity (a
// price for 100 pieces, 1,000 sheets or 365 days, as wholesale and utilities state it), and BT-148 and
// BT-147, the gross price and its price discount (a list price less a discount per unit). The line amount is
// quantity x price / base (docs/calculation.md, rule 2); the price is written as entered with its base in
// the line's unit (UBL Price/BaseQuantity, CII NetPriceProductTradePrice/BasisQuantity), a gross price as
// UBL Price/AllowanceCharge and CII GrossPriceProductTradePrice; valid under the official rules in every
// profile, read back from ours and from files of others, and printed beside the price.
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

type Line = DocumentData['line_items'][number];

/** The base invoice with its first line priced per 100 pieces: 250 x 12.37 / 100 = 30.925 -> 30.93. */
function perHundred(more: Partial<Line> = {}): DocumentData {
  const data = baseData();
  const [first, ...rest] = data.line_items;
  data.line_items = [
    {
      ...(first as Line),
      quantity: '250',
      unit_price: '12.37',
      unit_code: 'H87',
      price_base_quantity: '100',
      ...more,
    },
    ...rest,
  ];
  return data;
}

/** The first line alone: no discounts, charges or shipping, so the subtotal is its amount. */
function lineAlone(more: Partial<Line> = {}): DocumentData {
  const data = perHundred({ discount: undefined, charges: undefined, ...more });
  data.line_items = data.line_items.slice(0, 1);
  delete data.discounts;
  delete data.shipping;
  delete data.charges;
  return data;
}

const calculate = (data: DocumentData) =>
  server.json('/api/v1/documents/calculate', { method: 'POST', key: account.apiKey, body: { data } });

describe('the line amount', () => {
  test('quantity x price / base, rounded once (30.925 -> 30.93); without a base the price is per unit', async () => {
    const res = await calculate(lineAlone());
    expect(res.status).toBe(200);
    expect(res.body.data.calculation.subtotal.amount).toBe('30.93');
    const perUnit = await calculate(lineAlone({ price_base_quantity: undefined }));
    expect(perUnit.body.data.calculation.subtotal.amount).toBe('3092.50');
  });

  test('a base that does not divide: 90 days of a yearly fee 1,585 per 365 days', async () => {
    const res = await calculate(
      lineAlone({ quantity: '90', unit_price: '1585', unit_code: 'DAY', price_base_quantity: '365' }),
    );
    // 90 x 1585 / 365 = 390.8219...
    expect(res.body.data.calculation.subtotal.amount).toBe('390.82');
  });

  test('a base of zero, below zero or no number is a field error at the line', async () => {
    for (const base of ['0', '-100', 'hundert']) {
      const res = await calculate(perHundred({ price_base_quantity: base }));
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(
        'body.data.line_items.0.price_base_quantity',
      );
    }
  });
});

describe('written, valid and read back in every profile', () => {
  for (const profile of PROFILES) {
    test(`${profile}: the price per 100 pieces as entered, its base in the line's unit`, async () => {
      const data = perHundred();
      const xml = await client.xmlOf(profile, 'invoice', data);
      if (isCii(profile)) {
        expect(xml).toMatch(
          /<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>12.37<\/ram:ChargeAmount>\s*<ram:BasisQuantity unitCode="H87">100<\/ram:BasisQuantity>/,
        );
      } else {
        expect(xml).toMatch(
          /<cac:Price>\s*<cbc:PriceAmount currencyID="EUR">12.37<\/cbc:PriceAmount>\s*<cbc:BaseQuantity unitCode="H87">100<\/cbc:BaseQuantity>/,
        );
      }
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
      const read = await client.parse(xml);
      expect(read.data.line_items[0]).toMatchObject({
        quantity: '250',
        unit_price: '12.37',
        price_base_quantity: '100',
        unit_code: 'H87',
      });
      expect(read.warnings.filter((w) => /BT-14[69]|BT-150/.test(w.term))).toEqual([]);
    });
  }

  test('a price that includes VAT is written net, per its base, and stays valid', async () => {
    const data = lineAlone({
      unit_price: '14.72',
      taxes: [{ name: 'VAT', rate: '19', inclusive: true, category: 'S' }],
    });
    for (const profile of ['xrechnung_ubl', 'xrechnung_cii'] as const) {
      const xml = await client.xmlOf(profile, 'invoice', data);
      expect(xml).toMatch(/(BaseQuantity|BasisQuantity) unitCode="H87">100</);
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
    }
  });

  test('a credit note states it too (UBL CreditNote)', async () => {
    const data = { ...perHundred(), reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } };
    const xml = await client.xmlOf('xrechnung_ubl', 'credit_note', data as DocumentData);
    expect(xml).toContain('<CreditNote');
    expect(xml).toContain('<cbc:BaseQuantity unitCode="H87">100</cbc:BaseQuantity>');
    expect(await client.fatalFindings('xrechnung_ubl', 'credit_note', data as DocumentData)).toEqual([]);
  });

  test('a base of 1 is a price per unit: no base written', async () => {
    const xml = await client.xmlOf(
      'peppol_bis_billing_3',
      'invoice',
      perHundred({ price_base_quantity: '1' }),
    );
    expect(xml).not.toContain('BaseQuantity');
  });
});

describe('stored documents and the PDF', () => {
  test('stored on a draft, the totals by its base', async () => {
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
        issue_date: '2026-03-31',
        number: 'RE-2026-0100',
        line_items: [
          {
            name: 'Schrauben M6',
            quantity: '2500',
            unit_price: '4.90',
            unit_code: 'H87',
            price_base_quantity: '1000',
            taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
          },
        ],
      },
    });
    expect({ status: created.status, error: created.body.error }).toEqual({ status: 200, error: undefined });
    expect(created.body.data.data.line_items[0].price_base_quantity).toBe('1000');
    expect(created.body.data.totals.subtotal.amount).toBe('12.25');
  });

  test('printed beside the price, in the unit of the line, in German and English', async () => {
    const screws = lineAlone({ quantity: '2500', unit_price: '4.90', price_base_quantity: '1000' });
    const german = await client.pdfText({ data: { ...screws, locale: 'de-DE' } });
    expect(german).toMatch(/4,90\s*€\s*\/\s*1\.000\s*Stk\./);
    expect(german).toContain('12,25');
    const english = await client.pdfText({ data: { ...screws, locale: 'en-GB' } });
    expect(english).toMatch(/€4\.90\s*\/\s*1,000\s*pcs/);
    const perUnit = await client.pdfText({
      data: {
        ...screws,
        locale: 'en-GB',
        line_items: [{ ...screws.line_items[0], price_base_quantity: '1' } as Line],
      },
    });
    expect(perUnit).not.toMatch(/\/\s*1\s*pcs/);
  });

  test('a delivery note carries quantities only: no base quantity', async () => {
    const customer = await makeCustomer(server, account, { name: 'Kunde GmbH' });
    const profile = await makeBusinessProfile(server, account);
    const res = await server.json('/api/v1/documents', {
      method: 'POST',
      key: account.apiKey,
      body: {
        document_type: 'delivery_note',
        business_profile_id: profile.id,
        customer_id: customer.id,
        currency: 'EUR',
        issue_date: '2026-03-31',
        number: 'LS-2026-0100',
        line_items: [{ name: 'Schrauben M6', quantity: '2500', price_base_quantity: '1000' }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual([
      expect.objectContaining({ loc: 'body.line_items.0.price_base_quantity' }),
    ]);
  });
});

describe('received files of others', () => {
  const corpus = (path: string) => readFileSync(sharedPath(`receiving-corpus/samples/${path}`), 'utf8');

  test('CII: fuel priced per 100 litres keeps its base and its stated totals', async () => {
    const read = await client.parse(corpus('horstoeko/tests/assets/issues/xml_issue_268.xml'));
    expect(read.data.line_items[0]).toMatchObject({
      quantity: '41.64',
      unit_code: 'LTR',
      unit_price: '168.11',
      price_base_quantity: '100',
    });
    expect(read.warnings.filter((w) => /BT-14[69]|BT-150/.test(w.term))).toEqual([]);
  });

  test('UBL: a yearly fee per 365 days, read as stated', async () => {
    const read = await client.parse(corpus('cen-tc434/test/testfiles/BIS_Billing_30-Elnat.xml'));
    expect(read.data.line_items[0]).toMatchObject({
      quantity: '90',
      unit_code: 'DAY',
      unit_price: '1585',
      price_base_quantity: '365',
    });
  });

  test('a base in another unit than the quantity becomes a price per unit, named (BT-150)', async () => {
    const xml = await client.xmlOf('peppol_bis_billing_3', 'invoice', perHundred());
    const kilos = xml.replace('<cbc:BaseQuantity unitCode="H87">', '<cbc:BaseQuantity unitCode="KGM">');
    const read = await client.parse(kilos);
    expect(read.data.line_items[0]?.price_base_quantity).toBeUndefined();
    expect(read.data.line_items[0]?.unit_price).toBe('0.1237');
    expect(read.warnings.find((w) => w.term === 'BT-150')?.message).toContain('per 100 KGM');
  });

  test('a base of zero or below (PEPPOL-EN16931-R121) is read as a price per unit, named; never a 5xx', async () => {
    for (const profile of ['peppol_bis_billing_3', 'xrechnung_cii'] as const) {
      const xml = await client.xmlOf(profile, 'invoice', lineAlone());
      for (const base of ['0', '-100']) {
        const read = await client.parse(
          xml.replace(/(Base|Basis)Quantity unitCode="H87">100</, `$1Quantity unitCode="H87">${base}<`),
        );
        expect(read.data.line_items[0]?.price_base_quantity).toBeUndefined();
        // The stated amount (30.93) is kept: its price per unit is what the amount implies.
        expect(read.data.line_items[0]?.unit_price).toBe('0.12372');
        expect(read.warnings.find((w) => w.term === 'BT-149')?.message).toContain(
          `${base} is not above zero`,
        );
      }
    }
  });

  test('a base whose amount is not the stated line amount becomes the price the amount implies', async () => {
    const xml = await client.xmlOf('peppol_bis_billing_3', 'invoice', perHundred());
    const wrong = xml.replace(
      '<cbc:BaseQuantity unitCode="H87">100<',
      '<cbc:BaseQuantity unitCode="H87">10<',
    );
    const read = await client.parse(wrong);
    expect(read.data.line_items[0]?.price_base_quantity).toBeUndefined();
    expect(read.warnings.some((w) => w.term === 'BT-146')).toBe(true);
  });
});

describe('the gross price (BT-148) and its price discount (BT-147)', () => {
  for (const profile of PROFILES) {
    test(`${profile}: gross - discount = net, written, valid and read back`, async () => {
      const data = perHundred({ gross_unit_price: '14.50' });
      const xml = await client.xmlOf(profile, 'invoice', data);
      if (isCii(profile)) {
        expect(xml).toMatch(
          /<ram:GrossPriceProductTradePrice>\s*<ram:ChargeAmount>14.5<\/ram:ChargeAmount>\s*<ram:BasisQuantity unitCode="H87">100<\/ram:BasisQuantity>\s*<ram:AppliedTradeAllowanceCharge>\s*<ram:ChargeIndicator>\s*<udt:Indicator>false<\/udt:Indicator>\s*<\/ram:ChargeIndicator>\s*<ram:ActualAmount>2.13<\/ram:ActualAmount>/,
        );
      } else {
        expect(xml).toMatch(
          /<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>\s*<cbc:Amount currencyID="EUR">2.13<\/cbc:Amount>\s*<cbc:BaseAmount currencyID="EUR">14.5<\/cbc:BaseAmount>\s*<\/cac:AllowanceCharge>\s*<\/cac:Price>/,
        );
      }
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
      const read = await client.parse(xml);
      expect(read.data.line_items[0]).toMatchObject({ unit_price: '12.37', gross_unit_price: '14.5' });
      expect(read.warnings.filter((w) => w.term === 'BT-148')).toEqual([]);
    });
  }

  test('with a price that includes VAT both are written net and still add up exactly (R046)', async () => {
    const data = lineAlone({
      quantity: '3',
      unit_price: '119.00',
      gross_unit_price: '142.80',
      price_base_quantity: undefined,
      taxes: [{ name: 'VAT', rate: '19', inclusive: true, category: 'S' }],
    });
    for (const profile of PROFILES) {
      const xml = await client.xmlOf(profile, 'invoice', data);
      // 119.00 gross of 19 % is 100 net; the 23.80 discount is 20 net.
      expect(xml).toMatch(
        isCii(profile) ? /<ram:ChargeAmount>120<\/ram:ChargeAmount>/ : /BaseAmount currencyID="EUR">120</,
      );
      expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
    }
  });

  test('a gross price below the price, or beside a negative price, is a field error', async () => {
    for (const more of [{ gross_unit_price: '12.00' }, { unit_price: '-12.37', gross_unit_price: '14.50' }]) {
      const res = await calculate(lineAlone(more));
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toContain(
        'body.data.line_items.0.gross_unit_price',
      );
    }
    const same = await calculate(lineAlone({ gross_unit_price: '12.37' }));
    expect(same.status).toBe(200);
  });

  test('printed under the item: the list price and the discount, in German and English', async () => {
    const data = lineAlone({
      quantity: '3',
      unit_price: '90.00',
      gross_unit_price: '100.00',
      price_base_quantity: undefined,
    });
    const german = await client.pdfText({ data: { ...data, locale: 'de-DE' } });
    expect(german).toMatch(/Listenpreis 100,00\s*€, Preisnachlass 10,00\s*€/);
    const english = await client.pdfText({ data: { ...data, locale: 'en-GB' } });
    expect(english).toMatch(/List price €100\.00, price discount €10\.00/);
  });

  test('received: a Peppol PINT line 450 less 40 keeps its gross price; a file whose gross less discount is not its price is named', async () => {
    const corpus = (path: string) => readFileSync(sharedPath(`receiving-corpus/samples/${path}`), 'utf8');
    const pint = await client.parse(corpus('phive/peppol-pint/pint-eu/1.1.1/Allowance-example.xml'));
    expect(pint.data.line_items[0]).toMatchObject({ unit_price: '410', gross_unit_price: '450' });
    expect(pint.warnings.filter((w) => w.term === 'BT-148')).toEqual([]);
    // CIUS-RO example: 1,500 less 225 is 1,275, its net price says 1,273.
    const romania = await client.parse(corpus('phive/cius-ro/1.0.9/ubl_b2g_example0.xml'));
    expect(romania.data.line_items[0]?.gross_unit_price).toBeUndefined();
    expect(romania.warnings.find((w) => w.term === 'BT-148')?.message).toContain('line 1, 3');
  });
});

test('a received document shows each line as stated: its base quantity and its gross price', async () => {
  const file = readFileSync(
    sharedPath('receiving-corpus/samples/phive/peppol-pint/pint-eu/1.1.1/Allowance-example.xml'),
    'utf8',
  );
  const res = await server.request('/api/v1/received-documents', {
    method: 'POST',
    key: account.apiKey,
    headers: { 'content-type': 'application/xml' },
    body: file,
  });
  const answer = (await res.json()) as { data: { id: string } };
  expect({ status: res.status, answer }).toMatchObject({ status: 201 });
  const created = answer.data;
  const { body } = await server.json(`/api/v1/received-documents/${created.id}`, { key: account.apiKey });
  expect(body.data.lines.slice(0, 2)).toMatchObject([
    {
      quantity: '10',
      unit_price: '410',
      price_base_quantity: null,
      gross_unit_price: '450',
      net_amount: '4000.00',
    },
    {
      quantity: '10',
      unit_price: '200',
      price_base_quantity: '2',
      gross_unit_price: null,
      net_amount: '1000.00',
    },
  ]);
});
