// Hand-built image bytes for hostile upload tests: a PNG whose header declares any dimensions (with
// valid CRCs, so only the size gives it away) and bytes that start like a PNG but are not one.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An RGBA PNG declaring `width` x `height`: a whole one (blank pixels) up to a million pixels, past that its
 * pixel data only a few rows (a decoder would still try).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const whole = width * height <= 1_000_000;
  const rows = Buffer.alloc(
    whole ? height * (1 + width * 4) : Math.min(height, 2) * (1 + Math.min(width, 64) * 4),
  );
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The PNG signature followed by garbage: sniffers that look only at magic bytes call it a PNG. */
export const FAKE_PNG = Buffer.concat([PNG_SIGNATURE, Buffer.from('this is not a PNG at all, just text')]);

/**
 * A PNG of `width` x `height` whose image data is damaged: `checksum` a byte of IDAT changed (its CRC
 * then wrong, as a flipped bit on the way leaves it); `stream` the deflate stream XOR-ed and its CRC
 * made right again (only decompressing shows it); `short` whole but too few rows for its IHDR.
 */
export function damagedPng(kind: 'checksum' | 'stream' | 'short', width = 40, height = 20): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const rows = Buffer.alloc((kind === 'short' ? height - 1 : height) * (1 + width * 4), 0x7f);
  for (let r = 0; r < height; r++) rows[r * (1 + width * 4)] = 0;
  const data = Buffer.from(deflateSync(rows));
  if (kind === 'stream') for (let i = 2; i < data.length - 4; i++) data[i] = (data[i] ?? 0) ^ 0x5a;
  const idat = chunk('IDAT', data);
  if (kind === 'checksum') idat[10] = (idat[10] ?? 0) ^ 0x01;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), idat, chunk('IEND', new Uint8Array())]);
}
