// The decisions of the semantic model (docs/einvoicing-xml.md): which documents serialize, what cannot
// be written at all, payment means, party identifiers, credit note signs, VAT category details.
import { describe, expect, test } from 'bun:test';
import { EInvoiceError, toSemantic } from '../../src/einvoicing/semantic/index';
import { serialize } from '../../src/einvoicing/semantic/serialize';
import type { DocumentData } from '../../src/modules/documents/model';
import { DomainError } from '../../src/shared/errors';
import { arithmeticProblems, BUYER_DE, CASES, einvoiceCase, S19, SELLER_DE } from '../einvoicing-fixtures';

const data = (over: Partial<DocumentData> = {}): DocumentData => ({
  invoice_number: 'T-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  tax_scheme: 'VAT',
  seller: SELLER_DE,
  buyer: BUYER_DE,
  line_items: [{ name: 'Work', quantity: '2', unit_price: '50.00', taxes: S19 }],
  ...over,
});
const semantic = (over: Partial<DocumentData> = {}, type = 'invoice', extra = {}) =>
  toSemantic(einvoiceCase('t', type, data(over), extra).input);
const thrown = (run: () => unknown): EInvoiceError => {
  try {
    run();
  } catch (error) {
    if (error instanceof EInvoiceError) return error;
    throw error;
  }
  throw new Error('expected an EInvoiceError');
};

describe('what cannot be written', () => {
  test('only invoices and credit notes are e-invoices; the error is a 422 DomainError', () => {
    for (const type of ['proforma', 'quote', 'receipt', 'purchase_order', 'delivery_note']) {
      const error = thrown(() => semantic({}, type));
      expect(error.reason).toBe('unsupported_document_type');
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).toBe('unprocessable_entity');
      expect(error.problems).toEqual([expect.objectContaining({ rule: 'BT-3', path: 'document_type' })]);
    }
    expect(semantic({}, 'invoice').typeCode).toBe('380');
    expect(semantic({}, 'credit_note').typeCode).toBe('381');
  });

  test('no tax scheme, no XML (BT-118)', () => {
    const error = thrown(() => semantic({ tax_scheme: undefined }));
    expect(error.reason).toBe('missing_tax_scheme');
    expect(error.problems).toEqual([expect.objectContaining({ rule: 'BT-118', path: 'data.tax_scheme' })]);
    expect(thrown(() => semantic({ tax_scheme: '  ' })).reason).toBe('missing_tax_scheme');
  });

  test('every line needs exactly one categorized tax, and taxed shipping one too (all reported at once)', () => {
    const error = thrown(() =>
      semantic({
        line_items: [
          {
            name: 'Two taxes',
            quantity: '1',
            unit_price: '10',
            taxes: [...S19, { rate: '2.5', category: 'S' }],
          },
          { name: 'Untaxed', quantity: '1', unit_price: '10' },
          { name: 'No category', quantity: '1', unit_price: '10', taxes: [{ rate: '19' }] },
        ],
        shipping: { amount: '5.00', taxes: [] },
      }),
    );
    expect(error.reason).toBe('not_representable');
    expect(error.problems.map((p) => [p.rule, p.path])).toEqual([
      ['BR-CO-04', 'data.line_items.0.taxes'],
      ['BR-CO-04', 'data.line_items.1.taxes'],
      ['BR-CO-04', 'data.line_items.2.taxes'],
      ['BR-37', 'data.shipping.taxes'],
    ]);
  });

  test('shipping inherits the one tax every priced line shares, as the totals did', () => {
    const invoice = semantic({ shipping: { amount: '5.00' } });
    expect(invoice.charges).toEqual([
      { amount: '5.00', reason: 'Shipping', reasonCode: 'FC', percent: null, vat: { code: 'S', rate: '19' } },
    ]);
    const mixed = data({
      line_items: [
        { name: 'A', quantity: '1', unit_price: '10', taxes: S19 },
        { name: 'B', quantity: '1', unit_price: '10', taxes: [{ name: 'VAT', rate: '7', category: 'S' }] },
      ],
      shipping: { amount: '5.00' },
    });
    expect(() => toSemantic(einvoiceCase('t', 'invoice', mixed).input)).toThrow(EInvoiceError);
  });
});

describe('payment means (BG-16)', () => {
  test('IBAN in EUR is SEPA (58), compacted; the invoice number is the remittance information', () => {
    const means = semantic().paymentMeans;
    expect(means).toEqual({
      code: '58',
      remittance: 'T-1',
      account: { id: 'DE89370400440532013000', isIban: true, bic: 'COBADEFFXXX', name: null },
      card: null,
      directDebit: null,
    });
  });

  test('IBAN in another currency or a non-IBAN account is a credit transfer (30); no account is 1', () => {
    expect(semantic({ currency: 'USD' }).paymentMeans.code).toBe('30');
    const local = { bank_account: { account_number: '12345678', routing_number: '021000021' } };
    const invoice = semantic({ payment: local });
    expect(invoice.paymentMeans).toEqual({
      code: '30',
      remittance: 'T-1',
      account: { id: '12345678', isIban: false, bic: null, name: null },
      card: null,
      directDebit: null,
    });
    expect(serialize(invoice, 'xrechnung_cii')).toContain('<ram:ProprietaryID>12345678</ram:ProprietaryID>');
    const seller = { ...SELLER_DE, bank_account: undefined };
    expect(semantic({ seller }).paymentMeans).toEqual({
      code: '1',
      remittance: null,
      account: null,
      card: null,
      directDebit: null,
    });
  });
});

