// The XRechnung extension's third-party payments (BG-DEX-09): outside the total, inside the amount due
// (BR-DEX-09); written only into XRechnung UBL invoices under the extension's BT-24; read back from UBL;
// drawn in the totals before the amount due.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeTotals, type TotalsInput, type TotalsResult } from '../../src/domain/money';
import { XRECHNUNG_EXTENSION } from '../../src/einvoicing/profiles';
import { parseEInvoice } from '../../src/einvoicing/receive';
import { EInvoiceError, toSemantic } from '../../src/einvoicing/semantic/index';
import { serialize } from '../../src/einvoicing/semantic/serialize';
import { documentTotals } from '../../src/modules/documents/checks';
import type { DocumentData } from '../../src/modules/documents/model';
import { presentTotals } from '../../src/modules/documents/present';
import { buildInvoiceView } from '../../src/rendering/view/index';
import { BUYER_DE, S19, SELLER_DE } from '../einvoicing-fixtures';
import { sharedPath } from '../shared-material';

const S19_TAX = { rate: '19', category: 'S', name: 'VAT' };

function totals(input: TotalsInput): TotalsResult {
  const outcome = computeTotals(input);
  if (!outcome.ok) throw new Error(`unexpected problems: ${JSON.stringify(outcome.problems)}`);
  return outcome.totals;
}

function problems(input: TotalsInput) {
  const outcome = computeTotals(input);
  if (outcome.ok) throw new Error('expected problems');
  return outcome.problems.map(({ loc, type }) => ({ loc, type }));
}

const line = { quantity: '1', unit_price: '99.99', taxes: [S19_TAX] };

describe('the amount due (docs/calculation.md rule 8a)', () => {
  test('amount_due = total - prepaid + rounding + the third-party payments, exactly; the total is unchanged', () => {
    const t = totals({
      minorUnits: 2,
      lines: [line],
      prepaid: '50.00',
      rounding: '-0.04',
      thirdPartyPayments: [{ amount: '19.96' }, { amount: '10' }],
    });
    expect(t.total).toBe('118.99');
    expect(t.tax_total).toBe('19.00');
    expect(t.third_party_payment_total).toBe('29.96');
    expect(t.amount_due).toBe('98.91'); // 118.99 - 50.00 - 0.04 + 29.96
  });

  test('the official example 05.01a: 336.90 total, 366.86 due', () => {
    const t = totals({
      minorUnits: 2,
      lines: [
        { quantity: '1', unit_price: '288.79', taxes: [{ rate: '7', category: 'S' }] },
        { quantity: '1', unit_price: '26.07', taxes: [{ rate: '7', category: 'S' }] },
      ],
      thirdPartyPayments: [{ amount: '19.96' }, { amount: '10.00' }],
    });
    expect([t.total, t.third_party_payment_total, t.amount_due]).toEqual(['336.90', '29.96', '366.86']);
  });

  test('no member without the input; JPY keeps whole units', () => {
    expect(totals({ minorUnits: 2, lines: [line] })).not.toHaveProperty('third_party_payment_total');
    const empty = totals({ minorUnits: 2, lines: [line], thirdPartyPayments: [] });
    expect([empty.third_party_payment_total, empty.amount_due]).toEqual(['0.00', '118.99']);
    const jpy = totals({
      minorUnits: 0,
      lines: [{ quantity: '1', unit_price: '1000', taxes: [{ rate: '10', category: 'S' }] }],
      thirdPartyPayments: [{ amount: '500' }],
    });
    expect([jpy.total, jpy.third_party_payment_total, jpy.amount_due]).toEqual(['1100', '500', '1600']);
  });

  test('more decimals than the currency, no decimal, or negative on a positive document: problems at the amount', () => {
    expect(
      problems({
        minorUnits: 2,
        lines: [line],
        thirdPartyPayments: [{ amount: '1.001' }, { amount: 'zehn' }, { amount: '-1.00' }, { amount: '1' }],
      }),
    ).toEqual([
      { loc: 'third_party_payments.0.amount', type: 'decimal_places' },
      { loc: 'third_party_payments.1.amount', type: 'decimal_format' },
      { loc: 'third_party_payments.2.amount', type: 'invalid' },
    ]);
    // A document whose amounts are all negated may negate its third-party payments too.
    const negated = totals({
      minorUnits: 2,
      lines: [{ ...line, quantity: '-1' }],
      thirdPartyPayments: [{ amount: '-10.00' }],
    });
    expect([negated.total, negated.amount_due]).toEqual(['-118.99', '-128.99']);
  });

  test("the API's totals show them only when nonzero: the SPEC's five members otherwise", () => {
    const plain = presentTotals(totals({ minorUnits: 2, lines: [line], thirdPartyPayments: [] }), 'EUR');
    expect(Object.keys(plain).sort()).toEqual([
      'discount_total',
      'shipping_total',
      'subtotal',
      'tax_total',
      'total',
    ]);
    const shown = presentTotals(
      totals({ minorUnits: 2, lines: [line], thirdPartyPayments: [{ amount: '5.00' }] }),
      'EUR',
    );
    expect(shown.third_party_payment_total).toEqual({ amount: '5.00', currency: 'EUR' });
    expect(shown.amount_due).toEqual({ amount: '123.99', currency: 'EUR' });
    expect(shown).not.toHaveProperty('prepaid_amount');
  });
});

