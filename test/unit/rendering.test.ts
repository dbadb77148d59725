// renderPdf end to end, read back with poppler-utils (pdfinfo, pdftotext, pdffonts, pdftoppm, pdfimages):
// what a reader of the PDF sees, not what the code meant to draw.
import { describe, expect, test } from 'bun:test';
import { decodeQR } from 'qr/decode.js';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import { renderPdf } from '../../src/rendering/render-pdf';
import { BUILT_IN_TEMPLATES } from '../../src/rendering/templates';
import type { RenderInput } from '../../src/rendering/types';
import { buildInvoiceView } from '../../src/rendering/view/index';
import {
  creditNote,
  deliveryNote,
  german,
  invoice20,
  invoice60,
  invoiceWithLines,
  pdfFonts,
  pdfInfo,
  pdfPagesText,
  poppler,
  rasterPage,
  savePdf,
  withTotals,
} from '../rendering-fixtures';

const render = async (input: RenderInput) => savePdf(await renderPdf(input));
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('renderPdf, read back with poppler', () => {
  test.each([8, 10, 13, 29, 30])(
    'a %i-line German invoice: the last page holds rows with the totals, the payment and the note, never the payment alone (issue 36)',
    async (count) => {
      const base = german();
      const one = base.data.line_items[0];
      if (!one) throw new Error('fixture has lines');
      const lines = Array.from({ length: count }, (_, i) => ({
        ...one,
        name: `Leistung ${i + 1} mit einer etwas längeren Beschreibung`,
        quantity: '1',
        unit_price: '100.00',
      }));
      const input = withTotals('invoice', { ...base.data, line_items: lines }, { locale: 'de-DE' });
      const pages = pdfPagesText(await render(input));
      const last = oneLine(pages.at(-1) ?? '');
      expect(last).toMatch(/Leistung \d+ mit/);
      expect(last).toContain('Gesamtbetrag');
      expect(last).toContain('ZAHLUNG');
      expect(last).toContain('IBAN');
    },
  );

  test('a 1- and 2-line invoice with a long payment block: the first page always holds the line items, whatever the template (issue 42)', async () => {
    for (const { id } of BUILT_IN_TEMPLATES) {
      for (const pageSize of ['A4', 'LETTER'] as const) {
        for (const count of [1, 2]) {
          const pages = pdfPagesText(await render(germanInvoice(count, { templateId: id, pageSize }))).map(
            oneLine,
          );
          const where = `${id} ${pageSize} ${count} lines`;
          expect(pages[0], where).toContain('Konzeption Geschäftsausstattung');
          const totalsPage = pages.find((p) => /gesamtbetrag/i.test(p)) ?? '';
          expect(totalsPage, where).toMatch(/Konzeption Geschäftsausstattung|Fachbuch/);
        }
      }
    }
  }, 30_000);

  test('the realistic German invoice: up to four lines one A4 page, up to six every line with the totals and the payment on the first; in any template up to four every line with the totals (issue 42)', async () => {
    for (const id of ['tpl_modern', 'tpl_classic'] as const) {
      for (let count = 1; count <= 6; count++) {
        const input = germanInvoice(count, { templateId: id, pageSize: 'A4' });
        const pages = pdfPagesText(await render(input)).map(oneLine);
        const where = `${id} ${count} lines`;
        if (count <= 4) expect(pages, where).toHaveLength(1);
        const first = pages[0] ?? '';
        for (const line of input.data.line_items) expect(first, where).toContain(line.name);
        expect(first, where).toContain('Gesamtbetrag');
        expect(first, where).toContain('IBAN');
        expect(pages.at(-1), where).toContain('Leistungszeitraum');
      }
    }
    // Minimal lists the document's details under its title (the strip across the page took a second page
    // for the payment from three lines on): one page up to four lines too.
    for (let count = 1; count <= 4; count++) {
      const input = germanInvoice(count, { templateId: 'tpl_minimal', pageSize: 'A4' });
      expect(pdfPagesText(await render(input)), `tpl_minimal ${count} lines`).toHaveLength(1);
    }
    // Gaps down to 45 % of the template's: Bold's 3 lines on A4 and Modern's 4 on Letter were 0.5 and 4 pt
    // short of one page at half.
    for (const [id, count, pageSize] of [
      ['tpl_bold', 3, 'A4'],
      ['tpl_modern', 4, 'LETTER'],
    ] as const) {
      const pages = pdfPagesText(await render(germanInvoice(count, { templateId: id, pageSize })));
      expect(pages, `${id} ${pageSize} ${count} lines`).toHaveLength(1);
      expect(oneLine(pages[0] ?? ''), `${id} ${pageSize} ${count} lines`).toContain('Leistungszeitraum');
    }
    // Every template and page size: a short invoice's first page holds all its lines and the totals.
    for (const { id } of BUILT_IN_TEMPLATES) {
      for (const pageSize of ['A4', 'LETTER'] as const) {
        for (let count = 1; count <= 4; count++) {
          const input = germanInvoice(count, { templateId: id, pageSize });
          const first = oneLine(pdfPagesText(await render(input))[0] ?? '');
          const where = `${id} ${pageSize} ${count} lines`;
          for (const line of input.data.line_items) expect(first, where).toContain(line.name);
          expect(first, where).toMatch(/gesamtbetrag/i);
        }
      }
    }
  }, 60_000);

  test('ligatures read back as their letters: a search for "offenen" finds "oﬀenen" (issue 36)', async () => {
    const base = german();
    const notes = 'Bitte finden Sie den offenen Betrag; die Profile flach, affin, Effizienz.';
    const text = oneLine(pdfPagesText(await render({ ...base, data: { ...base.data, notes } })).join(' '));
    expect(text).toContain(notes);
    expect(text).not.toMatch(/[\ufb00-\ufb06]/);
  });

  test('an A4 invoice: page size, metadata, number and buyer in the text, fonts embedded', async () => {
    const path = await render(invoice20());
    const info = pdfInfo(path);
    expect(info.width).toBeCloseTo(595.28, 1);
    expect(info.height).toBeCloseTo(841.89, 1);
    expect(info.title).toBe('Invoice INV-2026-0042');
    expect(info.author).toBe('Lindqvist & Partner Design GmbH');
    const text = oneLine(pdfPagesText(path).join(' '));
    expect(text).toContain('INV-2026-0042');
    expect(text).toContain('Harbour & Finch Ltd');
    expect(text).toContain('€29,000.15');
    const fonts = pdfFonts(path);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    expect(fonts.every((f) => f.name.includes('NotoSans'))).toBe(true);
  });

  test('US Letter is 612 x 792', async () => {
    const info = pdfInfo(await render(invoice20({ pageSize: 'LETTER' })));
    expect([info.width, info.height]).toEqual([612, 792]);
  });

  test('German labels and numbers with locale de-DE', async () => {
    const path = await render(german({ templateId: 'tpl_classic' }));
    const text = oneLine(pdfPagesText(path).join(' ')).toLowerCase();
    for (const word of [
      'RECHNUNG',
      'Rechnungsempfänger',
      'Zwischensumme',
      'Gesamtbetrag',
      'Einzelpreis',
      'Seite 1 von',
    ]) {
      expect(text).toContain(word.toLowerCase());
    }
    expect(text).toContain('3.025,73 €');
    expect(text).toContain('01.12.2026');
    expect(pdfInfo(path).title).toBe('Rechnung RE-2026-1138');
  });

  test('a delivery note prints no price at all', async () => {
    const path = await render(deliveryNote());
    const text = pdfPagesText(path).join(' ');
    expect(text).toContain('BC-A-500');
    expect(text).toContain('2,000');
    // The parties' tax ids are identity, not prices: both are EU VAT numbers (DE, IE), printed "VAT ID" in
    // English as a VAT identification number is (a US firm's EIN keeps "Tax ID").
    expect(text.replace(/(?:VAT|Tax) ID \S+/g, '')).not.toMatch(
      /€|EUR|price|amount|total|tax|VAT|[0-9],[0-9]{2}\b/i,
    );
  });

  test('text extraction survives glyph reuse across documents (ToUnicode of composite glyphs)', async () => {
    // The running header's "·" in the semibold face is a composite holding the period; drawn first, it
    // once left the semibold period without a character for the rest of the process.
    await render(invoice60({ templateId: 'tpl_classic' }));
    const text = pdfPagesText(await render(german({ templateId: 'tpl_classic' }))).join(' ');
    expect(text).toContain('01.12.2026');
    expect(text).toContain('Pos.');
  });

  test('a credit note names the invoice it corrects', async () => {
    const text = oneLine(pdfPagesText(await render(creditNote())).join(' '));
    expect(text).toContain('Credit note for invoice INV-2026-0042');
  });

  test('60 lines run over several pages, the header row and page numbers on each', async () => {
    const path = await render(invoice60());
    const pages = pdfPagesText(path);
    expect(pages.length).toBeGreaterThan(1);
    expect(pdfInfo(path).pages).toBe(pages.length);
    const second = oneLine(pages[1] ?? '');
    for (const head of ['DESCRIPTION', 'QTY', 'UNIT PRICE', 'DISCOUNT', 'TAX', 'AMOUNT'])
      expect(second).toContain(head);
    expect(second).toContain(`Page 2 of ${pages.length}`);
    expect(second).toContain('INVOICE INV-2026-0107 · CONTINUED');
  });

  test('the totals never stand alone on a page, whatever the line count', async () => {
    for (const templateId of ['tpl_modern', 'tpl_compact', 'tpl_classic'] as const) {
      for (const pageSize of ['A4', 'LETTER'] as const) {
        for (let lines = 12; lines <= 44; lines += 2) {
          const input = invoiceWithLines(lines, { templateId, pageSize });
          const names = input.data.line_items.map((l) => l.name);
          const pages = pdfPagesText(await render(input)).map(oneLine);
          const totalsPage = pages.find((p) => p.includes('Subtotal'));
          const where = `${templateId} ${pageSize} ${lines} lines`;
          expect(totalsPage, where).toBeDefined();
          expect(
            names.some((name) => totalsPage?.includes(name)),
            where,
          ).toBe(true);
        }
      }
    }
  }, 60_000);

  test('the EPC QR code scans to the payment, and only EUR with a valid IBAN gets one', async () => {
    const input = invoice20();
    const path = await render(input);
    const pages = pdfPagesText(path);
    const page = pages.findIndex((p) => p.includes('Scan with your')) + 1;
    expect(page).toBeGreaterThan(0);
    // A generous time budget: the decoder's optional retries are cut at one video frame by default.
    const decoded = decodeQR(rasterPage(path, page), { format: 'RGB', timeLimit: 10_000 });
    expect(decoded).toBe(buildInvoiceView(input).payment?.qr?.payload ?? 'missing');
    expect(decoded.split('\n').slice(0, 8)).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'BEVODEBB',
      'Lindqvist & Partner Design GmbH',
      'DE89370400440532013000',
      'EUR29000.15',
    ]);

    const usd = withTotals('invoice', { ...input.data, currency: 'USD' });
    const badIban = invoice20();
    badIban.data = {
      ...badIban.data,
      payment: { bank_account: { account_number: 'DE00 3704 0044 0532 0130 00' } },
    };
    for (const other of [usd, badIban]) {
      expect(pdfPagesText(await render(other)).join(' ')).not.toContain('Scan with your');
    }
  });

  test('money is printed exactly for a 15-digit amount', async () => {
    const input = withTotals('invoice', {
      invoice_number: 'BIG-1',
      currency: 'USD',
      seller: { name: 'Seller' },
      buyer: { name: 'Buyer' },
      line_items: [{ name: 'Everything', quantity: '1', unit_price: '999999999999999.99' }],
    });
    expect(input.totals.total).toBe('999999999999999.99');
    const text = pdfPagesText(await render({ ...input, locale: 'en-US' })).join(' ');
    expect(text).toContain('$999,999,999,999,999.99');
    expect(text).not.toContain('1,000,000,000,000,000');
  });

  test('logos: PNG embedded as an image, an SVG cannot pull files from the server disk', async () => {
    expect(poppler('pdfimages', ['-list', await render(german())])).toContain('image');
    const png = savePdf(new Uint8Array(0)).replace(/\.pdf$/, '.png');
    await Bun.write(png, german().logo?.bytes ?? new Uint8Array());
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"><image href="${png}" width="100" height="40"/><rect width="10" height="10"/></svg>`;
    const input = invoice20({ logo: { bytes: new TextEncoder().encode(svg), contentType: 'image/svg+xml' } });
    const list = poppler('pdfimages', ['-list', await render(input)])
      .trim()
      .split('\n');
    expect(list.length).toBe(2); // the two header lines: no image in the document
  });

  test('deterministic apart from the creation date', async () => {
    const strip = (bytes: Uint8Array) =>
      Buffer.from(bytes)
        .toString('latin1')
        // The creation date, a string object of its own (`/CreationDate 20 0 R`): two renders a second
        // apart differ there (an inline `/CreationDate (D:...)` it never matched, so they failed then).
        .replace(/\(D:\d{14}Z\)/g, '')
        // pdfkit derives the file /ID from the info dictionary, creation date included.
        .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
    const input = invoice20();
    const first = await renderPdf(input);
    // The second render in the next second: its creation date differs, the rest may not.
    await Bun.sleep(1000 - (Date.now() % 1000) + 10);
    const second = await renderPdf(input);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
    expect(strip(first)).toBe(strip(second));
  });
});