describe('the payment reference (BT-83)', () => {
  test("the data's payment reference, else the invoice number; without an account only a stated one", () => {
    const reference = {
      bank_account: { account_number: 'DE89370400440532013000' },
      reference: 'RF18 5390 0754 7034',
    };
    expect(semantic({ payment: reference }).paymentMeans.remittance).toBe('RF18 5390 0754 7034');
    expect(semantic().paymentMeans.remittance).toBe('T-1');
    const seller = { ...SELLER_DE, bank_account: undefined };
    expect(semantic({ seller, payment: { reference: 'Kundennr. 4711' } }).paymentMeans).toMatchObject({
      code: '1',
      remittance: 'Kundennr. 4711',
    });
    const mandate = { mandate_reference: 'M-1', creditor_id: 'DE98ZZZ09999999999' };
    expect(
      semantic({ payment: { direct_debit: mandate, reference: 'Abo 12' } }).paymentMeans.remittance,
    ).toBe('Abo 12');
  });
});

describe('payment means between two Danish parties (Peppol DK-R-005: no 30)', () => {
  const dk = <T extends { address?: object }>(side: T) => ({
    ...side,
    address: { ...side.address, country: 'DK' },
  });
  const danish = (over: Partial<DocumentData>) =>
    semantic({ seller: dk(SELLER_DE), buyer: dk(BUYER_DE), ...over });

  test('a domestic account with its registration number (BT-86) is 42; any other account 58', () => {
    expect(danish({ currency: 'DKK' }).paymentMeans.code).toBe('58');
    const local = { bank_account: { account_number: '1234567891234', swift: '1234' } };
    const means = danish({ currency: 'DKK', payment: local }).paymentMeans;
    expect(means.code).toBe('42');
    expect(means.account).toEqual({ id: '1234567891234', isIban: false, bic: '1234', name: null });
    const bare = { bank_account: { account_number: '1234567891234' } };
    expect(danish({ currency: 'DKK', payment: bare }).paymentMeans.code).toBe('58');
  });

  test('a Danish seller and a German buyer, or the other way round: as everywhere else (30)', () => {
    expect(semantic({ seller: dk(SELLER_DE), currency: 'DKK' }).paymentMeans.code).toBe('30');
    expect(semantic({ buyer: dk(BUYER_DE), currency: 'DKK' }).paymentMeans.code).toBe('30');
  });
});

describe('parties', () => {
  test('legal name is BT-27, the display name the trading name; a tax number without prefix is BT-32', () => {
    const seller = { ...SELLER_DE, tax_id: '21/815/08150' };
    const invoice = semantic({ seller });
    expect(invoice.seller).toMatchObject({
      name: 'Lindqvist Design GmbH',
      tradingName: 'Lindqvist Design',
      vatId: null,
      taxRegistrationId: '21/815/08150',
      legalId: { value: 'HRB 123456 B', scheme: null },
    });
    const ubl = serialize(invoice, 'xrechnung_ubl');
    expect(ubl).toContain(
      '<cbc:CompanyID>21/815/08150</cbc:CompanyID>\n        <cac:TaxScheme>\n          <cbc:ID>FC',
    );
    expect(serialize(invoice, 'xrechnung_cii')).toContain('<ram:ID schemeID="FC">21/815/08150</ram:ID>');
  });

  test('register numbers get their ISO 6523 scheme only where the national format is unambiguous', () => {
    const legal = (country: string, registration_number: string) =>
      semantic({ buyer: { name: 'B', registration_number, address: { line1: 'x', country } } }).buyer.legalId;
    expect(legal('NL', '12345678')).toEqual({ value: '12345678', scheme: '0106' });
    expect(legal('BE', '0123.456.749')).toEqual({ value: '0123456749', scheme: '0208' });
    expect(legal('FR', '123 456 789')).toEqual({ value: '123456789', scheme: '0002' });
    expect(legal('FR', '98765432100014')).toEqual({ value: '98765432100014', scheme: '0009' });
    expect(legal('DE', 'HRB 12345')).toEqual({ value: 'HRB 12345', scheme: null });
  });
});

