// A typesetter's and tax adviser's read of the printed details: no "Fällig am" where nothing falls due (a
// delivery note, a receipt, a credit note set against the invoice it corrects), and the exchange rate
// beside the VAT in the accounting currency in the document's number format ("0,9213" in German).
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import type { DocumentData } from '../../src/domain/document-data';
import type { DocumentType } from '../../src/domain/reference';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { RenderInput } from '../../src/rendering/types';
import { pdfPagesText, savePdf, withTotals } from '../rendering-fixtures';

const TEMPLATES = [
  'tpl_modern',
  'tpl_classic',
  'tpl_minimal',
  'tpl_compact',
  'tpl_bold',
  'tpl_refined',
] as const;

async function printed(input: RenderInput): Promise<string> {
  return pdfPagesText(savePdf(await renderPdf(input)))
    .join('\n')
    .replace(/\s+/g, ' ');
}

/** The realistic German invoice's first three lines as another document type, with a due date. */
function asType(documentType: DocumentType, locale: string, over: Partial<DocumentData> = {}): RenderInput {
  const base = germanInvoice(3).data;
  const shipped = documentType === 'delivery_note';
  const data = {
    ...base,
    due_date: '2026-12-08',
    payment: shipped ? undefined : base.payment,
    line_items: shipped
      ? base.line_items.map(({ unit_price: _p, taxes: _t, ...line }) => line)
      : base.line_items,
    ...over,
  } as DocumentData;
  return withTotals(documentType, data, { locale, pageSize: 'A4', templateId: 'tpl_modern' });
}

const DUE = /Fällig am|FÄLLIG AM|Due date|DUE DATE/;

describe('the due date is printed only where something falls due', () => {
  test('an invoice and a pro forma keep it', async () => {
    for (const type of ['invoice', 'proforma'] as const) {
      expect(await printed(asType(type, 'de-DE'))).toContain('Fällig am 08.12.2026');
    }
    expect(await printed(asType('invoice', 'en-GB'))).toContain('Due date 8 Dec 2026');
  });

  test('a delivery note and a receipt print none, in every template and both languages', async () => {
    for (const templateId of TEMPLATES) {
      for (const locale of ['de-DE', 'en-GB']) {
        for (const type of ['delivery_note', 'receipt'] as const) {
          const text = await printed({ ...asType(type, locale), templateId });
          expect(`${templateId} ${locale} ${type}: ${DUE.test(text)}`).toBe(
            `${templateId} ${locale} ${type}: false`,
          );
        }
      }
    }
  });

  test('a credit note set against the invoice it corrects prints none; one naming no invoice keeps it', async () => {
    const corrects = { preceding_invoice: { number: 'RE-2026-0117', issue_date: '2026-11-24' } };
    const german = await printed(asType('credit_note', 'de-DE', corrects));
    expect(german).toContain(
      'Der Betrag wird mit der Rechnung RE-2026-0117 verrechnet; zu zahlen ist nichts.',
    );
    expect(german).not.toMatch(DUE);
    const english = await printed(asType('credit_note', 'en-GB', corrects));
    expect(english).toContain('nothing is to be paid on it');
    expect(english).not.toMatch(DUE);
    // Named in the list form of BG-3 alike: the payment block says so too, not only the subtitle.
    const listed = await printed(
      asType('credit_note', 'de-DE', {
        preceding_invoices: [{ number: 'RE-2026-0117', issue_date: '2026-11-24' }],
      }),
    );
    expect(listed).toContain('Korrektur der Rechnung RE-2026-0117 vom 24.11.2026');
    expect(listed).toContain('mit der Rechnung RE-2026-0117 verrechnet');
    expect(listed).not.toMatch(DUE);
    expect(await printed(asType('credit_note', 'de-DE'))).toContain('Fällig am 08.12.2026');
  });
});

describe('the VAT in the accounting currency', () => {
  function inUsd(locale: string): RenderInput {
    const input = asType('invoice', locale, {
      currency: 'USD',
      tax_currency: { currency: 'EUR', exchange_rate: '0.9213' },
    });
    return { ...input, totals: { ...input.totals, tax_currency_tax_total: '220.88' } };
  }

  test('states the exchange rate in the document’s number format', async () => {
    const german = await printed(inUsd('de-DE'));
    expect(german).toContain('USt. in EUR (1 USD = 0,9213 EUR)');
    expect(german).toContain('220,88 €');
    expect(german).not.toContain('0.9213');
    expect(await printed(inUsd('en-GB'))).toContain('VAT in EUR (1 USD = 0.9213 EUR)');
  });
});
