// Why no VAT is charged, on the PDF: a small business exempt under § 19 UStG, a reverse charge (§ 13b UStG,
// "Steuerschuldnerschaft des Leistungsempfängers", § 14a (5) UStG), an intra-community supply, an export.
// The e-invoice has said so since the VAT categories came (BT-120/121); the PDF printed only "USt. 0 %"
// and left the legal basis out, though the console's editor asks for it as "printed on the invoice".
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import type { DocumentData } from '../../src/domain/document-data';
import { renderPdf } from '../../src/rendering/render-pdf';
import { buildInvoiceView } from '../../src/rendering/view/index';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

type Tax = NonNullable<DocumentData['line_items'][number]['taxes']>[number];

/** The realistic invoice with every line (and its shipping, if any) under `tax`. */
function taxedAs(
  tax: Tax,
  locale = 'de-DE',
  documentType: 'invoice' | 'quote' | 'delivery_note' = 'invoice',
) {
  const base = germanInvoice(3);
  const data = {
    ...base.data,
    line_items: base.data.line_items.map((line) => ({ ...line, taxes: [tax] })),
  } as DocumentData;
  return withTotals(documentType, data, { locale, pageSize: 'A4', templateId: 'tpl_modern' });
}

const noteOf = (input: ReturnType<typeof taxedAs>) =>
  buildInvoiceView(input).notes.find((note) => ['Umsatzsteuer', 'VAT'].includes(note.heading))?.text ?? null;

describe('the VAT note', () => {
  test('a reason entered with the tax is printed as entered', () => {
    const tax = {
      name: 'VAT',
      rate: '0',
      category: 'E',
      exemption_reason: 'Kleinunternehmer gemäß § 19 UStG',
    };
    expect(noteOf(taxedAs(tax))).toBe('Kleinunternehmer gemäß § 19 UStG');
  });

  test("without one, the category's own words in the document's language; an exemption's code as stated", () => {
    expect(noteOf(taxedAs({ name: 'VAT', rate: '0', category: 'AE' }))).toBe(
      'Steuerschuldnerschaft des Leistungsempfängers',
    );
    expect(noteOf(taxedAs({ name: 'VAT', rate: '0', category: 'AE' }, 'en-GB'))).toBe(
      'Reverse charge: the recipient is liable for the VAT',
    );
    const intra = { name: 'VAT', rate: '0', category: 'K', exemption_reason_code: 'VATEX-EU-IC' };
    expect(noteOf(taxedAs(intra))).toBe('Steuerfreie innergemeinschaftliche Lieferung');
    expect(noteOf(taxedAs({ name: 'VAT', rate: '0', category: 'G' }))).toBe('Steuerfreie Ausfuhrlieferung');
    const coded = { name: 'VAT', rate: '0', category: 'E', exemption_reason_code: 'VATEX-EU-132-1I' };
    expect(noteOf(taxedAs(coded))).toBe('VATEX-EU-132-1I');
  });

  test('none for standard rated lines, for an exemption whose ground is not given, and on a delivery note', () => {
    expect(noteOf(taxedAs({ name: 'VAT', rate: '19', category: 'S' }))).toBeNull();
    expect(noteOf(taxedAs({ name: 'VAT', rate: '0', category: 'E' }))).toBeNull();
    expect(noteOf(taxedAs({ name: 'VAT', rate: '0', category: 'AE' }, 'de-DE', 'delivery_note'))).toBeNull();
    expect(noteOf(taxedAs({ name: 'VAT', rate: '0', category: 'AE' }, 'de-DE', 'quote'))).toBe(
      'Steuerschuldnerschaft des Leistungsempfängers',
    );
  });

  test('two groups with the same reason say it once; two reasons are two lines', () => {
    const base = germanInvoice(3);
    const reason = 'Kleinunternehmer gemäß § 19 UStG';
    const lines = base.data.line_items.map((line, i) => ({
      ...line,
      taxes: [
        i === 0
          ? { name: 'VAT', rate: '0', category: 'AE' }
          : { name: 'VAT', rate: i === 1 ? '0' : '0.00', category: 'E', exemption_reason: reason },
      ],
    }));
    const input = withTotals('invoice', { ...base.data, line_items: lines } as DocumentData, {
      locale: 'de-DE',
    });
    expect(noteOf(input)).toBe(`Steuerschuldnerschaft des Leistungsempfängers\n${reason}`);
  });

  test('printed on the PDF under its heading', async () => {
    const pdf = savePdf(await renderPdf(taxedAs({ name: 'VAT', rate: '0', category: 'AE' })));
    const text = pdfPagesText(pdf).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('UMSATZSTEUER Steuerschuldnerschaft des Leistungsempfängers');
  });
});

