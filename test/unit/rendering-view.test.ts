// The view model: what gets printed, decided before any drawing.
import { describe, expect, test } from 'bun:test';
import { buildInvoiceView } from '../../src/rendering/view/index';
import {
  creditNote,
  deliveryNote,
  german,
  invoice20,
  invoice60,
  quote,
  VALID_IBAN,
} from '../rendering-fixtures';

describe('view model', () => {
  test('the 20-line invoice: title, meta, amount due, totals in order', () => {
    const view = buildInvoiceView(invoice20());
    expect(view.metaTitle).toBe('Invoice INV-2026-0042');
    expect(view.author).toBe('Lindqvist & Partner Design GmbH');
    // The seller is German and states no date of supply: it is the issue date (§ 14 UStG), printed.
    expect(view.meta.map((m) => m.label)).toEqual([
      'Number',
      'Issue date',
      'Due date',
      'Your reference',
      'Date of supply',
    ]);
    expect(view.meta[1]?.value).toBe('2 Nov 2026');
    expect(view.highlight).toEqual({ label: 'Amount due', value: '€29,000.15' });
    expect(view.totals.map((t) => t.kind)).toEqual(['subtotal', 'discount', 'tax', 'total']);
    expect(view.totals[1]).toEqual({
      kind: 'discount',
      label: 'Discount 5% (Framework agreement)',
      value: '-€1,282.63',
    });
    expect(view.lines).toHaveLength(20);
    expect(view.lines[2]).toMatchObject({ discount: '10%', tax: '19%', amount: '€2,160.00', unit: 'flat' });
    expect(view.lines[19]?.unitPrice).toBe('€0.125');
  });

  test('an EPC QR code only for a payable EUR document with a valid IBAN', () => {
    const payload = buildInvoiceView(invoice20()).payment?.qr?.payload;
    expect(payload?.split('\n')).toContain('DE89370400440532013000');
    expect(payload?.split('\n')).toContain('EUR29000.15');
    expect(buildInvoiceView({ ...invoice20(), documentType: 'proforma' }).payment?.qr).not.toBeNull();
    expect(buildInvoiceView({ ...invoice20(), documentType: 'quote' }).payment?.qr).toBeNull();
    expect(buildInvoiceView(invoice60()).payment?.qr).toBeNull();
    const typo = invoice20();
    typo.data = {
      ...typo.data,
      payment: { bank_account: { account_number: 'DE88 3704 0044 0532 0130 00' } },
    };
    expect(buildInvoiceView(typo).payment?.qr).toBeNull();
    expect(buildInvoiceView(typo).payment?.bank).toEqual([
      { label: 'Account number', value: 'DE88 3704 0044 0532 0130 00' },
    ]);
  });

  test('a payment reference (BT-83) is printed under the bank details and is the QR code remittance', () => {
    const input = invoice20();
    input.data = {
      ...input.data,
      payment: { ...input.data.payment, reference: 'RF18 5390 0754 7034' },
    };
    const payment = buildInvoiceView(input).payment;
    expect(payment?.bank.at(-1)).toEqual({ label: 'Payment reference', value: 'RF18 5390 0754 7034' });
    const lines = payment?.qr?.payload.split('\n') ?? [];
    // EPC069-12: a valid RF creditor reference goes structured (line 10), the text (line 11) stays empty.
    expect(lines.slice(9)).toEqual(['RF18539007547034']);
    expect(buildInvoiceView(invoice20()).payment?.qr?.payload.split('\n')[10]).toBe('INV-2026-0042');
  });

  test('the seller account is the fallback for the payment account', () => {
    const input = invoice20();
    input.data = {
      ...input.data,
      payment: undefined,
      seller: { ...input.data.seller, name: 'S', bank_account: { account_number: VALID_IBAN } },
    };
    expect(buildInvoiceView(input).payment?.bank).toEqual([{ label: 'IBAN', value: VALID_IBAN }]);
  });

  test('a delivery note has no prices at all', () => {
    const view = buildInvoiceView(deliveryNote());
    expect(view.columns).toMatchObject({ priced: false, discount: false, tax: false, sku: true, unit: true });
    expect(view.totals).toEqual([]);
    expect(view.taxSummary).toEqual([]);
    expect(view.payment).toBeNull();
    expect(view.highlight).toBeNull();
    expect(view.lines.every((l) => l.unitPrice === '' && l.amount === '')).toBe(true);
  });

  test('a credit note names its invoice and gives its reason', () => {
    const view = buildInvoiceView(creditNote());
    expect(view.subtitle).toBe('Credit note for invoice INV-2026-0042');
    expect(view.notes[0]?.heading).toBe('Reason');
    expect(view.highlight?.label).toBe('Total credit');
  });

  test('a unit code without unit words prints its name in the document language (issue 36)', () => {
    const base = german();
    const [first, ...rest] = base.data.line_items;
    if (!first) throw new Error('fixture has lines');
    const lines = [
      { ...first, unit: undefined, unit_code: 'HUR', quantity: '12.5' },
      { ...first, unit: undefined, unit_code: 'KMT' },
      { ...first, unit: undefined, unit_code: 'E48' },
      { ...first, unit: undefined, unit_code: 'ZZZ' },
      { ...first, unit: 'Pausch.', unit_code: 'HUR' },
      ...rest,
    ];
    const de = buildInvoiceView({ ...base, data: { ...base.data, line_items: lines } });
    expect(de.columns.unit).toBe(true);
    expect(de.lines.slice(0, 5).map((l) => [l.quantity, l.unit])).toEqual([
      ['12,5', 'Std.'],
      ['1', 'km'],
      ['1', 'Einh.'],
      ['1', 'ZZZ'],
      ['1', 'Pausch.'],
    ]);
    const en = buildInvoiceView({ ...base, locale: 'en-GB', data: { ...base.data, line_items: lines } });
    expect(en.lines.slice(0, 3).map((l) => l.unit)).toEqual(['h', 'km', 'unit']);
  });

  test('a unit beside exactly one is named in the singular: "1 Monat", "1 day"; a lump sum is "Pausch."', () => {
    const base = german();
    const [first, ...rest] = base.data.line_items;
    if (!first) throw new Error('fixture has lines');
    const line = (unit_code: string, quantity: string) => ({
      ...first,
      unit: undefined,
      unit_code,
      quantity,
    });
    const lines = [
      line('MON', '1'),
      line('MON', '3'),
      line('DAY', '1.000'),
      line('DAY', '0.5'),
      line('ANN', '1'),
      line('WEE', '1'),
      line('LS', '1'),
      line('HUR', '1'),
      ...rest,
    ];
    const view = (locale: string) =>
      buildInvoiceView({ ...base, locale, data: { ...base.data, line_items: lines } })
        .lines.slice(0, 8)
        .map((l) => l.unit);
    expect(view('de-DE')).toEqual(['Monat', 'Monate', 'Tag', 'Tage', 'Jahr', 'Woche', 'Pausch.', 'Std.']);
    expect(view('en-GB')).toEqual(['month', 'months', 'day', 'days', 'year', 'week', 'lump sum', 'h']);
  });

  test('German mandatory details: date of supply or period, Steuernummer, register, directors', () => {
    const base = german();
    const seller = {
      ...base.data.seller,
      name: 'Nordlicht',
      tax_number: '37/123/45678',
      registration_number: 'HRB 123456 B, Amtsgericht Charlottenburg',
      managing_directors: 'Erika Mustermann',
    };
    const view = buildInvoiceView({ ...base, data: { ...base.data, seller, delivery_date: '2026-11-28' } });
    expect(view.meta).toContainEqual({ label: 'Leistungsdatum', value: '28.11.2026' });
    expect(view.seller.ids).toEqual([
      'USt-IdNr. DE811907980',
      'Steuernummer 37/123/45678',
      'Handelsregister HRB 123456 B, Amtsgericht Charlottenburg',
      'Geschäftsführer: Erika Mustermann',
    ]);
    const period = buildInvoiceView({
      ...base,
      data: { ...base.data, invoice_period: { start_date: '2026-11-01', end_date: '2026-11-30' } },
    });
    expect(period.meta).toContainEqual({ label: 'Leistungszeitraum', value: '01.11.2026 – 30.11.2026' });
    expect(period.meta.some((m) => m.label === 'Leistungsdatum')).toBe(false);
    // Nothing stated: supplied on the issue date, and said so.
    expect(buildInvoiceView(base).meta).toContainEqual({ label: 'Leistungsdatum', value: '01.12.2026' });
    // Not for a seller outside Germany.
    const abroad = { ...base.data.seller, name: 'X', address: { line1: 'Rue 1', country: 'FR' } };
    const french = buildInvoiceView({ ...base, data: { ...base.data, seller: abroad } });
    expect(french.meta.some((m) => m.label === 'Leistungsdatum')).toBe(false);
  });

  test('a German credit note naming its invoice is a Rechnungskorrektur; Gutschrift is self-billing', () => {
    const correction = buildInvoiceView(creditNote({ locale: 'de-DE' }));
    expect(correction.title).toBe('Rechnungskorrektur');
    expect(correction.subtitle).toBe('Korrektur der Rechnung INV-2026-0042');
    const base = german();
    const selfBilled = buildInvoiceView({ ...base, data: { ...base.data, type_code: '389' } });
    expect(selfBilled.title).toStartWith('Gutschrift');
    expect(buildInvoiceView(creditNote()).title).toBe('Credit note');
  });

  test('a correction names the invoice it corrects by number and date, as its e-invoice does (BT-25, BT-26)', () => {
    const stored = buildInvoiceView(creditNote({ locale: 'de-DE', sourceDocumentDate: '2026-11-02' }));
    expect(stored.subtitle).toBe('Korrektur der Rechnung INV-2026-0042 vom 02.11.2026');
    const base = creditNote({ sourceDocumentDate: '2026-11-02' });
    expect(buildInvoiceView(base).subtitle).toBe('Credit note for invoice INV-2026-0042 of 2 Nov 2026');
    // The invoice its data names (BG-3) wins, with that invoice's date (none stated: the number alone).
    const named = { ...base.data, preceding_invoice: { number: 'RE-7', issue_date: '2026-10-30' } };
    expect(buildInvoiceView({ ...base, data: named }).subtitle).toBe(
      'Credit note for invoice RE-7 of 30 Oct 2026',
    );
    const undated = { ...base.data, preceding_invoice: { number: 'RE-7' } };
    expect(buildInvoiceView({ ...base, data: undated }).subtitle).toBe('Credit note for invoice RE-7');
  });

  test("a German correction prints no date of supply of its own: the supply is the corrected invoice's", () => {
    const seller = {
      name: 'Druckerei Rhein GmbH',
      address: { line1: 'Markt 1', city: 'Köln', country: 'DE' },
    };
    const base = creditNote({ locale: 'de-DE' });
    const correction = buildInvoiceView({ ...base, data: { ...base.data, seller: seller } });
    expect(correction.meta.some((m) => m.label === 'Leistungsdatum')).toBe(false);
    // One naming it in its data (BG-3) likewise; a date it states itself is printed.
    const stated = {
      ...base.data,
      seller: seller,
      preceding_invoice: { number: 'RE-1', issue_date: '2026-11-02' },
    };
    const named = buildInvoiceView({ ...base, sourceDocumentNumber: null, data: stated });
    expect(named.meta.some((m) => m.label === 'Leistungsdatum')).toBe(false);
    const dated = buildInvoiceView({ ...base, data: { ...stated, delivery_date: '2026-11-18' } });
    expect(dated.meta).toContainEqual({ label: 'Leistungsdatum', value: '18.11.2026' });
    // A corrected invoice (384) naming the one it corrects likewise; a plain invoice keeps its issue date.
    const invoice = german();
    const corrected = { ...invoice.data, type_code: '384' as const, preceding_invoice: { number: 'RE-1' } };
    expect(
      buildInvoiceView({ ...invoice, data: corrected }).meta.some((m) => m.label === 'Leistungsdatum'),
    ).toBe(false);
    // An Abschlagsrechnung (875) asks for a payment on account: nothing was supplied on its issue date.
    const onAccount = { ...invoice.data, type_code: '875' as const };
    expect(
      buildInvoiceView({ ...invoice, data: onAccount }).meta.some((m) => m.label === 'Leistungsdatum'),
    ).toBe(false);
    // A credit note naming no invoice is no correction of one: its issue date, as an invoice's.
    const alone = buildInvoiceView({
      ...base,
      sourceDocumentNumber: null,
      data: { ...base.data, seller: seller },
    });
    expect(alone.meta).toContainEqual({ label: 'Leistungsdatum', value: '20.11.2026' });
  });

  test('a credit note asks nothing: no account to pay to, no QR code; it is set against its invoice (issue 36)', () => {
    const correction = buildInvoiceView(creditNote({ locale: 'de-DE' }));
    expect(correction.payment).toEqual({
      instructions: 'Der Betrag wird mit der Rechnung INV-2026-0042 verrechnet; zu zahlen ist nichts.',
      bank: [],
      url: null,
      methods: null,
      qr: null,
    });
    const base = creditNote();
    const refund = buildInvoiceView({
      ...base,
      sourceDocumentNumber: null,
      data: { ...base.data, payment: { instructions: 'We refund the amount to your account.' } },
    });
    expect(refund.payment?.instructions).toBe('We refund the amount to your account.');
    expect(refund.payment?.bank).toEqual([]);
    expect(buildInvoiceView({ ...base, sourceDocumentNumber: null }).payment).toBeNull();
  });

  test('valid until only on quotes', () => {
    expect(buildInvoiceView(quote()).meta.find((m) => m.label === 'Valid until')?.value).toBe('31 Oct 2026');
    const invoice = invoice20();
    invoice.data = { ...invoice.data, valid_until: '2026-12-31' };
    expect(buildInvoiceView(invoice).meta.some((m) => m.label === 'Valid until')).toBe(false);
  });

  test('German words, German numbers, VAT as USt.', () => {
    const view = buildInvoiceView(german());
    expect(view.title).toBe('Rechnung');
    expect(view.totals.map((t) => t.label)).toEqual([
      'Zwischensumme',
      'USt. 19\u00a0%',
      'USt. 7\u00a0%',
      'Gesamtbetrag',
    ]);
    expect(view.totals.at(-1)?.value).toBe('3.025,73\u00a0€');
    expect(view.taxSummary.map((t) => t.taxable)).toEqual(['2.435,00\u00a0€', '119,70\u00a0€']);
  });

  test('country names only when the parties are in different countries', () => {
    expect(buildInvoiceView(invoice20()).seller.address).toContain('Germany');
    expect(buildInvoiceView(german()).seller.address).not.toContain('Deutschland');
    expect(buildInvoiceView(invoice20({ locale: 'de-DE' })).recipients[0]?.address).toContain('Irland');
  });

  test('footer: the document branding wins over the template config, the service credit always shows', () => {
    const input = invoice20({
      config: { footer_text: 'config footer' },
      serviceCredit: 'Made with the service',
    });
    expect(buildInvoiceView(input).footer).toEqual(['config footer', 'Made with the service']);
    input.data = { ...input.data, branding: { footer_text: 'brand footer' } };
    expect(buildInvoiceView(input).footer).toEqual(['brand footer', 'Made with the service']);
  });

  test('inclusive taxes are listed after the total, not added', () => {
    const input = german();
    input.data = {
      ...input.data,
      line_items: [
        {
          name: 'Gross-priced',
          quantity: '1',
          unit_price: '119.00',
          taxes: [{ name: 'VAT', rate: '19', inclusive: true }],
        },
      ],
    };
    const { totals } = buildInvoiceView({ ...german(), data: input.data, totals: withInclusive() });
    expect(totals.map((t) => t.kind)).toEqual(['subtotal', 'total', 'included']);
    expect(totals.at(-1)?.label).toBe('enthaltene USt. 19\u00a0%');
  });
});

function withInclusive() {
  return {
    subtotal: '119.00',
    discount_total: '0.00',
    tax_total: '19.00',
    shipping_total: '0.00',
    total: '119.00',
    exclusive_tax_total: '0.00',
    inclusive_tax_total: '19.00',
    lines: [
      { gross_amount: '119.00', discount_amount: '0.00', amount: '119.00', allocated_discount: '0.00' },
    ],
    tax_groups: [
      {
        category: null,
        rate: '19',
        inclusive: true,
        name: 'VAT',
        taxable_amount: '100.00',
        tax_amount: '19.00',
      },
    ],
    discounts: [],
  };
}