const PAYMENTS = [
  { type: 'MobilesBezahlen', amount: '19.96', description: 'Brutto-Forderung Anbieter A' },
  { type: 'MobilesBezahlen', amount: '10.00', description: 'Brutto-Forderung Anbieter B' },
];

const data = (over: Partial<DocumentData> = {}): DocumentData => ({
  invoice_number: 'T-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  tax_scheme: 'VAT',
  buyer_reference: '04011000-12345-34',
  seller: SELLER_DE,
  buyer: BUYER_DE,
  line_items: [{ name: 'Work', quantity: '2', unit_price: '50.00', taxes: S19 }],
  customization_id: XRECHNUNG_EXTENSION,
  third_party_payments: PAYMENTS,
  ...over,
});

function invoiceOf(d: DocumentData, documentType = 'invoice') {
  const outcome = documentTotals(d.currency, d);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return toSemantic({ documentType, data: d, totals: outcome.totals });
}

function refusal(run: () => unknown): EInvoiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof EInvoiceError) return error;
    throw error;
  }
  throw new Error('expected an EInvoiceError');
}

describe('the XML', () => {
  test('XRechnung UBL under the extension: cac:PrepaidPayment after the payment terms, in BT-115', () => {
    const xml = serialize(invoiceOf(data({ payment: { instructions: 'Zahlbar sofort' } })), 'xrechnung_ubl');
    expect(xml).toContain(`<cbc:CustomizationID>${XRECHNUNG_EXTENSION}</cbc:CustomizationID>`);
    expect(xml).toContain(
      [
        '<cac:PrepaidPayment>',
        '    <cbc:ID>MobilesBezahlen</cbc:ID>',
        '    <cbc:PaidAmount currencyID="EUR">19.96</cbc:PaidAmount>',
        '    <cbc:InstructionID>Brutto-Forderung Anbieter A</cbc:InstructionID>',
        '  </cac:PrepaidPayment>',
      ].join('\n'),
    );
    // UBL 2.1 Invoice sequence: PaymentTerms, PrepaidPayment, AllowanceCharge, TaxTotal.
    const at = (s: string) => xml.indexOf(s);
    expect(at('<cac:PaymentTerms>')).toBeLessThan(at('<cac:PrepaidPayment>'));
    expect(at('<cac:PrepaidPayment>')).toBeLessThan(at('<cac:TaxTotal>'));
    expect(xml.match(/<cac:PrepaidPayment>/g)?.length).toBe(2);
    // 100.00 + 19 % = 119.00; due 119.00 + 29.96.
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">119.00</cbc:TaxInclusiveAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">148.96</cbc:PayableAmount>');
    expect(xml).not.toContain('<cbc:PrepaidAmount');
  });

  test('without them nothing changes', () => {
    const xml = serialize(invoiceOf(data({ third_party_payments: undefined })), 'xrechnung_ubl');
    expect(xml).not.toContain('PrepaidPayment');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">119.00</cbc:PayableAmount>');
  });

  test('every other profile, the plain XRechnung BT-24 and a credit note are refused at the field', () => {
    const cases: [string, DocumentData, string, string][] = [
      ['xrechnung_cii', data(), 'invoice', 'xrechnung_cii cannot state them'],
      ['peppol_bis_billing_3', data({ customization_id: undefined }), 'invoice', 'only xrechnung_ubl'],
      ['factur_x_en16931', data({ customization_id: undefined }), 'invoice', 'only xrechnung_ubl'],
      ['xrechnung_ubl', data({ customization_id: undefined }), 'invoice', 'must be the extension'],
      [
        'xrechnung_ubl',
        data({ reason: 'Returned', preceding_invoice: { number: 'T-0' } }),
        'credit_note',
        'UBL credit note',
      ],
    ];
    for (const [profile, d, type, says] of cases) {
      const error = refusal(() => serialize(invoiceOf(d, type), profile as 'xrechnung_ubl'));
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatchObject({ rule: 'BG-DEX-09', path: 'data.third_party_payments' });
      expect(error.problems[0]?.message).toContain(says);
    }
  });
});

