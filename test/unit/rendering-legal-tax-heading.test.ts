// An invoice sent through the API states its VAT as EN 16931 categories (`{category: 'S', rate: '20'}`)
// without naming the tax "VAT". Its totals already say "USt. 20 %" / "TVA 20 %" (a categorised tax is VAT);
// the line table's column said "Steuer" / "Taxe" beside them, two words for the one tax on the same page.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { renderPdf } from '../../src/rendering/render-pdf';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const seller = (country: string) => ({
  name: country === 'FR' ? 'Atelier Lumière SAS' : 'Grafikstudio Berger e.U.',
  tax_id: country === 'FR' ? 'FR40303265045' : 'ATU13585627',
  address: { line1: 'Rue 1', postal_code: '75004', city: 'Paris', country },
});

function invoiceOf(country: string, taxes: NonNullable<DocumentData['line_items'][number]['taxes']>) {
  const data = {
    number: 'F-2026-001',
    issue_date: '2026-12-07',
    due_date: '2027-01-06',
    currency: 'EUR',
    seller: seller(country),
    buyer: {
      name: 'Kaffeehaus Sacher KG',
      tax_id: 'ATU12345675',
      address: { line1: 'Philharmoniker Str. 4', city: 'Wien', country },
    },
    line_items: [{ name: 'Logo-Entwicklung', quantity: '8', unit_code: 'HUR', unit_price: '75.00', taxes }],
  } as DocumentData;
  const locale = country === 'FR' ? 'fr-FR' : 'de-AT';
  return withTotals('invoice', data, { locale, pageSize: 'A4', templateId: 'tpl_modern' });
}

async function textOf(input: ReturnType<typeof invoiceOf>) {
  return pdfPagesText(savePdf(await renderPdf(input))).join('\n');
}

describe('the line table names the VAT as the totals do', () => {
  test('an Austrian invoice with a categorised rate: "USt." in the column, not "Steuer"', async () => {
    const text = await textOf(invoiceOf('AT', [{ category: 'S', rate: '20' }]));
    expect(text).toContain('USt. 20 %');
    expect(text).toMatch(/EINZELPREIS\s+UST\.\s+BETRAG/);
    expect(text).not.toContain('STEUER');
  });

  test('a French one: "TVA" in the column, not "Taxe"', async () => {
    const text = await textOf(invoiceOf('FR', [{ category: 'S', rate: '20' }]));
    expect(text).toContain('TVA 20 %');
    expect(text).toMatch(/PRIX UNITAIRE\s+TVA\s+MONTANT/);
    expect(text).not.toContain('TAXE');
  });

  test('a tax named otherwise keeps the general word', async () => {
    const text = await textOf(invoiceOf('AT', [{ name: 'Sales tax', rate: '20' }]));
    expect(text).toMatch(/EINZELPREIS\s+STEUER\s+BETRAG/);
  });
});
