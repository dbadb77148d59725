// The meta strip (Bold's number, dates and reference across the page; Minimal had one until it listed them
// under its title): when its texts do not fit on one line, an invoice number, a Leitweg-ID or
// "LEISTUNGSDATUM" is never cut between characters.
// Before: "RE-2026-047 / 11", "04011000-12 / 34512345-06", "LEISTUNGSDAT / UM" on the realistic invoice.
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import { cellWidths } from '../../src/rendering/blocks/meta';
import { renderPdf } from '../../src/rendering/render-pdf';
import { inspectPdf } from '../pdf-tools';

describe('the meta strip', () => {
  test('Bold on A4 with five cells and the amount: every word whole, a Leitweg-ID wrapped after a hyphen', async () => {
    for (const templateId of ['tpl_bold', 'tpl_minimal'] as const) {
      const { text } = await inspectPdf(await renderPdf(germanInvoice(3, { templateId })));
      const firstPage = text.split('\f')[0] ?? '';
      expect(firstPage).toContain('RE-2026-04711');
      expect(firstPage).toContain('LEISTUNGSDATUM');
      // The Leitweg-ID whole, or broken only after one of its hyphens (pdftotext lays the cells out in
      // columns: its second line is below the first, not after it).
      expect(firstPage).toMatch(/04011000-(?:1234512345-06|\s)/);
      expect(firstPage).toMatch(/(?:^|\s)1234512345-06\b|04011000-1234512345-06/);
      expect(firstPage).not.toMatch(/LEISTUNGSDAT\s*\n/);
    }
  });

  const cell = (text: number, word: number, strong = false) => ({
    weight: strong ? 1.5 : 1,
    strong,
    text,
    word,
  });
  const widths = (cells: ReturnType<typeof cell>[], unit: number) =>
    cellWidths(
      cells,
      unit,
      (c) => c.text,
      (c) => c.word,
    );

  test('room to spare: each cell its text and an even share of the rest; the tile keeps its share', () => {
    const got = widths([cell(40, 40), cell(50, 30), cell(60, 60, true)], 100);
    // Room 200, needs 52 and 62: 43 each to spare.
    expect(got).toEqual([52 + 43, 62 + 43, 150]);
  });

  test('short of room: the tile gives up its spare, the cells lacking least are whole, none below its longest word', () => {
    // Room 300 (+ what the tile does not need: 150 - (60 + 20 + 12) = 58); needs 82, 62, 172 = 316.
    const got = widths([cell(70, 70), cell(50, 50), cell(160, 90), cell(60, 60, true)], 100);
    const [number, date, reference, tile] = got as [number, number, number, number];
    expect(number).toBe(82);
    expect(date).toBe(62);
    expect(reference).toBeGreaterThanOrEqual(90 + 12);
    expect(tile).toBeGreaterThanOrEqual(60 + 20 + 12);
    expect(number + date + reference + tile).toBeCloseTo(450, 6);
  });

  test('even the longest words do not fit: equal shares, as before', () => {
    expect(widths([cell(300, 250), cell(300, 250), cell(60, 60, true)], 100)).toEqual([100, 100, 150]);
  });
});
