// A PNG's image data is checked at upload (pngDataProblem): whole PNGs of every colour type, bit depth and
// interlacing pass; one row short, a stream that does not inflate or a wrong checksum is named. The PNGs
// are built here by an encoder that walks the pixels of each Adam7 pass one by one, not by the formula
// the check uses.
import { describe, expect, test } from 'bun:test';
import { deflateSync } from 'node:zlib';
import { pngDataProblem } from '../../src/rendering/engine/image-size';
import { chunk, PNG_SIGNATURE } from '../fuzz/images';

const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Raw scanlines (filter byte 0 and packed samples of value 0x55...) of each pass, by walking its pixels. */
function scanlines(width: number, height: number, bits: number, interlaced: boolean, dropRows = 0): Buffer {
  const passes = interlaced ? PASSES : [[0, 0, 1, 1]];
  const out: number[] = [];
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    let columns = 0;
    for (let x = x0; x < width; x += dx) columns++;
    const rows: number[] = [];
    for (let y = y0; y < height; y += dy) rows.push(y);
    if (columns === 0) continue;
    for (const _ of rows) out.push(0, ...new Array(Math.ceil((columns * bits) / 8)).fill(0x55));
  }
  const perRow = Math.ceil((width * bits) / 8) + 1;
  return Buffer.from(out.slice(0, out.length - dropRows * perRow));
}

function png(
  width: number,
  height: number,
  depth: number,
  colour: number,
  interlaced: boolean,
  dropRows = 0,
) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colour;
  ihdr[12] = interlaced ? 1 : 0;
  const bits = depth * (CHANNELS[colour] ?? 0);
  const parts = [PNG_SIGNATURE, chunk('IHDR', ihdr)];
  if (colour === 3) parts.push(chunk('PLTE', Buffer.alloc(3 * 16, 0x80)));
  const data = deflateSync(scanlines(width, height, bits, interlaced, dropRows));
  // Split in two IDAT chunks, as encoders do for larger images.
  const half = Math.floor(data.length / 2);
  parts.push(chunk('IDAT', data.subarray(0, half)), chunk('IDAT', data.subarray(half)));
  parts.push(chunk('IEND', new Uint8Array()));
  return Buffer.concat(parts);
}

const KINDS: [number, number[]][] = [
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
];
const SIZES = [
  [1, 1],
  [13, 7],
  [8, 8],
  [3, 9],
  [400, 200],
];

describe('PNG image data at upload', () => {
  test('every colour type, bit depth and size, plain and interlaced: whole PNGs pass', async () => {
    for (const [colour, depths] of KINDS) {
      for (const depth of depths) {
        for (const [w, h] of SIZES as [number, number][]) {
          for (const interlaced of [false, true]) {
            const problem = await pngDataProblem(png(w, h, depth, colour, interlaced));
            if (problem) throw new Error(`${w}x${h} type ${colour} depth ${depth} ${interlaced}: ${problem}`);
          }
        }
      }
    }
  });

  test('a row short, plain and interlaced: named', async () => {
    for (const interlaced of [false, true]) {
      expect(await pngDataProblem(png(13, 7, 8, 6, interlaced, 1))).toContain('does not decompress');
      expect(await pngDataProblem(png(400, 200, 16, 2, interlaced, 1))).toContain('does not decompress');
    }
  });

  test('a wrong checksum in IHDR or IDAT, and data that is not deflate: named', async () => {
    const whole = png(13, 7, 8, 2, false);
    const ihdr = Buffer.from(whole);
    ihdr[20] = (ihdr[20] ?? 0) ^ 1; // a height bit, CRC unchanged
    expect(await pngDataProblem(ihdr)).toContain("IHDR chunk's checksum");
    const idat = Buffer.from(whole);
    idat[45] = (idat[45] ?? 0) ^ 1;
    expect(await pngDataProblem(idat)).toContain('checksum does not match');
    const notDeflate = Buffer.concat([
      PNG_SIGNATURE,
      whole.subarray(8, 33),
      chunk('IDAT', Buffer.from('not a deflate stream at all')),
      chunk('IEND', new Uint8Array()),
    ]);
    expect(await pngDataProblem(notDeflate)).toContain('does not decompress');
  });
});
