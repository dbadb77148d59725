// A typesetter's read of the line table: figures with different numbers of decimals are aligned on their
// decimal separator. A unit price of 0,125 € stood right-aligned beside 145,50 €, its comma a digit to the
// right of theirs; a quantity of 3,5 beside 2 likewise.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { renderPdf } from '../../src/rendering/render-pdf';
import { poppler, savePdf, withTotals } from '../rendering-fixtures';

const TEMPLATES = [
  'tpl_modern',
  'tpl_classic',
  'tpl_minimal',
  'tpl_compact',
  'tpl_bold',
  'tpl_refined',
] as const;
const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];

interface Word {
  text: string;
  xMin: number;
  xMax: number;
}

async function words(locale: string, templateId: (typeof TEMPLATES)[number]): Promise<Word[]> {
  const data = {
    invoice_number: 'RE-2026-0117',
    issue_date: '2026-11-24',
    currency: 'EUR',
    locale,
    seller: {
      name: 'Holzbau Weißhaupt',
      address: { line1: 'Königsallee 92a', city: 'Düsseldorf', country: 'DE' },
    },
    buyer: { name: 'Müller Bürobedarf GmbH' },
    line_items: [
      { name: 'Arbeitsplatte', quantity: '2', unit_code: 'H87', unit_price: '145.50', taxes: VAT19 },
      { name: 'Kleinteile', quantity: '1250', unit_code: 'H87', unit_price: '0.125', taxes: VAT19 },
      { name: 'Montage', quantity: '3.5', unit_code: 'HUR', unit_price: '68.50', taxes: VAT19 },
    ],
  } as DocumentData;
  const path = savePdf(await renderPdf(withTotals('invoice', data, { locale, pageSize: 'A4', templateId })));
  const xml = poppler('pdftotext', ['-f', '1', '-l', '1', '-bbox', path, '-']);
  return [
    ...xml.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
  ].map((m) => ({ xMin: Number(m[1]), xMax: Number(m[2]), text: m[3] ?? '' }));
}

/** Right edge of the word with this text, the rightmost one (a position number "2" stands left of a quantity). */
const rightOf = (all: Word[], text: string) => {
  const found = all.filter((w) => w.text === text);
  if (found.length === 0) throw new Error(`${text} not printed: ${all.map((w) => w.text).join(' ')}`);
  return Math.max(...found.map((w) => w.xMax));
};

describe('figures with different decimals are aligned on the decimal separator', () => {
  test('unit prices and quantities, in every template, German and English', async () => {
    for (const templateId of TEMPLATES) {
      // German: "145,50 €" and "0,125 €" (the euro sign a word of its own): the figures' commas align,
      // so "145,50" ends a digit before "0,125" does; "68,50" ends where "145,50" does.
      const de = await words('de-DE', templateId);
      expect(rightOf(de, '68,50')).toBeCloseTo(rightOf(de, '145,50'), 1);
      const shift = rightOf(de, '0,125') - rightOf(de, '145,50');
      expect(`${templateId} de ${shift > 3 && shift < 8}`).toBe(`${templateId} de true`);
      // Quantities: "2" and "1.250" end a comma and a digit before "3,5" does.
      const quantityShift = rightOf(de, '3,5') - rightOf(de, '2');
      expect(`${templateId} de qty ${quantityShift > 4 && quantityShift < 11}`).toBe(
        `${templateId} de qty true`,
      );
      expect(rightOf(de, '1.250')).toBeCloseTo(rightOf(de, '2'), 1);
      // English: "€145.50" beside "€0.125".
      const en = await words('en-GB', templateId);
      const enShift = rightOf(en, '€0.125') - rightOf(en, '€145.50');
      expect(`${templateId} en ${enShift > 3 && enShift < 8}`).toBe(`${templateId} en true`);
      expect(rightOf(en, '€68.50')).toBeCloseTo(rightOf(en, '€145.50'), 1);
    }
  });

  test('a column whose figures carry the same decimals stays flush right', async () => {
    const de = await words('de-DE', 'tpl_modern');
    // The amounts all carry two decimals: "291,00", "156,25" and "239,75" end at the same x.
    expect(rightOf(de, '156,25')).toBeCloseTo(rightOf(de, '291,00'), 1);
    expect(rightOf(de, '239,75')).toBeCloseTo(rightOf(de, '291,00'), 1);
  });
});
