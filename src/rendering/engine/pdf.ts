// The pdfkit document behind a render. pdfkit is imported lazily: loading it (and fontkit) at server start
// costs hundreds of milliseconds that a process which never renders should not pay.
import type { PageSizeId } from '../../modules/reference';
import { pageSizePoints } from '../../modules/reference';
import { FONT_KEYS, type FontFaces, loadFontFaces } from './fonts';

export interface PdfOptions {
  pageSize: PageSizeId;
  /** PDF Title and Author: plain strings (pdfkit escapes them in the Info dictionary). */
  title: string;
  author: string;
  /** BCP 47 language of the text, for screen readers and text extraction. */
  lang: string;
}

type PdfKitModule = typeof import('pdfkit');
let pdfkit: Promise<PdfKitModule> | null = null;

function loadPdfKit(): Promise<PdfKitModule> {
  pdfkit ??= import('pdfkit').then((m) => m.default as unknown as PdfKitModule);
  return pdfkit;
}

/** Starts loading pdfkit and parsing the fonts, so the first render does not pay for it. */
export function warmUp(): Promise<void> {
  return Promise.all([loadPdfKit(), loadFontFaces()]).then(() => undefined);
}

export class Pdf {
  readonly width: number;
  readonly height: number;
  private readonly chunks: Uint8Array[] = [];
  private readonly done: Promise<void>;

  private constructor(
    readonly doc: PDFKit.PDFDocument,
    size: { width: number; height: number },
  ) {
    this.width = size.width;
    this.height = size.height;
    doc.on('data', (chunk: Uint8Array) => this.chunks.push(chunk));
    this.done = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
  }

  static async create(options: PdfOptions): Promise<Pdf> {
    const [PDFDocument, fonts] = await Promise.all([loadPdfKit(), loadFontFaces()]);
    const size = pageSizePoints(options.pageSize);
    const doc = new PDFDocument({
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
    registerFonts(doc, fonts);
    return new Pdf(doc, size);
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
    return Buffer.concat(this.chunks);
  }
}

function registerFonts(doc: PDFKit.PDFDocument, fonts: FontFaces): void {
  for (const key of FONT_KEYS) {
    // Registered by name so pdfkit caches one PDF font per face (a font object alone is not a cache key).
    doc.registerFont(key, fonts[key] as unknown as string);
  }
}
