import { describe, expect, test } from 'bun:test';
import { deflateSync } from 'node:zlib';
import { renderPdf } from '../../src/rendering/render-pdf';
import { german, rasterPage, savePdf } from '../rendering-fixtures';

/** An RGBA PNG of `width` x `height`: a disc of `rgb` with soft edges on a transparent ground. */
function discPng(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 4 + 1) + 1 + x * 4;
      const edge = Math.min(width, height) / 2 - Math.hypot(x - width / 2, y - height / 2);
      raw.set([...rgb, Math.round(Math.max(0, Math.min(1, edge / 4)) * 255)], at);
    }
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const withLogo = (bytes: Uint8Array, facturx: boolean) =>
  german({
    logo: { bytes, contentType: 'image/png' },
    ...(facturx ? { facturx: { xml: '<?xml version="1.0"?><x/>' } } : {}),
  });

describe('a PNG logo decoded once per process', () => {
  for (const facturx of [false, true]) {
    test(`the next document with the same logo draws it the same; another logo is itself${facturx ? ' (Factur-X, on white)' : ''}`, async () => {
      const blue = discPng(300, 120, [30, 58, 138]);
      const red = discPng(300, 120, [185, 28, 28]);
      const render = async (logo: Uint8Array) =>
        rasterPage(savePdf(await renderPdf(withLogo(logo, facturx))), 1, 50).data;
      const first = await render(blue);
      const plain = german(facturx ? { facturx: { xml: '<?xml version="1.0"?><x/>' } } : {});
      expect(rasterPage(savePdf(await renderPdf(plain)), 1, 50).data).not.toEqual(first);
      const again = await render(Uint8Array.from(blue));
      expect(again).toEqual(first);
      const other = await render(red);
      expect(other).not.toEqual(first);
      expect(await render(red)).toEqual(other);
    });
  }
});