describe('reading', () => {
  const example = readFileSync(sharedPath('rulesets/examples/xrechnung_ubl/05.01a-INVOICE_ubl.xml'), 'utf8');

  test('the extension example keeps its payments and its BT-24; its data gives back its amount due', () => {
    const read = parseEInvoice(example);
    expect(read.data.third_party_payments).toEqual([
      {
        type: 'MobilesBezahlen',
        amount: '19.96',
        description: 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter A)',
      },
      {
        type: 'MobilesBezahlen',
        amount: '10.00',
        description: 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter B)',
      },
    ]);
    expect(read.data.customization_id).toBe(XRECHNUNG_EXTENSION);
    expect(read.warnings).toEqual([]);
    const outcome = documentTotals(read.data.currency, read.data);
    expect(outcome.ok && [outcome.totals.total, outcome.totals.amount_due]).toEqual(['336.90', '366.86']);
    expect(read.totals.amount_due).toBe('366.86');
  });

  test('outside the extension a prepaid payment is no EN 16931 term: not kept, and said so', () => {
    const plain = parseEInvoice(
      example.replace(/#conformant#urn:xeinkauf\.de:kosit:extension:xrechnung_3\.0/, ''),
    );
    expect(plain.data.third_party_payments).toBeUndefined();
    expect(plain.warnings.map((w) => [w.term, w.message])).toEqual([
      [
        'BG-DEX-09',
        'Prepaid payments (19.96 + 10.00) outside the XRechnung extension are not kept: EN 16931 has no such term',
      ],
      // The amount due the file states includes them: kept as stated (docs/calculation.md rule 8b).
      ['BT-115', 'The lines do not give the stated totals: BT-115 366.86 kept as stated, not computed'],
    ]);
    expect(plain.data.stated_totals).toEqual({ amount_due: '366.86' });
  });

  test('a payment without an amount is not kept; a missing type or description reads as "-"', () => {
    const odd = parseEInvoice(
      example
        .replace(/<cbc:PaidAmount currencyID="EUR">19\.96<\/cbc:PaidAmount>/, '')
        .replace(/<cbc:ID>MobilesBezahlen<\/cbc:ID>(\s*<!--[^>]*-->\s*<cbc:PaidAmount[^>]*>10\.00)/, '$1'),
    );
    expect(odd.data.third_party_payments).toEqual([
      {
        type: '-',
        amount: '10.00',
        description: 'Mobiles Bezahlen (Brutto-Forderung für Fremdleistungen Anbieter B)',
      },
    ]);
    // The stated amount due includes the payment not kept: kept as stated.
    expect(odd.warnings.map((w) => w.path)).toEqual(['PrepaidPayment[1]', 'stated_totals']);
  });
});

describe('the PDF view', () => {
  test('a row per payment before the amount due, which is the emphasised last row', () => {
    const d = data();
    const outcome = documentTotals(d.currency, d);
    if (!outcome.ok) throw new Error('totals');
    const view = buildInvoiceView({
      documentType: 'invoice',
      data: d,
      totals: outcome.totals,
      templateId: 'tpl_classic',
      pageSize: 'A4',
    });
    expect(view.totals.slice(-4)).toEqual([
      { kind: 'subtotal', label: 'Total', value: '€119.00' },
      {
        kind: 'shipping',
        label: 'For third parties: Brutto-Forderung Anbieter A',
        value: '€19.96',
      },
      {
        kind: 'shipping',
        label: 'For third parties: Brutto-Forderung Anbieter B',
        value: '€10.00',
      },
      { kind: 'total', label: 'Amount due', value: '€148.96' },
    ]);
    expect(view.highlight).toEqual({ label: 'Amount due', value: '€148.96' });
  });
});
