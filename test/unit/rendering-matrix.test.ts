// Every built-in template renders every document type on both page sizes, plus the awkward documents
// (nothing optional, very long text, many lines, every language, hostile colours), without throwing.
import { describe, expect, test } from 'bun:test';
import { DOCUMENT_TYPE_IDS, type DocumentType, PAGE_SIZE_IDS } from '../../src/modules/reference';
import { renderPdf } from '../../src/rendering/render-pdf';
import { BUILT_IN_TEMPLATES } from '../../src/rendering/templates';
import type { RenderInput } from '../../src/rendering/types';
import { creditNote, deliveryNote, invoice20, quote, withTotals } from '../rendering-fixtures';

const MEDIA_BOX = { A4: '/MediaBox [0 0 595.28 841.89]', LETTER: '/MediaBox [0 0 612 792]' };

function fixtureFor(type: DocumentType): RenderInput {
  if (type === 'credit_note') return creditNote();
  if (type === 'delivery_note') return deliveryNote();
  if (type === 'quote') return quote();
  return { ...invoice20(), documentType: type };
}

/** The PDF's own structure, read without tools: header, trailer, page objects, page size. */
function check(bytes: Uint8Array, pageSize: 'A4' | 'LETTER'): number {
  const text = Buffer.from(bytes).toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const pages = text.match(/\/Type \/Page\n/g)?.length ?? 0;
  expect(pages).toBeGreaterThan(0);
  expect(text.split(MEDIA_BOX[pageSize]).length - 1).toBe(pages);
  return pages;
}

describe('every template x document type x page size', () => {
  const cases = BUILT_IN_TEMPLATES.flatMap(({ id }) =>
    DOCUMENT_TYPE_IDS.flatMap((type) => PAGE_SIZE_IDS.map((size) => [id, type, size] as const)),
  );
  test.each(cases)('%s %s %s', async (templateId, type, pageSize) => {
    check(await renderPdf({ ...fixtureFor(type), templateId, pageSize }), pageSize);
  });
});

describe('awkward documents', () => {
  const bare = withTotals('invoice', {
    currency: 'EUR',
    line_items: [{ name: 'x', quantity: '1', unit_price: '1' }],
  });

  test.each(BUILT_IN_TEMPLATES.map((t) => t.id))(
    '%s: nothing optional (no number, parties or dates)',
    async (id) => {
      check(await renderPdf({ ...bare, templateId: id }), 'A4');
    },
  );

  test.each(BUILT_IN_TEMPLATES.map((t) => t.id))(
    '%s: text longer than a page, unbroken words',
    async (id) => {
      const long = invoice20({ templateId: id });
      long.data = {
        ...long.data,
        line_items: long.data.line_items.map((l, i) =>
          i === 0 ? { ...l, name: 'N'.repeat(300), description: 'Word '.repeat(400).trim() } : l,
        ),
        notes: `${'A long note. '.repeat(350)}${'Z'.repeat(200)}`,
        payment: { ...long.data.payment, instructions: 'Pay us. '.repeat(250) },
        custom_fields: Array.from({ length: 30 }, (_, i) => ({
          label: `Field ${i}`,
          value: 'v'.repeat(200),
        })),
        seller: { ...long.data.seller, name: 'S'.repeat(300) },
      };
      expect(check(await renderPdf(long), 'A4')).toBeGreaterThan(2);
    },
  );

  test('2,000 lines', async () => {
    const many = withTotals('invoice', {
      currency: 'EUR',
      invoice_number: 'BIG',
      line_items: Array.from({ length: 2000 }, (_, i) => ({
        name: `Line ${i}`,
        quantity: '1',
        unit_price: '1.00',
      })),
    });
    expect(check(await renderPdf({ ...many, templateId: 'tpl_compact' }), 'A4')).toBeGreaterThan(20);
  });

  test.each(['en-US', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'ja-JP', 'ar-EG', 'xx-invalid-'])(
    'locale %s',
    async (locale) => {
      check(await renderPdf(invoice20({ locale, templateId: 'tpl_bold' })), 'A4');
    },
  );

  test.each(['#ffffff', '#000000', '#ffff00'])('branding colour %s (contrast kept)', async (color) => {
    const input = invoice20({ templateId: 'tpl_bold' });
    input.data = { ...input.data, branding: { primary_color: color, accent_color: color } };
    check(await renderPdf(input), 'A4');
  });

  test('a logo that is not an image is left out, not fatal', async () => {
    const junk = { bytes: new TextEncoder().encode('not an image'), contentType: 'image/png' as const };
    const svg = { bytes: new TextEncoder().encode('<svg><broken'), contentType: 'image/svg+xml' as const };
    check(await renderPdf(invoice20({ logo: junk })), 'A4');
    check(await renderPdf(invoice20({ logo: svg })), 'A4');
  });
});
