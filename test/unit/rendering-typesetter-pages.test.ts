// A typesetter's read of the page breaks: a short Schlussrechnung deducting two Abschläge is one A4 page in
// every template. Bold and Minimal drew it on two: the first page held one of its two lines and half a page
// blank, the second the other line, the totals (tall with the two deductions) and the payment block, which
// missed the first page by a few points.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { RenderInput } from '../../src/rendering/types';
import { pdfInfo, pdfPagesText, poppler, savePdf, VALID_IBAN, withTotals } from '../rendering-fixtures';

const TEMPLATES = [
  'tpl_modern',
  'tpl_classic',
  'tpl_minimal',
  'tpl_compact',
  'tpl_bold',
  'tpl_refined',
] as const;
const VAT19 = [{ name: 'VAT', rate: '19', category: 'S' }];

function finalInvoice(locale: string, templateId: (typeof TEMPLATES)[number]): RenderInput {
  const abschlag = (number: string, issue_date: string) => ({
    number,
    issue_date,
    net_amount: '10000.00',
    tax_amount: '1900.00',
    total: '11900.00',
    tax_rate: '19',
  });
  const data = {
    invoice_number: 'SR-2026-003',
    type_code: '877',
    issue_date: '2026-11-24',
    due_date: '2026-12-08',
    delivery_date: '2026-11-20',
    currency: 'EUR',
    locale,
    seller: {
      name: 'Holzbau Weißhaupt',
      legal_name: 'Holzbau Weißhaupt GmbH',
      email: 'rechnung@holzbau-weisshaupt.example',
      phone: '+49 211 5566778',
      website: 'holzbau-weisshaupt.example',
      tax_id: 'DE811907980',
      tax_number: '133/5873/0815',
      registration_number: 'HRB 27811, Amtsgericht Düsseldorf',
      managing_directors: 'Jördis Weißhaupt, Max Weber',
      address: { line1: 'Königsallee 92a', city: 'Düsseldorf', postal_code: '40212', country: 'DE' },
      bank_account: {
        bank_name: 'Stadtsparkasse Düsseldorf',
        account_number: VALID_IBAN,
        swift: 'DUSSDEDDXXX',
      },
    },
    buyer: {
      name: 'Müller Bürobedarf GmbH',
      tax_id: 'DE136695976',
      email: 'buchhaltung@mueller-buero.example',
      address: { line1: 'Industriestraße 5', city: 'Köln', postal_code: '50667', country: 'DE' },
    },
    line_items: [
      {
        name: 'Holzrahmenbau EFH Ratingen, gesamt',
        quantity: '1',
        unit_code: 'LS',
        unit_price: '32500.00',
        taxes: VAT19,
      },
      { name: 'Nachtrag 1: Gaube', quantity: '1', unit_code: 'LS', unit_price: '4200.00', taxes: VAT19 },
    ],
    payment: { instructions: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.' },
    prepaid_amount: '23800.00',
    deductions: [abschlag('AR-2026-001', '2026-08-15'), abschlag('AR-2026-002', '2026-10-01')],
    preceding_invoices: [
      { number: 'AR-2026-001', issue_date: '2026-08-15' },
      { number: 'AR-2026-002', issue_date: '2026-10-01' },
    ],
  } as DocumentData;
  const input = withTotals('invoice', data, { locale, pageSize: 'A4', templateId });
  return { ...input, totals: { ...input.totals, prepaid_amount: '23800.00', amount_due: '19873.00' } };
}

describe('a short Schlussrechnung', () => {
  test('is one A4 page in every template, in German and English, its lines, totals and payment on it', async () => {
    const pages: string[] = [];
    for (const templateId of TEMPLATES) {
      for (const locale of ['de-DE', 'en-GB']) {
        const path = savePdf(await renderPdf(finalInvoice(locale, templateId)));
        const text = pdfPagesText(path)[0] ?? '';
        pages.push(`${templateId} ${locale}: ${pdfInfo(path).pages}`);
        expect(text).toContain('Nachtrag 1: Gaube');
        expect(text).toContain(locale === 'de-DE' ? '19.873,00 €' : '€19,873.00');
        expect(text).toContain('DE89 3704 0044 0532 0130 00');
      }
    }
    expect(pages).toEqual(TEMPLATES.flatMap((t) => [`${t} de-DE: 1`, `${t} en-GB: 1`]));
  });

  test('a deducted Abschlag’s label wraps beside its own figure, on at most two lines', async () => {
    for (const templateId of TEMPLATES) {
      const path = savePdf(await renderPdf(finalInvoice('de-DE', templateId)));
      const xml = poppler('pdftotext', ['-f', '1', '-l', '1', '-bbox', path, '-']);
      const words = [...xml.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
        (m) => ({
          y: Number(m[1]),
          text: m[2] ?? '',
        }),
      );
      // The first deduction: "abzüglich Abschlagsrechnung AR-2026-001 vom 15.08.2026".
      const start = words.findIndex((w) => w.text === 'abzüglich');
      const label = words
        .slice(start)
        .filter((w) =>
          ['abzüglich', 'Abschlagsrechnung', 'AR-2026-001', 'vom', '15.08.2026'].includes(w.text),
        );
      const lines = new Set(label.slice(0, 5).map((w) => Math.round(w.y)));
      expect(`${templateId}: ${lines.size <= 2}`).toBe(`${templateId}: true`);
    }
  });
});
