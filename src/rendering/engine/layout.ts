// The flow cursor and the drawing primitives every block uses. Text is wrapped and measured here (never by
// pdfkit's own line wrapper), so the engine always knows a block's height before drawing it and pdfkit never
// adds a page on its own: page breaks happen only where `ensure` or the table decide.
import { BoundedCache } from './bounded-cache';
import type { FontKey } from './fonts';
import type { Pdf } from './pdf';
import { fillRect, strokeLine, strokeRect } from './shape-fast-path';
import { drawTextLine } from './text-fast-path';

export interface TextStyle {
  font: FontKey;
  size: number;
  color: string;
  /** Extra space between characters, in points (letter-spaced small caps labels). */
  tracking?: number;
  upper?: boolean;
  /** Line pitch as a multiple of the size. */
  leading?: number;
}

export type Align = 'left' | 'right' | 'center';

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

// Noto Sans metrics (every weight shares them): cap height 0.714 em.
const CAP_HEIGHT = 0.714;
// Letter-spacing wider than about a tenth of an em makes text extractors (pdftotext, pdf.js, screen
// readers, an accountant's search box) read "I N V O I C E": themes ask, the engine caps.
const MAX_TRACKING = 0.08;
const DEFAULT_LEADING = 1.35;

// Labels, amounts and words repeat within a document and across documents, and wrapping measures the same
// prefixes again and again: a width depends only on the face, the size, the tracking and the text, so each
// is measured once per process (shaping through pdfkit costs far more than a map lookup). Bounded: the map
// starts over when it is full rather than keep every string a long-running server saw.
// Kept by style first, then by the text itself: a text's hash is computed once and kept with the string,
// where a key joining style and text would be a new string to hash on every lookup (a paragraph of
// payment instructions is hundreds of characters).
const MEASURED_WIDTHS_LIMIT = 100_000;
const measuredWidths = new BoundedCache<number>(MEASURED_WIDTHS_LIMIT);
const WRAPPED_TEXTS_LIMIT = 20_000;
const wrappedTexts = new BoundedCache<string[]>(WRAPPED_TEXTS_LIMIT);
// Upper-cased labels, per locale.
const upperTexts = new BoundedCache<string>(20_000);

/** Where a line may break: any white space but the no-break ones (U+00A0, U+2007 figure, U+202F narrow). */
const BREAKING_SPACE = /[^\S\u00a0\u2007\u202f]+/;
/** A run of them (text pasted from HTML's `&nbsp;&nbsp;`) is one space. */
const NO_BREAK_SPACE = /[\u00a0\u2007\u202f]+/g;

/** `text`'s advance added to `sum`, run by run as pdfkit's widthOfString splits it (after each space). */
function advanceRuns(runs: { advance(sum: number, run: string): number }, sum: number, text: string): number {
  let total = sum;
  for (const run of text.match(/[^ \t]*[ \t]?/g) ?? []) if (run) total = runs.advance(total, run);
  return total;
}

export class Layout {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  /** Lowest y content may reach on this page: the page less its bottom margin and the footer. */
  bottom: number;
  y: number;
  pageCount = 1;
  /** Runs after every page break, with the cursor at the top margin (a running header). */
  onPageStart: (() => void) | null = null;
  /** Height the running header takes at the top of every page after the first. */
  headerReserve = 0;
  /** Room that was left below the cursor on the page before the last break (below 0: a gap ran past it). */
  roomAtLastBreak = 0;
  /**
   * Height of a table header repeated at the top of the current page (0 when none): drawn only because
   * the table broke there, so it goes when what the page holds comes back onto the page before.
   */
  repeatedHeadOnPage = 0;