describe('credit notes and signs', () => {
  test('a credit note stored negative is written as the positive credit, with its preceding invoice', () => {
    const invoice = semantic(
      { line_items: [{ name: 'Work', quantity: '-2', unit_price: '50.00', taxes: S19 }] },
      'credit_note',
      { precedingInvoiceNumber: 'RE-7', precedingInvoiceDate: '2026-10-01' },
    );
    expect(invoice.lines[0]).toMatchObject({ quantity: '2', netPrice: '50', netAmount: '100.00' });
    expect(invoice.totals).toMatchObject({ tax: '19.00', payable: '119.00' });
    expect(invoice.precedingInvoices).toEqual([{ number: 'RE-7', issueDate: '2026-10-01' }]);
    expect(serialize(invoice, 'peppol_bis_billing_3')).toContain(
      '<cac:BillingReference>\n    <cac:InvoiceDocumentReference>\n      <cbc:ID>RE-7</cbc:ID>',
    );
    expect(serialize(invoice, 'factur_x_en16931')).toContain(
      '<ram:InvoiceReferencedDocument>\n        <ram:IssuerAssignedID>RE-7</ram:IssuerAssignedID>',
    );
  });

  test('a negative price moves its sign to the quantity (BR-27); an invoice keeps its signs', () => {
    const invoice = semantic({
      line_items: [
        { name: 'Work', quantity: '2', unit_price: '50.00', taxes: S19 },
        { name: 'Refund', quantity: '1', unit_price: '-2.345', taxes: S19 },
      ],
    });
    expect(invoice.lines[1]).toMatchObject({ quantity: '-1', netPrice: '2.345', netAmount: '-2.35' });
    expect(invoice.totals.payable).toBe('116.20');
  });
});

describe('VAT categories', () => {
  test('O has no rate on lines and allowances, 0 in the breakdown, and a default VATEX code', () => {
    const seller = { ...SELLER_DE, tax_id: undefined };
    const invoice = semantic({
      seller,
      buyer: { ...BUYER_DE, tax_id: undefined },
      line_items: [{ name: 'Fee', quantity: '1', unit_price: '100', taxes: [{ rate: '0', category: 'O' }] }],
      discounts: [{ type: 'fixed', value: '10' }],
    });
    expect(invoice.lines[0]?.vat).toEqual({ code: 'O', rate: null });
    expect(invoice.allowances[0]?.vat).toEqual({ code: 'O', rate: null });
    expect(invoice.vatBreakdown).toEqual([
      {
        taxableAmount: '90.00',
        taxAmount: '0.00',
        vat: { code: 'O', rate: '0' },
        exemptionReason: 'Not subject to VAT',
        exemptionReasonCode: 'VATEX-EU-O',
      },
    ]);
    // Only the breakdown states a rate: the line's and the allowance's categories carry none.
    expect(serialize(invoice, 'peppol_bis_billing_3').match(/<cbc:Percent>/g)).toEqual(['<cbc:Percent>']);
  });

  test('AE defaults to VATEX-EU-AE and its PDF words; E states only what was given; S never carries a reason', () => {
    const only = (category: string, more = {}) =>
      semantic({
        line_items: [
          { name: 'x', quantity: '1', unit_price: '10', taxes: [{ rate: '0', category, ...more }] },
        ],
      }).vatBreakdown[0];
    expect(only('AE')).toMatchObject({
      exemptionReason: 'Reverse charge: the recipient is liable for the VAT',
      exemptionReasonCode: 'VATEX-EU-AE',
    });
    expect(only('E')).toMatchObject({ exemptionReason: null, exemptionReasonCode: null });
    expect(only('E', { exemption_reason: 'Medical care' })).toMatchObject({
      exemptionReason: 'Medical care',
    });
    expect(only('S', { exemption_reason: 'ignored' })).toMatchObject({ exemptionReason: null });
  });

  test('a tax-inclusive line is written net: 119.00 at 19% is 100.00 + 19.00', () => {
    const invoice = semantic({
      line_items: [
        {
          name: 'Gross',
          quantity: '1',
          unit_price: '119.00',
          taxes: [{ rate: '19', category: 'S', inclusive: true }],
        },
      ],
    });
    expect(invoice.lines[0]).toMatchObject({ netAmount: '100.00', netPrice: '100' });
    expect(invoice.totals).toMatchObject({
      lineNet: '100.00',
      taxExclusive: '100.00',
      tax: '19.00',
      payable: '119.00',
    });
  });

  test('an inclusive and an exclusive group of the same rate make one breakdown, adding up exactly', () => {
    const invoice = semantic({
      line_items: [
        {
          name: 'Gross',
          quantity: '1',
          unit_price: '119.00',
          taxes: [{ rate: '19', category: 'S', inclusive: true }],
        },
        { name: 'Net', quantity: '1', unit_price: '100.00', taxes: S19 },
      ],
    });
    expect(invoice.vatBreakdown.map((v) => [v.taxableAmount, v.taxAmount])).toEqual([['200.00', '38.00']]);
    expect(invoice.totals).toMatchObject({ taxExclusive: '200.00', payable: '238.00' });
    expect(arithmeticProblems(invoice)).toEqual([]);
  });

  test('every matrix document satisfies the BR-CO sums exactly', () => {
    for (const c of CASES) expect([c.name, arithmeticProblems(toSemantic(c.input))]).toEqual([c.name, []]);
  });
});

test('text that XML 1.0 cannot carry is dropped; markup is escaped', () => {
  const invoice = semantic({ notes: 'A & B <c> \u0001\u0008 "d" \uFFFE end' });
  const xml = serialize(invoice, 'xrechnung_ubl');
  expect(xml).toContain('<cbc:Note>A &amp; B &lt;c&gt;  "d"  end</cbc:Note>');
});
