// The EPC QR symbol as drawn: every module, read back from the raster, is dark exactly where the symbol
// says (the squares are drawn in module units and runs of equal columns merge down the rows), and the
// quiet zone is white. Decoding alone would not show a wrong module: error correction hides a few.
import { describe, expect, test } from 'bun:test';
import { Layout } from '../../src/rendering/engine/layout';
import { Pdf } from '../../src/rendering/engine/pdf';
import { drawQr, QUIET_ZONE, qrMatrix } from '../../src/rendering/engine/qr';
import { rasterPage, savePdf } from '../rendering-fixtures';

const PAYLOAD =
  'BCD\n002\n1\nSCT\nBEVODEBB\nLindqvist & Partner Design GmbH\nDE89370400440532013000\nEUR2965.22\n\n\nRE-2026-0902';

describe('QR symbol', () => {
  test('each module is painted dark exactly where the symbol has one, inside a white quiet zone', async () => {
    const matrix = qrMatrix(PAYLOAD);
    const count = matrix.length;
    expect(count).toBeGreaterThan(20);
    // 4 points a module: at 72 dpi a module is 4 x 4 pixels, read at its centre.
    const modulePt = 4;
    const size = (count + 2 * QUIET_ZONE) * modulePt;
    const [left, top] = [60, 80];
    const pdf = await Pdf.create({ pageSize: 'A4', title: 'QR', author: 'test', lang: 'de-DE' });
    const layout = new Layout(pdf, { top: 40, right: 40, bottom: 40, left: 40 }, 'de-DE');
    layout.rect(0, 0, pdf.width, pdf.height, '#dbeafe'); // a tinted page: the quiet zone must still be white
    drawQr(layout, matrix, left, top, size, '#111827');
    const page = rasterPage(savePdf(await pdf.finish()), 1, 72);

    const pixel = (x: number, y: number) => {
      const at = (Math.floor(y) * page.width + Math.floor(x)) * 3;
      return [page.data[at], page.data[at + 1], page.data[at + 2]] as number[];
    };
    const isDark = (x: number, y: number) => pixel(x, y).every((v) => v < 60);
    const wrong: string[] = [];
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) {
        const x = left + (QUIET_ZONE + col + 0.5) * modulePt;
        const y = top + (QUIET_ZONE + row + 0.5) * modulePt;
        if (isDark(x, y) !== matrix[row]?.[col]) wrong.push(`${row},${col}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const [x, y] of [
      [left + 2, top + 2],
      [left + size - 2, top + size - 2],
      [left + 2, top + size / 2],
    ] as const) {
      expect(pixel(x, y)).toEqual([255, 255, 255]);
    }
    expect(pixel(left - 10, top - 10)).not.toEqual([255, 255, 255]);
  });
});
