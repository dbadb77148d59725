import { afterAll, describe, expect, test } from 'bun:test';
import { computeTotals } from '../../src/domain/money';
import type { RenderInput } from '../../src/rendering/types';
import { fromRenderMessage, toRenderMessage } from '../../src/workers/render-message';
import { DEFAULT_RENDER_LIMITS, RenderPool } from '../../src/workers/render-pool';
import { invoice20, LOGO_PNG, pdfPagesText, savePdf } from '../rendering-fixtures';

const lines = [{ name: 'Item', quantity: '1', unit_price: '9.99', taxes: [{ rate: '19', category: 'S' }] }];
const outcome = computeTotals({ minorUnits: 2, lines });
if (!outcome.ok) throw new Error('bad fixture');

const input = (number: string): RenderInput => ({
  documentType: 'invoice',
  data: {
    invoice_number: number,
    issue_date: '2026-11-02',
    currency: 'EUR',
    seller: { name: 'Seller' },
    buyer: { name: 'Buyer' },
    line_items: lines,
  },
  totals: outcome.totals,
  templateId: 'tpl_modern',
  pageSize: 'A4',
});

// The memory watch reads the whole process's RSS: the test runner's holds every earlier file's garbage.
const UNWATCHED = { ...DEFAULT_RENDER_LIMITS, memoryLimitBytes: 64 * 1024 ** 3 };
const pool = new RenderPool(2, UNWATCHED);
afterAll(() => pool.close());

describe('render pool', () => {
  test('draws PDFs on worker threads, several at once, each answer to its own job', async () => {
    const numbers = ['P-1', 'P-2', 'P-3', 'P-4', 'P-5'];
    const pdfs = await Promise.all(numbers.map((n) => pool.render(input(n))));
    for (const [i, pdf] of pdfs.entries()) {
      const text = new TextDecoder('latin1').decode(pdf);
      expect(text.startsWith('%PDF-')).toBe(true);
      expect(text).toContain(`Invoice ${numbers[i]}`);
    }
  });

  test('a render that fails in a worker rejects only its own job', async () => {
    const broken = { ...input('P-X'), data: null, totals: null } as unknown as RenderInput;
    const results = await Promise.allSettled([pool.render(broken), pool.render(input('P-OK'))]);
    expect(results[0]?.status).toBe('rejected');
    expect(results[1]?.status).toBe('fulfilled');
  });

  test('an input reaches the worker whole: data as JSON, the logo and Factur-X files as bytes', async () => {
    const attachment = { filename: 'a.csv', mimeCode: 'text/csv', bytes: new Uint8Array([1, 2, 250]) };
    const full = invoice20({
      logo: { bytes: LOGO_PNG, contentType: 'image/png' },
      facturx: { xml: '<x/>', attachments: [attachment] },
      sourceDocumentNumber: 'RE-1',
    });
    const sent = structuredClone(toRenderMessage(7, full));
    expect(fromRenderMessage(sent)).toEqual({ id: 7, input: full });
    const pdf = await pool.render(full);
    expect(new TextDecoder('latin1').decode(pdf)).toContain('/Subtype /Image');
    expect(pdfPagesText(savePdf(pdf)).join('')).toContain(full.data.invoice_number as string);
  });

  test('a closed pool refuses work', async () => {
    const small = new RenderPool(1, UNWATCHED);
    small.close();
    await expect(small.render(input('P-C'))).rejects.toThrow('closed');
  });
});
