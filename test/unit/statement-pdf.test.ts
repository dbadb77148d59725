// The statement PDF (src/rendering/statement): a long period breaks across pages with the column header
// repeated and "Page n of N" on each; the words follow the language.
import { describe, expect, test } from 'bun:test';
import { renderStatementPdf, type StatementPdfInput } from '../../src/rendering/statement/render-statement';
import { inspectPdf } from '../pdf-tools';

const input = (locale: string, entries: number): StatementPdfInput => ({
  locale,
  pageSize: 'A4',
  issued: '2026-11-20',
  from: '2026-01-01',
  to: '2026-11-30',
  seller: { name: 'Müller & Söhne GmbH', lines: ['Hauptstr. 1', '10115 Berlin'] },
  customer: { name: 'Acme Ltd', lines: ['1 Main St'] },
  sections: [
    {
      currency: 'EUR',
      opening_balance: '0.00',
      closing_balance: `${entries * 10}.00`,
      entries: Array.from({ length: entries }, (_, i) => ({
        date: '2026-03-01',
        type: 'invoice' as const,
        number: `INV-${String(i + 1).padStart(4, '0')}`,
        due_date: '2026-03-31',
        amount: '10.00',
        balance: `${(i + 1) * 10}.00`,
      })),
      overdue: { amount: '0.00', documents: [] },
    },
  ],
});

describe('statement PDF', () => {
  test('a long statement repeats the column header on every page and numbers the pages', async () => {
    const pdf = await inspectPdf(await renderStatementPdf(input('en-GB', 120)));
    expect(pdf.pages).toBeGreaterThan(2);
    const pages = pdf.text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(pdf.pages);
    pages.forEach((page, i) => {
      // Every page with entries on it has the column header above them.
      if (page.includes('INV-')) expect(page).toContain('Balance');
      expect(page).toContain(`Page ${i + 1} of ${pdf.pages}`);
    });
    expect(pages.filter((page) => page.includes('INV-')).length).toBeGreaterThan(2);
    expect(pdf.text).toContain('INV-0001');
    expect(pdf.text).toContain('INV-0120');
    expect(pdf.text).toContain('Nothing is overdue.');
  });

  test.each([
    ['fr-FR', 'Relevé de compte', 'Solde initial'],
    ['es-ES', 'Extracto de cuenta', 'Saldo inicial'],
    ['it-IT', 'Estratto conto', 'Saldo iniziale'],
    ['nl-NL', 'Rekeningoverzicht', 'Beginsaldo'],
    ['ja-JP', 'Statement of account', 'Opening balance'],
  ])('in %s: %s', async (locale, title, opening) => {
    const pdf = await inspectPdf(await renderStatementPdf(input(locale, 1)));
    expect(pdf.text).toContain(title);
    expect(pdf.text).toContain(opening);
  });
});
