// A typesetter's and tax adviser's second read of the printed words: an EU VAT number is a "VAT ID" in
// English (a US firm's EIN stays a "Tax ID"); a purchase order states the delivery date it wants, not a due
// date; a delivery note its "Lieferdatum"; a receipt says the amount was received instead of asking for it;
// a German credit note is a "Rechnungskorrektur" whether or not it names its invoice ("Gutschrift" is
// self-billing, § 14 Abs. 2 Satz 5 UStG, and a document so titled can be taken for one, § 14c UStG).
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import type { DocumentData } from '../../src/domain/document-data';
import type { DocumentType } from '../../src/domain/reference';
import { LANGUAGES, labelsFor, taxIdLabel } from '../../src/rendering/labels';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { RenderInput } from '../../src/rendering/types';
import { buildInvoiceView } from '../../src/rendering/view/index';
import { pdfInfo, pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const TEMPLATES = [
  'tpl_modern',
  'tpl_classic',
  'tpl_minimal',
  'tpl_compact',
  'tpl_bold',
  'tpl_refined',
] as const;

async function rendered(input: RenderInput): Promise<{ text: string; title: string | undefined }> {
  const path = savePdf(await renderPdf(input));
  const text = pdfPagesText(path).join('\n').replace(/\s+/g, ' ');
  return { text, title: pdfInfo(path).title };
}
const printed = async (input: RenderInput) => (await rendered(input)).text;
const metaOf = (input: RenderInput) => buildInvoiceView(input).meta.map((m) => `${m.label}: ${m.value}`);

/** The realistic German invoice's first three lines as another document type, with due and delivery dates. */
function asType(documentType: DocumentType, locale: string, over: Partial<DocumentData> = {}): RenderInput {
  const base = germanInvoice(3).data;
  const shipped = documentType === 'delivery_note';
  const data = {
    ...base,
    due_date: '2026-12-08',
    delivery_date: '2026-11-20',
    payment: shipped ? undefined : base.payment,
    line_items: shipped
      ? base.line_items.map(({ unit_price: _p, taxes: _t, ...line }) => line)
      : base.line_items,
    ...over,
  } as DocumentData;
  return withTotals(documentType, data, { locale, pageSize: 'A4', templateId: 'tpl_modern' });
}

describe('an EU VAT number is a "VAT ID" in English', () => {
  const usBuyer = {
    name: 'Harbor Lumber Inc.',
    tax_id: '12-3456789',
    address: { line1: '100 Pine St', city: 'Portland', state: 'OR', postal_code: '97204', country: 'US' },
  };

  test("a German seller's USt-IdNr. in every template; a US buyer's EIN stays a Tax ID", async () => {
    for (const templateId of TEMPLATES) {
      const text = await printed({ ...asType('invoice', 'en-GB', { buyer: usBuyer }), templateId });
      expect(`${templateId}: ${text.includes('VAT ID DE811907980')}`).toBe(`${templateId}: true`);
      expect(`${templateId}: ${text.includes('Tax ID DE811907980')}`).toBe(`${templateId}: false`);
      expect(text).toContain('Tax ID 12-3456789');
    }
  });

  test('by the number: an EU, Northern Irish, UK or Swiss VAT number, or a bare one of an EU party', () => {
    const en = labelsFor('en-GB', 'DE');
    expect(taxIdLabel(en, 'DE811907980', 'DE')).toBe('VAT ID');
    expect(taxIdLabel(en, 'ATU 123 456 78', null)).toBe('VAT ID');
    expect(taxIdLabel(en, 'EL123456789', 'GR')).toBe('VAT ID');
    expect(taxIdLabel(en, 'XI123456789', 'GB')).toBe('VAT ID');
    expect(taxIdLabel(en, 'GB123456789', 'GB')).toBe('VAT ID');
    expect(taxIdLabel(en, 'CHE-123.456.789 MWST', 'CH')).toBe('VAT ID');
    // A Greek number without its prefix, on a Greek party: the VAT id the field holds in the EU.
    expect(taxIdLabel(en, '123456789', 'GR')).toBe('VAT ID');
    expect(taxIdLabel(en, '12-3456789', 'US')).toBe('Tax ID');
    expect(taxIdLabel(en, '12-3456789', null)).toBe('Tax ID');
    // A Swiss UID without its VAT suffix is a company number, not a VAT registration.
    expect(taxIdLabel(en, 'CHE-123.456.789', 'CH')).toBe('Tax ID');
    // The English-speaking sellers' own word stays; the other languages' words are VAT words already.
    expect(taxIdLabel(labelsFor('en-IE', 'IE'), 'DE811907980', 'DE')).toBe('VAT No.');
    expect(taxIdLabel(labelsFor('de-DE', 'DE'), 'DE811907980', 'DE')).toBe('USt-IdNr.');
    expect(taxIdLabel(labelsFor('de-DE', 'AT'), 'ATU12345678', 'AT')).toBe('UID-Nr.');
    expect(taxIdLabel(labelsFor('fr-FR', 'FR'), 'DE811907980', 'DE')).toBe('N° TVA');
  });
});

describe('the dates a purchase order and a delivery note state', () => {
  const DUE = /Fällig am|FÄLLIG AM|Due date|DUE DATE/;

  test('a purchase order states the delivery date it wants, never a due date, in every template', async () => {
    for (const templateId of TEMPLATES) {
      const german = await printed({ ...asType('purchase_order', 'de-DE'), templateId });
      expect(`${templateId}: ${DUE.test(german)}`).toBe(`${templateId}: false`);
      expect(german).toMatch(/Liefertermin|LIEFERTERMIN/);
      expect(german).not.toMatch(/Leistungsdatum|LEISTUNGSDATUM/);
      const english = await printed({ ...asType('purchase_order', 'en-GB'), templateId });
      expect(`${templateId}: ${DUE.test(english)}`).toBe(`${templateId}: false`);
      expect(english).toMatch(/Delivery required by|DELIVERY REQUIRED BY/);
    }
    // (Some themes set a value above its label: the pairs are asked of the view.)
    expect(metaOf(asType('purchase_order', 'de-DE'))).toContain('Liefertermin: 20.11.2026');
    expect(metaOf(asType('purchase_order', 'en-GB'))).toContain('Delivery required by: 20 Nov 2026');
    // None wanted, none stated.
    const none = await printed(asType('purchase_order', 'de-DE', { delivery_date: undefined }));
    expect(none).not.toMatch(/Liefertermin|Leistungsdatum|Fällig am/);
  });

  test('a delivery note states its "Lieferdatum", in every template', async () => {
    for (const templateId of TEMPLATES) {
      const german = await printed({ ...asType('delivery_note', 'de-DE'), templateId });
      expect(german).toMatch(/Lieferdatum|LIEFERDATUM/);
      expect(`${templateId}: ${/Leistungsdatum|LEISTUNGSDATUM/.test(german)}`).toBe(`${templateId}: false`);
      const english = await printed({ ...asType('delivery_note', 'en-GB'), templateId });
      expect(english).toMatch(/Delivery date|DELIVERY DATE/);
      expect(english).not.toMatch(/Date of supply|DATE OF SUPPLY/);
    }
    expect(metaOf(asType('delivery_note', 'de-DE'))).toContain('Lieferdatum: 20.11.2026');
    expect(metaOf(asType('delivery_note', 'en-GB'))).toContain('Delivery date: 20 Nov 2026');
    // An invoice keeps its date of supply.
    expect(metaOf(asType('invoice', 'de-DE'))).toContain('Leistungsdatum: 20.11.2026');
  });

  test('every language names both dates, apart from the date of supply', () => {
    for (const [language, labels] of Object.entries(LANGUAGES)) {
      expect(labels.deliveredOn.trim(), language).not.toBe('');
      expect(labels.deliveryWanted.trim(), language).not.toBe('');
      expect(labels.deliveryWanted, language).not.toBe(labels.dueDate);
    }
    expect(LANGUAGES.de.deliveredOn).toBe('Lieferdatum');
    expect(LANGUAGES.de.deliveryWanted).toBe('Liefertermin');
    // An invoice keeps its date of supply (§ 14 Abs. 4 Nr. 6 UStG: "Leistungsdatum").
    expect(LANGUAGES.de.deliveryDate).toBe('Leistungsdatum');
  });
});

describe('a receipt says the amount was received', () => {
  test('no account to pay to, no terms, no QR code: the amount received, in every template', async () => {
    for (const templateId of TEMPLATES) {
      const german = await printed({ ...asType('receipt', 'de-DE'), templateId });
      expect(german).toMatch(/Betrag von [0-9.]+,[0-9]{2} € dankend erhalten\./);
      expect(`${templateId}: ${/IBAN|DE89 3704|Bitte überweisen|Skonto|scannen/.test(german)}`).toBe(
        `${templateId}: false`,
      );
      const english = await printed({ ...asType('receipt', 'en-GB'), templateId });
      expect(english).toMatch(/Received with thanks: €[0-9,]+\.[0-9]{2}\./);
      expect(english).not.toMatch(/IBAN|Scan/);
      // It names who paid, not whom it bills.
      expect(`${templateId}: ${/erhalten von/i.test(german)} ${/rechnungsempfänger/i.test(german)}`).toBe(
        `${templateId}: true false`,
      );
      expect(`${templateId}: ${/received from/i.test(english)} ${/bill to/i.test(english)}`).toBe(
        `${templateId}: true false`,
      );
    }
  });

  test('how it was paid, when the data says so', async () => {
    const cash = await printed(asType('receipt', 'de-DE', { payment: { means_text: 'Barzahlung' } }));
    expect(cash).toContain('Zahlungsart Barzahlung');
    const method = await printed(asType('receipt', 'en-GB', { payment: { accepted_methods: ['cash'] } }));
    expect(method).toContain('Paid by Cash');
    const card = await printed(
      asType('receipt', 'de-DE', { payment: { card: { last_digits: '4242', holder_name: 'J. Weber' } } }),
    );
    expect(card).toContain('Bezahlt mit Karte •••• 4242');
    // Several methods accepted say nothing of how this amount was paid.
    const several = await printed(
      asType('receipt', 'de-DE', { payment: { accepted_methods: ['cash', 'bank_transfer'] } }),
    );
    expect(several).not.toMatch(/Zahlungsart|Zahlungsarten/);
    expect(several).toContain('dankend erhalten');
  });
});

describe('a German credit note is a "Rechnungskorrektur"', () => {
  test('also one naming no invoice (a stateless render); the self-billed invoice keeps "Gutschrift"', async () => {
    for (const templateId of TEMPLATES) {
      const { text, title } = await rendered({
        ...asType('credit_note', 'de-DE', { invoice_number: 'GS-2026-004' }),
        templateId,
      });
      expect(title).toBe('Rechnungskorrektur GS-2026-004');
      expect(`${templateId}: ${/Gutschrift|GUTSCHRIFT/.test(text)}`).toBe(`${templateId}: false`);
    }
    const named = await rendered(
      asType('credit_note', 'de-DE', { invoice_number: 'RK-1', preceding_invoice: { number: 'RE-1' } }),
    );
    expect(named.title).toBe('Rechnungskorrektur RK-1');
    const selfBilled = await rendered(
      asType('invoice', 'de-DE', { invoice_number: 'GS-7', type_code: '389' }),
    );
    expect(selfBilled.title).toBe('Gutschrift (Selbstfakturierung) GS-7');
    expect(LANGUAGES.de.titles.credit_note).toBe('Rechnungskorrektur');
  });

  test('every language titles a credit note as its stored ones are titled', () => {
    for (const [language, labels] of Object.entries(LANGUAGES))
      expect(labels.titles.credit_note, language).toBe(labels.correctionTitle);
  });
});
