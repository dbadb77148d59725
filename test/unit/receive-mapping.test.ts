// The decimals and prices of a received e-invoice as the document data keeps them.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dec } from '../../src/domain/money';
import { parseEInvoice } from '../../src/einvoicing/receive';
import { keepRefused, statedTaxAmounts } from '../../src/einvoicing/receive/document-passes';
import { impliedPrice, perUnitPrice } from '../../src/einvoicing/receive/line-price';
import { decimalOf } from '../../src/einvoicing/receive/normalize';
import { accountingCurrencyOf, lineDiscountOf, signedQuantity } from '../../src/einvoicing/receive/shared';
import type { ReceiveWarning } from '../../src/einvoicing/receive/types';
import { profileOf } from '../../src/modules/receiving/use-cases/parse-received';
import { sharedPath } from '../shared-material';

describe('decimals as written in files', () => {
  test.each([
    ['100.', '100'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['+12.30', '12.30'],
    ['30.00000000000', '30'],
    ['1.12345678900', '1.123456789'],
    ['19.00', '19.00'],
    // Zeros in front: a padded field (a refusal as "more than 15 digits" before).
    ['0000000000000007', '7'],
    ['-007.50', '-7.50'],
    ['00.5', '0.5'],
    ['000', '0'],
  ])('%s -> %s', (written, kept) => expect(decimalOf(written)).toBe(kept));
});

describe('prices', () => {
  test('a price per base quantity becomes a price per unit; a rounded one is said so', () => {
    const warnings: ReceiveWarning[] = [];
    expect(perUnitPrice('125.00', '100', 'line 1', warnings)).toBe('1.25');
    expect(warnings).toEqual([]);
    expect(perUnitPrice('10', '3', 'line 2', warnings)).toBe('3.3333333333');
    expect(warnings.map((w) => w.term)).toEqual(['BT-149']);
  });

  test('a return written as a positive quantity with a negative line amount gets a negative quantity', () => {
    expect(signedQuantity('6', '18.33', '-109.98')).toBe('-6');
    expect(signedQuantity('6', '18.33', '109.98')).toBe('6');
    expect(signedQuantity('-2', '5', '-10')).toBe('-2');
  });

  test('quantity x price that is not the stated line amount: the price the amount implies, said so', () => {
    const warnings: ReceiveWarning[] = [];
    const line = { quantity: '2', price: '800.00', amount: '800.00', allowances: [], charges: [] };
    expect(impliedPrice(line, 'line 1', warnings)).toBe('400');
    expect(warnings[0]?.term).toBe('BT-146');
    const withAllowance = { quantity: '2', price: '50', amount: '90', allowances: ['10'], charges: [] };
    expect(impliedPrice(withAllowance, 'line 2', warnings)).toBe('50');
    expect(warnings).toHaveLength(1);
  });

  test('a cent off is enough: the price that rounds to the stated amount is kept (XRechnung 03.05a)', () => {
    const warnings: ReceiveWarning[] = [];
    const line = { quantity: '2100', price: '3.2916', amount: '6912.37', allowances: [], charges: [] };
    expect(impliedPrice(line, 'line 2', warnings)).toBe('3.2916047619');
    expect(warnings.map((w) => w.term)).toEqual(['BT-146']);
    const yen = {
      quantity: '3',
      price: '333.4',
      amount: '1000',
      allowances: [],
      charges: [],
      minorUnits: 0 as const,
    };
    expect(impliedPrice(yen, 'line 1', warnings)).toBe('333.4');
  });
});

describe('what the data refuses, kept where it can be held', () => {
  const data = {
    currency: 'EUR',
    issue_date: '2013-08-25',
    due_date: '2013-05-10',
    supporting_documents: [
      { id: 'A1', url: 'www.techspec.no' },
      { id: 'A2', url: 'https://x.example/a' },
    ],
    line_items: [{ name: 'x', quantity: '1', unit_price: '10' }],
  };

  test('a due date before the issue date goes into the payment terms; a link without scheme into the description', () => {
    const warnings: ReceiveWarning[] = [];
    const kept = keepRefused(data, warnings);
    expect(kept.due_date).toBeUndefined();
    expect(kept.payment?.instructions).toBe('Due date: 2013-05-10');
    expect(kept.supporting_documents).toEqual([
      { id: 'A1', description: 'www.techspec.no' },
      { id: 'A2', url: 'https://x.example/a' },
    ]);
    expect(warnings.map((w) => w.term)).toEqual(['BT-9', 'BT-124']);
  });

  test('stated tax amounts stay only where they differ from the computed ones, within one unit', () => {
    const lines = [
      { name: 'x', quantity: '1', unit_price: '3986.34', taxes: [{ rate: '19', category: 'S' }] },
    ];
    const base = { currency: 'EUR', line_items: lines };
    const amounts = (amount: string) =>
      statedTaxAmounts({ ...base, tax_amounts: [{ category: 'S', rate: '19', amount }] }).tax_amounts;
    expect(amounts('757.40')).toBeUndefined();
    expect(amounts('757.41')).toEqual([{ category: 'S', rate: '19', amount: '757.41' }]);
    expect(amounts('760.00')).toBeUndefined();
  });
});

describe('the profile BT-24 names', () => {
  const XR = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
  test.each([
    ['ubl', XR, 'xrechnung_ubl'],
    ['cii', `${XR}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`, 'xrechnung_cii'],
    ['ubl', `${XR}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`, 'xrechnung_ubl'],
    ['cii', 'urn:cen.eu:en16931:2017', 'factur_x_en16931'],
    ['cii', 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', null],
    ['ubl', 'urn:cen.eu:en16931:2017', null],
    ['ubl', 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0x', null],
  ] as const)('%s %s -> %s', (syntax, id, profile) => expect(profileOf(syntax, id)).toBe(profile));
});

describe('the VAT total in an accounting currency (BT-6, BT-111) without an exchange rate', () => {
  test('kept as the rate its two VAT totals imply when that rate gives it back exactly, said so', () => {
    const warnings: ReceiveWarning[] = [];
    const stated = { currency: 'SEK', taxTotal: '9324.00' };
    expect(accountingCurrencyOf(stated, '1225.00', 'TaxTotal', warnings)).toEqual({
      currency: 'SEK',
      exchange_rate: '7.6114285714',
    });
    expect(accountingCurrencyOf({ currency: 'GBP', taxTotal: '10.00' }, '0', 'TaxTotal', warnings)).toBe(
      undefined,
    );
    expect(warnings.map((w) => w.message)).toEqual([
      'The VAT total in SEK (9324.00) states no exchange rate: kept as the rate it implies, 7.6114285714',
      'The VAT total in GBP is not kept (no exchange rate is stated)',
    ]);
  });
});

describe("the XRechnung extension's groups the data has no terms for are named", () => {
  const read = (file: string) =>
    parseEInvoice(
      readFileSync(join(sharedPath('rulesets/examples/xrechnung_ubl'), file), 'utf8'),
    ).warnings.filter((w) => w.term.startsWith('BG-DEX'));

  test('sub-invoice lines (BG-DEX-01); third-party payments (BG-DEX-09) are kept, so not named', () => {
    expect(read('04.01a-INVOICE_ubl.xml').map((w) => w.term)).toEqual(['BG-DEX-01']);
    expect(read('05.01a-INVOICE_ubl.xml')).toEqual([]);
    expect(read('01.01a-INVOICE_ubl.xml')).toEqual([]);
  });
});

describe('a line allowance stated as a percentage (BT-138, BT-137)', () => {
  const allowance = { amount: '95.00', reason: 'Stammkunde', percent: '12.5', base: '760.00' };
  test('of the line amount: kept as a percentage discount', () => {
    expect(lineDiscountOf([allowance], 'line 1', [], dec('760.00'), 2)).toEqual({
      type: 'percentage',
      value: '12.5',
      reason: 'Stammkunde',
    });
  });
  test('of another base, an amount it does not give, or on a credited line: the amount as stated', () => {
    const fixed = { type: 'fixed' as const, value: '95.00', reason: 'Stammkunde' };
    expect(lineDiscountOf([allowance], 'line 1', [], dec('800.00'), 2)).toEqual(fixed);
    expect(lineDiscountOf([{ ...allowance, percent: '12' }], 'line 1', [], dec('760.00'), 2)).toEqual(fixed);
    expect(
      lineDiscountOf([{ ...allowance, amount: '-95.00', base: '-760.00' }], 'l', [], dec('-760.00'), 2),
    ).toEqual({
      ...fixed,
      value: '-95.00',
    });
    expect(
      lineDiscountOf([{ amount: '95.00', reason: 'Stammkunde' }], 'line 1', [], dec('760.00'), 2),
    ).toEqual(fixed);
  });
});
