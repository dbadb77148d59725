// What a tax adviser outside Germany sends back on the PDF of a seller in their country:
// - a French "micro-entrepreneur" (franchise en base, art. 293 B CGI) must print "TVA non applicable,
//   art. 293 B du CGI"; its lines coded VATEX-FR-FRANCHISE printed the bare code instead;
// - an Irish or British firm's VAT number is its "VAT No." (Irish VAT Consolidation Act 2010 s. 66, VAT
//   Directive art. 226(3)); English labels said "Tax ID", and named an Ltd's directors "Managing directors"
//   (Companies Act 2014 s. 151: the names of its directors).
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { labelsFor } from '../../src/rendering/labels';
import { renderPdf } from '../../src/rendering/render-pdf';
import { officersLabel } from '../../src/rendering/view/legal-form';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const FRENCH_MICRO = {
  name: 'Marie Dupont',
  tax_number: 'SIRET 123 456 789 00012',
  address: { line1: '3 rue Mercière', postal_code: '69002', city: 'Lyon', country: 'FR' },
};
const IRISH_LTD = {
  name: 'Shamrock Software Ltd',
  tax_id: 'IE1234567T',
  registration_number: '123456',
  managing_directors: 'Sean Murphy, Aoife Kelly',
  legal_info: 'Registered office: 1 Grafton Street, Dublin 2',
  address: { line1: '1 Grafton Street', city: 'Dublin', postal_code: 'D02 X123', country: 'IE' },
};
const FRENCH_BUYER = {
  name: 'Atelier Lumière SARL',
  tax_id: 'FR40123456789',
  address: { line1: '12 rue de la République', postal_code: '69002', city: 'Lyon', country: 'FR' },
};

function invoiceOf(
  seller: object,
  taxes: object[],
  locale: string | undefined,
  buyer: object = FRENCH_BUYER,
) {
  const data = {
    number: 'F-1',
    issue_date: '2026-12-07',
    due_date: '2027-01-06',
    currency: 'EUR',
    seller,
    buyer,
    line_items: [{ name: 'Cours de yoga', quantity: '4', unit_price: '50.00', taxes }],
  } as DocumentData;
  return withTotals('invoice', data, { locale, pageSize: 'A4', templateId: 'tpl_modern' });
}

async function textOf(input: ReturnType<typeof invoiceOf>) {
  return pdfPagesText(savePdf(await renderPdf(input)))
    .join('\n')
    .replace(/\s+/g, ' ');
}

const FRANCHISE = [{ name: 'TVA', rate: '0', category: 'E', exemption_reason_code: 'VATEX-FR-FRANCHISE' }];

describe("a French seller's franchise en base (VATEX-FR-FRANCHISE)", () => {
  test('prints the mention "TVA non applicable, art. 293 B du CGI", not the code', async () => {
    const text = await textOf(invoiceOf(FRENCH_MICRO, FRANCHISE, 'fr-FR'));
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).not.toContain('VATEX-FR-FRANCHISE');
  });

  test('in English it names the article too; a language without the words prints the French mention', async () => {
    const english = await textOf(invoiceOf(FRENCH_MICRO, FRANCHISE, undefined));
    expect(english).toContain('VAT not applicable, art. 293 B of the French General Tax Code (CGI)');
    expect(english).not.toContain('VATEX-FR-FRANCHISE');
    const dutch = await textOf(invoiceOf(FRENCH_MICRO, FRANCHISE, 'nl-NL'));
    expect(dutch).toContain('TVA non applicable, art. 293 B du CGI');
  });

  test("the seller's own words still win over the code's", async () => {
    const own = [{ ...FRANCHISE[0], exemption_reason: 'TVA non applicable – article 293 B du CGI' }];
    const text = await textOf(invoiceOf(FRENCH_MICRO, own, 'fr-FR'));
    expect(text).toContain('TVA non applicable – article 293 B du CGI');
    expect(text).not.toContain('TVA non applicable, art. 293 B du CGI');
  });
});

describe("an Irish Ltd's invoice in English", () => {
  const reverseCharge = [{ name: 'VAT', rate: '0', category: 'AE' }];

  test('labels both VAT numbers "VAT No." and the Ltd\'s directors "Directors", with and without a language', async () => {
    for (const locale of ['en-IE', undefined]) {
      const text = await textOf(invoiceOf(IRISH_LTD, reverseCharge, locale));
      expect(text).toContain('VAT No. IE1234567T');
      expect(text).toContain('VAT No. FR40123456789');
      expect(text).toContain('Directors: Sean Murphy, Aoife Kelly');
      expect(text).not.toContain('Tax ID');
      expect(text).not.toContain('Managing directors');
    }
  });

  test('English where it is the country\'s own language says "VAT No."; a US seller keeps "Tax ID"', () => {
    for (const [locale, country] of [
      ['en-GB', undefined],
      ['en-US', 'IE'],
      ['en-IE', undefined],
      ['en-US', 'MT'],
    ])
      expect(labelsFor(locale as string, country).taxId).toBe('VAT No.');
    expect(labelsFor('en-US').taxId).toBe('Tax ID');
    expect(labelsFor('en-US', 'US').taxId).toBe('Tax ID');
    expect(labelsFor('en-IE', 'US').taxId).toBe('Tax ID');
    // Other languages keep their own words for a VAT id (an Austrian firm's German: "UID-Nr.").
    expect(labelsFor('de-DE', 'AT').vatId).toBe('UID-Nr.');
    expect(labelsFor('fr-FR', 'FR').vatId).toBe('N° TVA');
  });

  test('a common-law company names its directors; a GmbH in English keeps "Managing directors"', () => {
    const en = labelsFor('en-IE', 'IE');
    for (const name of ['Shamrock Software Ltd', 'Shamrock Software Limited', 'Acme plc', 'Acme DAC'])
      expect(officersLabel(en, name)).toBe('Directors');
    expect(officersLabel(en, 'Acme GmbH')).toBe('Managing directors');
    // German words for an Irish Ltd stay the field's own label.
    expect(officersLabel(labelsFor('de-DE', 'IE'), 'Shamrock Software Ltd')).toBe('Geschäftsführer');
  });
});
