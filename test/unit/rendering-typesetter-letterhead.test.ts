// A typesetter's read of the letterhead: a part of it is never broken inside. Classic wrapped its address
// and contact line as one paragraph, so a phone number broke after "+49 211"; a legal name broke between
// "Beteiligungs-GmbH &" and "Co. KG".
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { renderPdf } from '../../src/rendering/render-pdf';
import { keepLegalForm } from '../../src/rendering/view/parties';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const TEMPLATES = [
  'tpl_modern',
  'tpl_classic',
  'tpl_minimal',
  'tpl_compact',
  'tpl_bold',
  'tpl_refined',
] as const;
const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];

async function printedLines(seller: DocumentData['seller'], templateId: (typeof TEMPLATES)[number]) {
  const data = {
    invoice_number: 'RE-2026-0117',
    issue_date: '2026-11-24',
    currency: 'EUR',
    locale: 'de-DE',
    seller,
    buyer: { name: 'Müller Bürobedarf GmbH' },
    line_items: [
      { name: 'Montage vor Ort', quantity: '3.5', unit_code: 'HUR', unit_price: '68.50', taxes: VAT19 },
    ],
  } as DocumentData;
  const input = withTotals('invoice', data, { locale: 'de-DE', pageSize: 'A4', templateId });
  return (pdfPagesText(savePdf(await renderPdf(input)))[0] ?? '').split('\n').map((l) => l.trim());
}

const SELLER = {
  name: 'Holzbau Weißhaupt',
  legal_name: 'Holzbau Weißhaupt GmbH',
  email: 'rechnung@holzbau-weisshaupt.example',
  phone: '+49 211 5566778',
  website: 'holzbau-weisshaupt.example',
  tax_id: 'DE811907980',
  address: { line1: 'Königsallee 92a', city: 'Düsseldorf', postal_code: '40212', country: 'DE' },
};

describe('the letterhead keeps each part whole', () => {
  test('the phone number, the street and the postcode with its city are never split, in any template', async () => {
    for (const templateId of TEMPLATES) {
      const lines = await printedLines(SELLER, templateId);
      const whole = (part: string) => lines.some((line) => line.includes(part));
      const kept = ['+49 211 5566778', 'Königsallee 92a', '40212 Düsseldorf'].filter(whole);
      expect(`${templateId}: ${kept.join(' | ')}`).toBe(
        `${templateId}: +49 211 5566778 | Königsallee 92a | 40212 Düsseldorf`,
      );
    }
  });

  test('"GmbH & Co. KG" stays on one line', async () => {
    const seller = {
      ...SELLER,
      name: 'Tischlerei und Innenausbau Weißhaupt-Oberländer-Schwarzenberger',
      legal_name:
        'Tischlerei und Innenausbau Weißhaupt-Oberländer-Schwarzenberger Beteiligungs-GmbH & Co. KG',
    };
    for (const templateId of TEMPLATES) {
      const lines = await printedLines(seller, templateId);
      const broken = lines.some((line) => line.endsWith('&') || line.startsWith('Co. KG'));
      expect(`${templateId}: ${broken}`).toBe(`${templateId}: false`);
      expect(lines.some((line) => line.includes('GmbH & Co. KG'))).toBe(true);
    }
  });

  test('only the form is bound: the rest of the name still breaks at its spaces', () => {
    expect(keepLegalForm('Schmidt Bau GmbH & Co. KG')).toBe('Schmidt Bau GmbH\u00a0&\u00a0Co.\u00a0KG');
    expect(keepLegalForm('Müller & Co. OHG')).toBe('Müller\u00a0&\u00a0Co.\u00a0OHG');
    expect(keepLegalForm('Meyer AG & Co KGaA')).toBe('Meyer AG\u00a0&\u00a0Co\u00a0KGaA');
    expect(keepLegalForm('Schmidt & Partner')).toBe('Schmidt & Partner');
  });
});