  constructor(
    readonly pdf: Pdf,
    readonly margins: Box,
    readonly locale: string,
  ) {
    this.width = pdf.width;
    this.height = pdf.height;
    this.left = margins.left;
    this.right = pdf.width - margins.right;
    this.top = margins.top;
    this.bottom = pdf.height - margins.bottom;
    this.y = margins.top;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  // ---- measuring -------------------------------------------------------------------------------

  // The cache keys of this document's styles (a theme's styles are made per document): written once each.
  private readonly faceKeys = new Map<TextStyle, string>();
  private readonly boxKeys = new Map<TextStyle, Map<number, string>>();

  /** Family, face, size and tracking: what a width depends on besides the text. */
  private faceKey(style: TextStyle, tracking: number): string {
    let key = this.faceKeys.get(style);
    if (key === undefined) {
      key = `${this.pdf.family}|${style.font}|${style.size}|${tracking}`;
      this.faceKeys.set(style, key);
    }
    return key;
  }

  /** The face, the case and the width: what a wrap depends on besides the text. */
  private boxKey(style: TextStyle, width: number): string {
    let byWidth = this.boxKeys.get(style);
    if (!byWidth) {
      byWidth = new Map();
      this.boxKeys.set(style, byWidth);
    }
    let key = byWidth.get(width);
    if (key === undefined) {
      key = `${this.faceKey(style, this.tracking(style))}|${style.upper ? this.locale : ''}|${width}`;
      byWidth.set(width, key);
    }
    return key;
  }

  private tracking(style: TextStyle): number {
    return Math.min(style.tracking ?? 0, style.size * MAX_TRACKING);
  }

  private prepare(text: string, style: TextStyle): string {
    this.pdf.font(style.font, style.size);
    if (!style.upper) return text;
    let upper = upperTexts.get(this.locale, text);
    if (upper === undefined) {
      upper = text.toLocaleUpperCase(this.locale);
      upperTexts.set(this.locale, text, upper);
    }
    return upper;
  }

  lineHeight(style: TextStyle): number {
    return style.size * (style.leading ?? DEFAULT_LEADING);
  }

  widthOf(text: string, style: TextStyle): number {
    return this.measured(this.prepare(text, style), style, this.tracking(style));
  }

  /** The width of already prepared text in the current face (set by `prepare`), measured once per process. */
  private measured(shown: string, style: TextStyle, tracking: number): number {
    const face = this.faceKey(style, tracking);
    let width = measuredWidths.get(face, shown);
    if (width === undefined) {
      width = this.pdf.doc.widthOfString(shown, { characterSpacing: tracking });
      measuredWidths.set(face, shown, width);
    }
    return width;
  }

  /**
   * Greedy word wrap; a word wider than the line is cut after its last hyphen or slash that fits, else
   * between characters. Newlines are kept. Kept per
   * process like widths: descriptions, names and payment terms repeat across rows and documents.
   */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const box = this.boxKey(style, width);
    let lines = wrappedTexts.get(box, text);
    if (!lines) {
      lines = this.wrapNew(text, width, style);
      wrappedTexts.set(box, text, lines);
    }
    return lines.slice();
  }

