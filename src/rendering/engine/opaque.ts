// Logos without transparency, for Factur-X renders ("no transparency": no soft masks, no opacity).
import { deflateSync } from 'node:zlib';

/** The parts of pdfkit's PNGImage (and png-js's PNG inside it) this file touches. */
interface PngImage {
  image: {
    colors: number;
    bits: number;
    palette: number[];
    transparency: { indexed?: number[]; grayscale?: number; rgb?: number[] };
    decodePixels(callback: (pixels: Uint8Array) => void): void;
  };
  width: number;
  height: number;
  imgData: Uint8Array | Buffer;
  splitAlphaChannel(): void;
  finalize(): void;
}

const onWhite = (colour: number, alpha: number) => Math.round((colour * alpha + 255 * (255 - alpha)) / 255);

/**
 * Makes an image pdfkit opened paint opaquely, as it would look on white paper. Must run before pdfkit
 * embeds it (on the first `doc.image()`). JPEG has no alpha; for PNG:
 * - RGBA / grey+alpha: pdfkit's `splitAlphaChannel` (which writes the /SMask) is replaced on this image by
 *   one that composites each pixel onto white;
 * - a palette with alpha (tRNS): the palette entries are composited onto white and the alpha dropped;
 * - a colour key (tRNS on RGB or grey, a /Mask array): the key is dropped, so keyed pixels show their
 *   stored colour. Rare in logos; flattening them would need a decode pdfkit does not otherwise do.
 */
export function makeOpaque(opened: unknown): void {
  const png = opened as PngImage;
  if (!png.image?.transparency || typeof png.splitAlphaChannel !== 'function') return;
  const { transparency, palette } = png.image;
  if (transparency.indexed) {
    const alpha = transparency.indexed;
    for (let i = 0; i < palette.length; i++) {
      palette[i] = onWhite(palette[i] ?? 0, alpha[Math.floor(i / 3)] ?? 255);
    }
  }
  delete transparency.indexed;
  delete transparency.grayscale;
  delete transparency.rgb;
  png.splitAlphaChannel = function (this: PngImage) {
    this.image.decodePixels((pixels) => {
      const colours = this.image.colors;
      // pdfkit embeds alpha images at 8 bits: of a 16-bit sample, the high byte.
      const step = this.image.bits === 16 ? 2 : 1;
      const out = new Uint8Array(this.width * this.height * colours);
      let i = 0;
      let o = 0;
      while (i < pixels.length && o < out.length) {
        const alpha = pixels[i + colours * step] ?? 255;
        for (let c = 0; c < colours; c++) out[o++] = onWhite(pixels[i + c * step] ?? 0, alpha);
        i += (colours + 1) * step;
      }
      this.imgData = deflateSync(out);
      this.finalize();
    });
  };
}

// What makes svg-to-pdfkit write transparency: opacity (soft-masked transparency groups), clip paths and
// masks (luminosity soft masks), colours with alpha (gradient stops with opacity become soft masks; plain
// fills would be drawn opaque, `transparent` as black), patterns and filters (transparency groups), and
// embedded images (PNG alpha). Conservative on purpose: a false positive only drops the logo.
const TRANSPARENCY = /opacity|clip-?path|mask|rgba|hsla|transparent|<pattern|<filter|<image|url\(/i;

/** True when an SVG may need transparency to draw: Factur-X renders leave such a logo out. */
export function svgNeedsTransparency(svg: string): boolean {
  return TRANSPARENCY.test(svg);
}
