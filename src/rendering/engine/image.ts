// The logo: scaled into a box with its aspect ratio kept. PNG and JPEG go through pdfkit; SVG is drawn as
// vectors by svg-to-pdfkit (loaded only when an SVG logo appears). A logo that cannot be read is left
// out rather than failing the whole document: the invoice matters more than its letterhead. In Factur-X
// (PDF/A) renders logos are drawn without transparency (engine/opaque.ts).
import type { LogoImage } from '../types';
import { makeOpaque, svgNeedsTransparency } from './opaque';
import type { Pdf } from './pdf';
import { svgSafetyProblem } from './svg-safety';

export interface PlacedImage {
  width: number;
  height: number;
  draw(x: number, y: number): void;
}

interface SvgOptions {
  width: number;
  height: number;
  preserveAspectRatio: string;
  assumePt: boolean;
  fontCallback: (family: string, bold: boolean, italic: boolean) => string;
  imageCallback: (link: string) => string | Uint8Array;
  warningCallback: (message: string) => void;
}
type SvgToPdf = (doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options: SvgOptions) => void;

interface OpenedImage {
  width: number;
  height: number;
}

const fit = (w: number, h: number, maxW: number, maxH: number) => {
  const scale = Math.min(maxW / w, maxH / h);
  return { width: w * scale, height: h * scale };
};

/** Measures the logo into a `maxW` x `maxH` box; null when there is none or it cannot be read. */
export async function placeLogo(
  pdf: Pdf,
  logo: LogoImage | null,
  maxW: number,
  maxH: number,
): Promise<PlacedImage | null> {
  if (!logo || logo.bytes.byteLength === 0) return null;
  try {
    return logo.contentType === 'image/svg+xml'
      ? await placeSvg(pdf, logo.bytes, maxW, maxH)
      : placeRaster(pdf, logo.bytes, maxW, maxH);
  } catch {
    return null;
  }
}

function placeRaster(pdf: Pdf, bytes: Uint8Array, maxW: number, maxH: number): PlacedImage | null {
  const doc = pdf.doc as PDFKit.PDFDocument & { openImage(src: Buffer): OpenedImage };
  const image = doc.openImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!(image.width > 0 && image.height > 0)) return null;
  if (pdf.pdfA) makeOpaque(image);
  reuseDecoded(image, `${pdf.pdfA ? 'opaque' : 'plain'}:${bytes.byteLength}:${Bun.hash(bytes)}`);
  const size = fit(image.width, image.height, maxW, maxH);
  return {
    ...size,
    draw: (x, y) => {
      doc.image(image as unknown as Buffer, x, y, { width: size.width, height: size.height } as object);
    },
  };
}

/** The steps of pdfkit's PNGImage that decode the pixels (the others pass the file's data through). */
const DECODING_STEPS = ['splitAlphaChannel', 'loadIndexedAlphaChannel', 'decodeData'] as const;

interface DecodingImage {
  imgData: Uint8Array;
  alphaChannel?: Uint8Array;
  finalize(): void;
  splitAlphaChannel?(): void;
  loadIndexedAlphaChannel?(): void;
  decodeData?(): void;
}

// A PNG with an alpha channel (most logos), a palette with alpha, or interlacing is decoded by pdfkit for
// every document (inflated and unfiltered in JavaScript), its colours and alpha split and compressed again:
// 5 ms of a 20-line invoice for a 600 x 200 logo, more than the rest of the drawing. The result depends only
// on the file (and on Factur-X's flattening onto white), so it is kept for the next document with the same
// logo: the last few logos a process drew.
const DECODED_LOGOS = 16;
const decodedLogos = new Map<string, { imgData: Uint8Array; alphaChannel?: Uint8Array }>();

/** Makes the opened image use the kept result of an earlier document's decoding, or keep its own. */
function reuseDecoded(opened: unknown, key: string): void {
  const image = opened as DecodingImage;
  if (typeof image.finalize !== 'function') return; // a JPEG: nothing is decoded
  const known = decodedLogos.get(key);
  if (known) {
    for (const step of DECODING_STEPS) {
      image[step] = function reuse(this: DecodingImage) {
        this.imgData = known.imgData;
        this.alphaChannel = known.alphaChannel;
        this.finalize();
      };
    }
    return;
  }
  let decoded = false;
  for (const step of DECODING_STEPS) {
    const original = image[step];
    if (typeof original !== 'function') continue;
    image[step] = function decode(this: DecodingImage) {
      decoded = true;
      original.call(this);
    };
  }
  const finalize = image.finalize;
  image.finalize = function keep(this: DecodingImage) {
    if (decoded) {
      if (decodedLogos.size >= DECODED_LOGOS) decodedLogos.delete(decodedLogos.keys().next().value as string);
      decodedLogos.set(key, { imgData: this.imgData, alphaChannel: this.alphaChannel });
    }
    finalize.call(this);
  };
}

let svgToPdf: Promise<SvgToPdf> | null = null;

async function placeSvg(
  pdf: Pdf,
  bytes: Uint8Array,
  maxW: number,
  maxH: number,
): Promise<PlacedImage | null> {
  svgToPdf ??= import('svg-to-pdfkit').then((m) => m.default as SvgToPdf);
  const draw = await svgToPdf;
  const svg = new TextDecoder().decode(bytes);
  // Uploads are checked; a file stored before the checks existed is checked here: left out if unsafe.
  if (svgSafetyProblem(svg) !== null) return null;
  // svg-to-pdfkit draws opacity, clips and masks with soft masks: Factur-X renders leave such a logo out.
  if (pdf.pdfA && svgNeedsTransparency(svg)) return null;
  const ratio = svgAspect(svg);
  if (!ratio) return null;
  const size = fit(ratio.width, ratio.height, maxW, maxH);
  return {
    ...size,
    draw: (x, y) => {
      draw(pdf.doc, svg, x, y, {
        ...size,
        preserveAspectRatio: 'xMidYMid meet',
        assumePt: false,
        // Only the embedded faces: pdfkit's standard fonts are not in the executable.
        fontCallback: (_family, bold, italic) => pdf.fontName(bold ? 'bold' : italic ? 'italic' : 'regular'),
        // An SVG may point <image> at any path and pdfkit would read it from this server's disk: only
        // inline PNG/JPEG data is let through.
        imageCallback: (link) =>
          /^data:image\/(png|jpe?g);base64,/i.test(link.trim()) ? link.trim() : new Uint8Array(0),
        warningCallback: () => undefined,
      });
    },
  };
}

const NUMBER = /^\s*([0-9.]+)\s*(px|pt)?\s*$/;

/** Width and height from the root element's viewBox, else its width/height attributes. */
export function svgAspect(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const viewBox = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox && viewBox.length === 4) {
    const [, , w, h] = viewBox;
    if (w && h && w > 0 && h > 0) return { width: w, height: h };
  }
  const w = Number(NUMBER.exec(attr('width') ?? '')?.[1]);
  const h = Number(NUMBER.exec(attr('height') ?? '')?.[1]);
  return w > 0 && h > 0 ? { width: w, height: h } : null;
}