describe('an invoice that charges no VAT prints none', () => {
  const smallBusiness = {
    name: 'VAT',
    rate: '0',
    category: 'E',
    exemption_reason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
  };
  const vatShown = (input: ReturnType<typeof taxedAs>) => {
    const view = buildInvoiceView(input);
    return {
      column: view.columns.tax,
      rows: view.totals.filter((row) => row.kind === 'tax').map((row) => row.label.replace(/\s/g, ' ')),
      summary: view.taxSummary.length,
    };
  };

  test("a Kleinunternehmer's (§ 19 UStG, E at 0 %) and one outside the scope (O): no column, row or summary", () => {
    expect(vatShown(taxedAs(smallBusiness))).toEqual({ column: false, rows: [], summary: 0 });
    // Nothing between the lines' sum and the total: the sum is said once, as the total.
    expect(buildInvoiceView(taxedAs(smallBusiness)).totals.map((row) => row.kind)).toEqual(['total']);
    expect(vatShown(taxedAs({ name: 'VAT', rate: '0', category: 'O' }))).toEqual({
      column: false,
      rows: [],
      summary: 0,
    });
  });

  test('an exemption whose ground is not given keeps its "USt. 0 %": nothing else would say it', () => {
    expect(vatShown(taxedAs({ name: 'VAT', rate: '0', category: 'E' }))).toEqual({
      column: true,
      rows: ['USt. 0 %'],
      summary: 1,
    });
    const coded = { name: 'VAT', rate: '0', category: 'E', exemption_reason_code: 'VATEX-EU-132-1I' };
    expect(vatShown(taxedAs(coded)).column).toBe(false);
  });

  test('a reverse charge, a zero rate, a standard rate and a mixed invoice still show their VAT', () => {
    expect(vatShown(taxedAs({ name: 'VAT', rate: '0', category: 'AE' })).rows).toEqual(['USt. 0 %']);
    expect(vatShown(taxedAs({ name: 'VAT', rate: '0', category: 'Z' })).column).toBe(true);
    expect(vatShown(taxedAs({ name: 'VAT', rate: '19', category: 'S' })).rows).toEqual(['USt. 19 %']);
    const base = germanInvoice(3);
    const lines = base.data.line_items.map((line, i) => ({
      ...line,
      taxes: [i === 0 ? { name: 'VAT', rate: '19', category: 'S' } : smallBusiness],
    }));
    const mixed = withTotals('invoice', { ...base.data, line_items: lines } as DocumentData, {
      locale: 'de-DE',
    });
    expect(vatShown(mixed)).toEqual({ column: true, rows: ['USt. 19 %', 'USt. 0 %'], summary: 2 });
  });

  test('on the PDF: the note says why, no "USt." is printed, the total is the sum of the lines', async () => {
    const input = taxedAs(smallBusiness);
    const text = pdfPagesText(savePdf(await renderPdf(input)))
      .join('\n')
      .replace(/\s+/g, ' ');
    expect(text).toContain('UMSATZSTEUER Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
    expect(text).not.toMatch(/USt\./);
    expect(input.totals.total).toBe(input.totals.subtotal);
  });
});
