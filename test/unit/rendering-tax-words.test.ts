// The words a tax number is printed with in every language, and the title of a Spanish firm's correction: a
// US buyer's EIN on a German invoice said "USt-IdNr. 12-3456789" (an EU VAT number it is not; the French,
// Italian and Dutch words alike), and a Spanish firm's credit note said "Nota de crédito", where Spain's
// correction of an invoice is a "factura rectificativa" (Real Decreto 1619/2012 art. 15).
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import type { DocumentData } from '../../src/domain/document-data';
import { LANGUAGES, labelsFor, taxIdLabel } from '../../src/rendering/labels';
import { renderPdf } from '../../src/rendering/render-pdf';
import { pdfInfo, pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const US_BUYER = {
  name: 'Harbor Lumber Inc.',
  tax_id: '12-3456789',
  address: { line1: '100 Pine St', city: 'Portland', state: 'OR', postal_code: '97204', country: 'US' },
};

async function printed(type: 'invoice' | 'credit_note', locale: string, over: Partial<DocumentData>) {
  const data = { ...germanInvoice(3).data, ...over } as DocumentData;
  const path = savePdf(await renderPdf(withTotals(type, data, { locale, pageSize: 'A4' })));
  return { text: pdfPagesText(path).join('\n').replace(/\s+/g, ' '), title: pdfInfo(path).title };
}

describe('a tax number that is no VAT number is not called one', () => {
  test('in German, French, Italian and Dutch a US EIN gets the word for a tax number, an EU VAT id its VAT word', () => {
    const words = {
      'de-DE': ['Steuernummer', 'USt-IdNr.'],
      'fr-FR': ['N° fiscal', 'N° TVA'],
      'it-IT': ['Codice fiscale', 'P. IVA'],
      'nl-NL': ['Fiscaal nr.', 'Btw-nr.'],
      'en-US': ['Tax ID', 'VAT ID'],
    } as const;
    for (const [locale, [tax, vat]] of Object.entries(words)) {
      const labels = labelsFor(locale, locale.slice(3));
      expect(`${locale}: ${taxIdLabel(labels, '12-3456789', 'US')}`).toBe(`${locale}: ${tax}`);
      expect(`${locale}: ${taxIdLabel(labels, 'DE811907980', 'DE')}`).toBe(`${locale}: ${vat}`);
      // A bare number of a party in a member state is the VAT id the field holds there (BT-31, BT-48).
      expect(`${locale}: ${taxIdLabel(labels, '811907980', 'DE')}`).toBe(`${locale}: ${vat}`);
    }
    // An Austrian firm's own word for a VAT id stays; its US buyer's EIN is a tax number.
    const austrian = labelsFor('de-AT', 'AT');
    expect(taxIdLabel(austrian, 'ATU12345678', 'AT')).toBe('UID-Nr.');
    expect(taxIdLabel(austrian, '12-3456789', 'US')).toBe('Steuernummer');
    // Spanish calls both NIF.
    expect(taxIdLabel(labelsFor('es-ES', 'ES'), '12-3456789', 'US')).toBe('NIF');
    expect(taxIdLabel(labelsFor('es-ES', 'ES'), 'ESB12345678', 'ES')).toBe('NIF');
  });

  test("a German invoice to a US buyer prints its EIN as a Steuernummer, the seller's USt-IdNr. as one", async () => {
    const { text } = await printed('invoice', 'de-DE', { buyer: US_BUYER });
    expect(text).toContain('Steuernummer 12-3456789');
    expect(text).not.toContain('USt-IdNr. 12-3456789');
    expect(text).toContain('USt-IdNr. DE811907980');
  });
});

describe("a Spanish firm's correction is a factura rectificativa", () => {
  const spanishSeller = (data: DocumentData) => ({
    ...data.seller,
    name: 'Carpintería López S.L.',
    tax_id: 'ESB12345678',
    address: { line1: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', country: 'ES' },
  });

  test('titled so and naming the invoice it corrects; a Mexican firm keeps its nota de crédito', async () => {
    const base = germanInvoice(3).data as DocumentData;
    const spanish = await printed('credit_note', 'es-ES', {
      seller: spanishSeller(base),
      invoice_number: 'R-2026-004',
      preceding_invoice: { number: 'F-2026-031', issue_date: '2026-11-02' },
    });
    expect(spanish.title).toBe('Factura rectificativa R-2026-004');
    expect(spanish.text).toContain('Rectifica la factura F-2026-031');
    expect(spanish.text).not.toMatch(/Nota de crédito|NOTA DE CRÉDITO/);
    const mexican = await printed('credit_note', 'es-MX', {
      seller: {
        ...spanishSeller(base),
        address: { line1: 'Av. Reforma 1', city: 'Ciudad de México', country: 'MX' },
      },
      invoice_number: 'NC-17',
    });
    expect(mexican.title).toBe('Nota de crédito NC-17');
    expect(labelsFor('es-ES', 'ES').titles.credit_note).toBe(labelsFor('es-ES', 'ES').correctionTitle);
    expect(LANGUAGES.es.correctionTitle).toBe('Nota de crédito');
  });
});
