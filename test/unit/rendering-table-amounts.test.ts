// The line table's figures stay whole: an amount and its currency are held together by Intl's no-break
// space, and the item column gives way before the figures are squeezed (before: "9.845,1234 / €",
// "12.292.634,89 / €" in Classic with an article number and a discount; "EINZELPREI / S" in a monospaced
// font).
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { BuiltInTemplateId, RenderInput } from '../../src/rendering/types';
import { inspectPdf } from '../pdf-tools';
import { withTotals } from '../rendering-fixtures';

const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];

function bigLines(templateId: BuiltInTemplateId, font?: string): RenderInput {
  const { data: base, totals: _totals, ...rest } = germanInvoice(2, { templateId });
  const data = {
    ...base,
    line_items: [
      {
        name: 'Förderanlage Typ XL',
        description: 'Montage und Inbetriebnahme',
        sku: 'FA-XL-2026-0001',
        quantity: '1250.125',
        unit_code: 'C62',
        unit_price: '9845.1234',
        discount: { type: 'fixed' as const, value: '15000' },
        taxes: VAT19,
      },
      { name: 'Wartung', quantity: '1', unit_code: 'C62', unit_price: '120.00', taxes: VAT19 },
    ],
  };
  return withTotals('invoice', data, { ...rest, config: font ? { font_family: font } : undefined });
}

describe('figures in the line table', () => {
  for (const [templateId, font] of [
    ['tpl_classic', undefined],
    ['tpl_modern', undefined],
    ['tpl_modern', 'Noto Sans Mono'],
  ] as const) {
    test(`${templateId}${font ? ` in ${font}` : ''}: every amount on one line with its €`, async () => {
      const { text } = await inspectPdf(await renderPdf(bigLines(templateId, font)));
      for (const amount of ['9.845,1234 €', '12.292.634,89 €', '15.000,00 €']) expect(text).toContain(amount);
      // No € alone at a line's end of the table, nor a number cut off before its currency.
      expect(text).not.toMatch(/\d,\d{2,4}\s*\n\s*€/);
    });
  }
});

describe('no-break spaces in wrapped text', () => {
  test('a run of them between words is one space, and a run of only them is no text', async () => {
    const { data: base, totals: _totals, ...rest } = germanInvoice(2);
    const nbsp = '\u00a0';
    const line = {
      name: `Wartung${nbsp.repeat(50)}Heizung`,
      description: nbsp.repeat(50),
      quantity: '1',
      unit_code: 'C62',
      unit_price: '100.00',
      taxes: VAT19,
    };
    const { text, pages } = await inspectPdf(
      await renderPdf(withTotals('invoice', { ...base, line_items: [line] }, rest)),
    );
    expect(pages).toBe(1);
    expect(text).toMatch(/Wartung Heizung/);
  });
});
