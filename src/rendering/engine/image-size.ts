import { createInflate } from 'node:zlib';

// The pixel size a PNG or JPEG declares, read from its header. Sniffing looks only at magic bytes, so a
// file can pass as image/png while its header is garbage, or declare 100000 x 100000 pixels in a few
// hundred bytes: a decoder (pdfkit decodes PNGs with alpha) would then try to allocate tens of gigabytes.

/** Far beyond any logo (the recommended size is 400x200), far below what hurts a decoder. */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 25_000_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Why the image cannot be accepted, or null when its header is sound and its size reasonable. */
export function rasterSizeProblem(bytes: Uint8Array, contentType: string): string | null {
  const size =
    contentType === 'image/png' ? pngSize(bytes) : contentType === 'image/jpeg' ? jpegSize(bytes) : undefined;
  if (size === undefined) return null; // not a raster format we check
  if (size === null) return `The file claims to be ${contentType} but its header cannot be read`;
  const { width, height } = size;
  if (width < 1 || height < 1) return `The image declares ${width}x${height} pixels`;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return (
      `The image declares ${width}x${height} pixels; at most ${MAX_IMAGE_SIDE} per side and ` +
      `${MAX_IMAGE_PIXELS} pixels in all are accepted`
    );
  }
  return null;
}

interface Size {
  width: number;
  height: number;
}

function u16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u32(bytes: Uint8Array, at: number): number {
  return u16(bytes, at) * 0x10000 + u16(bytes, at + 2);
}

/** The first chunk of a PNG must be a 13-byte IHDR holding width and height. */
function pngSize(bytes: Uint8Array): Size | null {
  if (bytes.byteLength < 33 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (u32(bytes, 8) !== 13 || type !== 'IHDR') return null;
  return { width: u32(bytes, 16), height: u32(bytes, 20) };
}

/** Walks the JPEG segments up to the first start-of-frame marker, which holds height and width. */
function jpegSize(bytes: Uint8Array): Size | null {
  let at = 2;
  while (at + 9 <= bytes.byteLength) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    at += 2 + u16(bytes, at + 2);
  }
  return null;
}

/**
 * Why a whole uploaded image cannot be drawn though its header reads, or null: a PNG cut short (an upload
 * broken off, a file half copied: its chunks end before IEND) is left out of every PDF unsaid. Not asked
 * of an image inside an SVG, whose first bytes alone are read there; nor of a JPEG, which pdfkit embeds as
 * it is, its end marker or not.
 */
export function rasterCompletenessProblem(bytes: Uint8Array, contentType: string): string | null {
  if (contentType !== 'image/png' || pngComplete(bytes)) return null;
  return 'The PNG file is cut short (its chunks end before IEND): upload the whole image';
}

/** Whether a PNG's chunks, by their lengths (their CRCs are not checked), run whole up to its IEND chunk. */
function pngComplete(bytes: Uint8Array): boolean {
  let at = 8;
  while (at + 12 <= bytes.byteLength) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    at += 12 + length;
    if (type === 'IEND') return at <= bytes.byteLength;
  }
  return false;
}

/** Chunks a PNG decoder refuses to go past with a wrong CRC (libpng's default for critical chunks). */
const CRITICAL_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
/** Samples a pixel holds, by the IHDR's colour type: grey, -, RGB, palette, grey+alpha, -, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: start column and row, column and row steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes a PNG's image data inflates to: each row's filter byte and its packed samples, per pass. */
function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    total += rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy));
  }
  return total;
}

/**
 * Why a whole PNG's image data cannot be decoded, or null: a critical chunk whose CRC does not match (a
 * byte changed on the way), or IDAT data that does not inflate to the pixels IHDR declares. pdfkit embeds
 * the data as it is, so such a logo made a PDF that viewers draw blank or call damaged. Inflated on zlib's
 * thread in pieces, counted and dropped: a 25-megapixel logo holds the event loop no longer than a small one.
 * Asked after rasterSizeProblem and rasterCompletenessProblem (the header reads, the chunks run to IEND).
 */
export async function pngDataProblem(bytes: Uint8Array): Promise<string | null> {
  const idat: Uint8Array[] = [];
  let header: Uint8Array | null = null;
  for (let at = 8; at + 12 <= bytes.byteLength; ) {
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (
      CRITICAL_CHUNKS.has(type) &&
      Bun.hash.crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32(bytes, at + 8 + length)
    ) {
      return `The PNG file is damaged (its ${type} chunk's checksum does not match): upload the image again`;
    }
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || header.byteLength < 13) return null; // rasterSizeProblem's to say
  const bitDepth = header[8] ?? 0;
  const channels = CHANNELS[header[9] ?? -1];
  if (channels === undefined)
    return `The PNG file declares colour type ${header[9]}, which PNG does not have`;
  const expected = pngRawSize(u32(header, 0), u32(header, 4), bitDepth * channels, header[12] === 1);
  const inflated = await inflatedLength(idat, expected);
  if (inflated === null || inflated < expected) {
    const declared = 'its image data does not decompress to the pixels it declares';
    return `The PNG file is damaged (${declared}): upload the image again`;
  }
  return null;
}

/**
 * How many bytes `parts` inflate to as one zlib stream (at least `enough`: then it stops), or null when
 * they do not inflate.
 */
async function inflatedLength(parts: readonly Uint8Array[], enough: number): Promise<number | null> {
  return await new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      // Enough for every pixel: what follows is not drawn (a few MiB of deflated zeros would inflate to
      // gigabytes on zlib's shared threads otherwise).
      if (total >= enough) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(null));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}
