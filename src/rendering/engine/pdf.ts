// The pdfkit document behind a render. pdfkit is imported lazily: loading it (and fontkit) at server start
// costs hundreds of milliseconds that a process which never renders should not pay.
import type { PageSizeId } from '../../domain/reference';
import { pageSizePoints } from '../../domain/reference';
import { DEFAULT_FONT_FAMILY } from '../font-families';
import type { FacturxContent } from '../types';
import { loadIcc, makeFacturX } from './facturx';
import { FONT_KEYS, type FontFaces, type FontKey, loadFontFaces } from './fonts';
import { installGlyphCodes } from './glyph-codes';
import { collectedBytes, collectingDocument, installStreamFastPath } from './stream-fast-path';
import { installSubsetCache } from './subset-cache';
import { escapeXmpInfo } from './xmp';

export interface PdfOptions {
  pageSize: PageSizeId;
  /** PDF Title and Author: plain strings (pdfkit escapes them in the Info dictionary). */
  title: string;
  author: string;
  /** BCP 47 language of the text, for screen readers and text extraction. */
  lang: string;
  /** Factur-X: a PDF/A-3b file with this XML (and these files) attached (engine/facturx.ts). */
  facturx?: FacturxContent | null;
  /** One of the embedded families (../font-families.ts); default Noto Sans. */
  fontFamily?: string;
}

type PdfKitModule = typeof import('pdfkit');
let pdfkit: Promise<PdfKitModule> | null = null;

function loadPdfKit(): Promise<PdfKitModule> {
  pdfkit ??= import('pdfkit').then((m) => {
    const PDFDocument = m.default as unknown as PdfKitModule;
    escapeXmpInfo(PDFDocument);
    return collectingDocument(PDFDocument);
  });
  return pdfkit;
}

/** Starts loading pdfkit and parsing the fonts, so the first render does not pay for it. */
export function warmUp(): Promise<void> {
  return Promise.all([loadPdfKit(), loadFontFaces()]).then(() => undefined);
}

export class Pdf {
  readonly width: number;
  readonly height: number;
  private readonly done: Promise<void>;

  private readonly shared = new Set<PdfKitFont>();

  private constructor(
    readonly doc: PDFKit.PDFDocument,
    size: { width: number; height: number },
    private readonly fontNames: Record<FontKey, string>,
    /** PDF/A (Factur-X): images and SVG logos must then be drawn without transparency. */
    readonly pdfA: boolean,
    /** The family every face of this document is drawn in. */
    readonly family: string,
  ) {
    this.width = size.width;
    this.height = size.height;
    // The bytes are collected by the document itself (collectingDocument); a reader keeps its stream
    // flowing, so that it ends.
    doc.on('data', () => undefined);
    this.done = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
  }

  static async create(options: PdfOptions): Promise<Pdf> {
    const facturx = options.facturx ?? null;
    const [PDFDocument, fonts, icc] = await Promise.all([
      loadPdfKit(),
      loadFontFaces(options.fontFamily),
      facturx ? loadIcc() : null,
    ]);
    installSubsetCache(fonts.regular);
    const size = pageSizePoints(options.pageSize);
    const doc = new PDFDocument({
      // Other renders stay PDF 1.3 as before (pdfkit then writes no XMP at all).
      ...(facturx ? { subset: 'PDF/A-3b' as const, pdfVersion: '1.7' as const } : {}),
      size: [size.width, size.height],
      margin: 0,
      // The built-in Helvetica is not in the compiled executable (nor allowed in PDF/A): an embedded
      // face from the very first page. @types/pdfkit lags 0.20, which accepts a parsed fontkit font.
      font: fonts.regular as unknown as string,
      bufferPages: true,
      lang: options.lang,
      displayTitle: true,
      info: {
        Title: options.title,
        Author: options.author,
        Creator: 'invoice-service',
        Producer: 'invoice-service (pdfkit)',
      },
    });
    installStreamFastPath(doc);
    installGlyphCodes(doc);
    if (facturx && icc) makeFacturX(doc, facturx, icc);
    const names = registerFonts(doc, fonts);
    return new Pdf(doc, size, names, facturx !== null, options.fontFamily ?? DEFAULT_FONT_FAMILY);
  }

  /** The name a face is registered under in this document (for code that calls pdfkit's font()). */
  fontName(key: FontKey): string {
    return this.fontNames[key];
  }

  /** Selects a face for the next text or measurement. */
  font(key: FontKey, size: number): void {
    const doc = this.doc;
    doc.font(this.fontNames[key]).fontSize(size);
    const font = (doc as unknown as { _font: PdfKitFont })._font;
    if (font.layoutCache && !this.shared.has(font)) {
      font.layoutCache = sharedLayoutCache(`${this.family}:${key}`);
      this.shared.add(font);
    }
  }

  addPage(): void {
    this.doc.addPage({ size: [this.width, this.height], margin: 0 });
  }

  get pageCount(): number {
    return this.doc.bufferedPageRange().count;
  }

  /** Goes back to page `index` (0-based) to draw on it, e.g. "Page 1 of 3" once the count is known. */
  switchTo(index: number): void {
    this.doc.switchToPage(index);
  }

  async finish(): Promise<Uint8Array> {
    this.doc.end();
    await this.done;
    return collectedBytes(this.doc);
  }
}

function registerFonts(doc: PDFKit.PDFDocument, fonts: FontFaces): Record<FontKey, string> {
  const names = {} as Record<FontKey, string>;
  for (const key of FONT_KEYS) {
    // Registered under the face's PostScript name: the key pdfkit files the constructor's font under too.
    // Any other name for the regular face misses pdfkit's font cache on every call and re-opens the font
    // (a deep equality check of its tables, a third of a render's time).
    names[key] = fonts[key].postscriptName;
    doc.registerFont(names[key], fonts[key] as unknown as string);
  }
  return names;
}

/** The parts of pdfkit's EmbeddedFont this file touches. */
interface PdfKitFont {
  layoutCache?: Record<string, unknown>;
}

// Shaping a word (fontkit's GSUB/GPOS layout) costs far more than drawing it. pdfkit caches shaped words
// per document; these caches live for the process, one per face. Entries depend only on the parsed font
// and the text (pdfkit never mutates them), so sharing them across documents is safe. Bounded: a
// long-running server drops a cache when it grows past the limit rather than keep every word it saw.
const LAYOUT_CACHE_LIMIT = 50_000;
const LAYOUT_CACHE_CHECK_EVERY = 64;
const layoutCaches = new Map<string, { entries: Record<string, unknown>; handedOut: number }>();

/** `face` is `<family>:<FontKey>`: a cache per face the process draws with. */
function sharedLayoutCache(face: string): Record<string, unknown> {
  let cache = layoutCaches.get(face);
  // Counting a plain object's keys walks all of them: checked every few documents, not for each one.
  const due = cache !== undefined && ++cache.handedOut % LAYOUT_CACHE_CHECK_EVERY === 0;
  if (!cache || (due && Object.keys(cache.entries).length > LAYOUT_CACHE_LIMIT)) {
    cache = { entries: Object.create(null) as Record<string, unknown>, handedOut: 0 };
    layoutCaches.set(face, cache);
  }
  return cache.entries;
}