  private wrapNew(text: string, width: number, style: TextStyle): string[] {
    const runs = this.runWidths(style);
    const out: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      // A no-break space (Intl's between an amount and its currency, "1.234,56 €") keeps its words
      // together; drawn as a plain space, as every font has one.
      const words = paragraph
        .split(BREAKING_SPACE)
        .map((w) => w.replace(NO_BREAK_SPACE, ' ').trim())
        .filter((w) => w.length > 0);
      let line = '';
      // The line's words as pdfkit measures them: the sum of its runs, each word with its space.
      let lineRuns = 0;
      for (let word of words) {
        const candidate = line ? `${line} ${word}` : word;
        const fits = runs
          ? runs.width(advanceRuns(runs, lineRuns, word), candidate.length) <= width
          : this.widthOf(candidate, style) <= width;
        if (fits) {
          line = candidate;
          if (runs) lineRuns = advanceRuns(runs, lineRuns, `${word} `);
          continue;
        }
        if (line) out.push(line);
        while (word.length > 1 && this.widthOf(word, style) > width) {
          const fitting = this.fitChars(word, width, style);
          // At a no-break space when the words it holds together do not fit ("1.234.567,89" / "€"),
          // else after a hyphen or slash within what fits ("04011000-" / "12345…"), else between characters.
          const space = word.lastIndexOf(' ', fitting);
          const soft = Math.max(word.lastIndexOf('-', fitting - 1), word.lastIndexOf('/', fitting - 1));
          const cut = space > 0 ? space : soft > 0 ? soft + 1 : fitting;
          out.push(word.slice(0, cut));
          word = word.slice(space > 0 ? cut + 1 : cut);
        }
        line = word;
        if (runs) lineRuns = advanceRuns(runs, 0, `${word} `);
      }
      out.push(line);
    }
    return out;
  }

  /**
   * Widths of candidate lines built word by word, computed as pdfkit's widthOfString computes them (the
   * sum of the advances of its runs, a word and its trailing space each, from pdfkit's shared word cache;
   * scaled; plus tracking between characters), so a long paragraph is not measured again from its first
   * word for every word added. Null where that does not hold (upper-cased styles, a font without runs).
   */
  private runWidths(style: TextStyle): {
    advance(sum: number, run: string): number;
    width(advance: number, length: number): number;
  } | null {
    if (style.upper) return null;
    this.pdf.font(style.font, style.size);
    const doc = this.pdf.doc as unknown as {
      _font: { layoutCached?(run: string): { advanceWidth: number } };
      _fontSize: number;
    };
    const font = doc._font;
    if (typeof font.layoutCached !== 'function') return null;
    const scale = doc._fontSize / 1000;
    const spacing = this.tracking(style) || 0;
    return {
      advance: (sum, run) =>
        sum + (font.layoutCached as (run: string) => { advanceWidth: number })(run).advanceWidth,
      width: (advance, length) => ((advance * scale + spacing * (length - 1)) * 100) / 100,
    };
  }

  /** `text` cut with an ellipsis to fit one line of `width`. */
  ellipsize(text: string, width: number, style: TextStyle): string {
    if (this.widthOf(text, style) <= width) return text;
    const chars = Array.from(text);
    while (chars.length > 1 && this.widthOf(`${chars.join('').trimEnd()}…`, style) > width) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  private fitChars(word: string, width: number, style: TextStyle): number {
    const chars = Array.from(word);
    let taken = '';
    for (const ch of chars) {
      if (taken && this.widthOf(taken + ch, style) > width) break;
      taken += ch;
    }
    return Math.max(1, taken.length);
  }

  /** Distance from a line box's top to its baseline: caps sit optically centred in the box. */
  baselineOffset(style: TextStyle): number {
    return (this.lineHeight(style) + style.size * CAP_HEIGHT) / 2;
  }

  /** Height of `lines` lines (no trailing gap). */
  linesHeight(count: number, style: TextStyle): number {
    return count * this.lineHeight(style);
  }

  // ---- drawing ---------------------------------------------------------------------------------

  /** One line whose line box starts at `top`; caps sit optically centred in the box. */
  text(text: string, x: number, top: number, style: TextStyle, width?: number, align: Align = 'left'): void {
    if (!text) return;
    const shown = this.prepare(text, style);
    const tracking = this.tracking(style);
    let left = x;
    if (width !== undefined && align !== 'left') {
      const w = this.measured(shown, style, tracking);
      left = align === 'right' ? x + width - w : x + (width - w) / 2;
    }
    const baseline = top + this.baselineOffset(style);
    drawTextLine(this.pdf.doc, shown, left, baseline, tracking, style.color);
  }

  /** Already wrapped lines; returns the height used. */
  lines(
    lines: readonly string[],
    x: number,
    top: number,
    style: TextStyle,
    width?: number,
    align?: Align,
  ): number {
    const lh = this.lineHeight(style);
    lines.forEach((line, i) => {
      this.text(line, x, top + i * lh, style, width, align);
    });
    return lines.length * lh;
  }

  /** Wraps and draws; returns the height used. */
  paragraph(text: string, x: number, top: number, width: number, style: TextStyle, align?: Align): number {
    return this.lines(this.wrap(text, width, style), x, top, style, width, align);
  }

  rect(x: number, y: number, w: number, h: number, fill: string): void {
    fillRect(this.pdf.doc, x, y, w, h, fill);
  }

  strokeRect(x: number, y: number, w: number, h: number, color: string, lineWidth = 0.5): void {
    strokeRect(this.pdf.doc, x, y, w, h, color, lineWidth);
  }

  hline(x1: number, x2: number, y: number, color: string, lineWidth = 0.5): void {
    strokeLine(this.pdf.doc, x1, y, x2, y, color, lineWidth);
  }

  vline(x: number, y1: number, y2: number, color: string, lineWidth = 0.5): void {
    strokeLine(this.pdf.doc, x, y1, x, y2, color, lineWidth);
  }

  // ---- flow ------------------------------------------------------------------------------------

  /** Room left on this page below the cursor. */
  get room(): number {
    return this.bottom - this.y;
  }

  /** Starts a new page unless `height` still fits below the cursor. Returns true when it broke. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  /** Where content starts on a page after a break. */
  get freshTop(): number {
    return this.top + this.headerReserve;
  }

  newPage(): void {
    this.roomAtLastBreak = this.bottom - this.y;
    this.repeatedHeadOnPage = 0;
    this.pdf.addPage();
    this.pageCount += 1;
    this.y = this.top;
    this.onPageStart?.();
    this.y = this.freshTop;
  }
}
