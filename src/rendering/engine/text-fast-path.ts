// One line of text, written with the same PDF operators pdfkit's `fillColor(c)` and `text(s, x, y,
// {lineBreak: false, baseline: 'alphabetic', characterSpacing})` write, without the general machinery around
// them: pdfkit merges option objects, splits lines, and shapes the string three times per call (for its
// cursor, for underline and link boxes, and to encode it), then writes each operator on its own. Here a
// line's operators are kept per face once encoded (glyph numbers are the process's, engine/glyph-codes.ts)
// and written as one piece. What is drawn is byte for byte what pdfkit drew (a test compares the two); only
// the cursor (`doc.x`, `doc.y`), which nothing here reads, is no longer moved.

import { colorOps, num } from './content-ops';
import { codeOf, type EmbeddedFont, faceCodes, markUsed } from './glyph-codes';
import { appendText, pieceCount, replaceLast } from './stream-fast-path';

interface Position {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** A page's content stream: its pieces stay in `buffer` until the page ends. */
interface PdfKitContent {
  buffer: unknown[] | Uint8Array;
  uncompressedLength: number;
  data: { Length?: number };
}

interface PdfKitInternals {
  _font: EmbeddedFont;
  _fontSize: number;
  _fillColor?: unknown;
  page: { height: number; fonts: Record<string, unknown>; content: PdfKitContent };
  addContent(data: string): unknown;
  fillColor(color: string): unknown;
  _normalizeColor(color: string): number[] | null;
}

/**
 * Draws `text` with its baseline at `baseline` (top-down page coordinates) in the current face, in `color`
 * when given (pdfkit's `fillColor` first), else in the current colour. A newline does what it does in
 * pdfkit: the next piece continues on the same line, after the first.
 */
export function drawTextLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  baseline: number,
  characterSpacing: number,
  color?: string,
): void {
  const pdf = doc as unknown as PdfKitInternals;
  let colorOps = color === undefined ? '' : fillColorOps(pdf, color);
  if (!text.includes('\n')) {
    drawPiece(pdf, text, x, baseline, characterSpacing, colorOps, color);
    return;
  }
  let left = x;
  for (const piece of text.split('\n')) {
    drawPiece(pdf, piece, left, baseline, characterSpacing, colorOps, color);
    if (piece.length > 0) colorOps = '';
    left += doc.widthOfString(piece, { characterSpacing });
  }
}

/**
 * The last line this file wrote to a document, while it is the last thing in its page's content: a next
 * line in the same colour, without tracking, joins it. pdfkit writes each line as `colour q flip BT ... ET
 * Q`; joined, the lines share the colour (already the current fill colour) and one `q flip ... Q` (the
 * flip is the same; a line without tracking sets no text state that would outlive its own BT ... ET). The
 * page looks the same; its content is a third smaller (less to join and compress). Only where the page's
 * content is kept as text until it ends (engine/stream-fast-path.ts). One record per document, updated in
 * place; a line's last piece is its glyphs with `ET Q` (kept with the encoded line), and joining the next
 * line swaps it for the same glyphs with `ET` alone instead of cutting a string.
 */
interface LastLine {
  content: PdfKitContent | null;
  /** The content's piece count right after the line: anything written since makes it differ. */
  count: number;
  color: string | undefined;
  /** The line set tracking (Tc), which its Q resets. */
  tracked: boolean;
  /** The line's last piece as written (ending `ET Q`), and without its `Q`. */
  closed: string;
  open: string;
}
const lastLines = new WeakMap<object, LastLine>();

/** What `doc.fillColor(color)` writes, as text to prefix the next operators with ('' once written). */
function fillColorOps(pdf: PdfKitInternals, color: string): string {
  const ops = colorOps(pdf, color, false);
  if (ops !== null) return ops;
  pdf.fillColor(color);
  return '';
}

// The operators that do not depend on where a line goes, written once per page height and per face and
// size: `q` and pdfkit's flip of the y axis, and the font selection.
const flips = new Map<number, string>();
const fontOps = new Map<string, Map<number, string>>();

function flipOps(height: number): string {
  let ops = flips.get(height);
  if (ops === undefined) {
    ops = `q\n1 0 0 -1 0 ${num(height)} cm\n`;
    if (flips.size >= 64) flips.clear();
    flips.set(height, ops);
  }
  return ops;
}

function fontOpsOf(id: string, size: number): string {
  let sizes = fontOps.get(id);
  if (!sizes) {
    sizes = new Map();
    fontOps.set(id, sizes);
  }
  let ops = sizes.get(size);
  if (ops === undefined) {
    ops = `/${id} ${num(size)} Tf\n`;
    if (sizes.size >= 256) sizes.clear();
    sizes.set(size, ops);
  }
  return ops;
}

function drawPiece(
  pdf: PdfKitInternals,
  line: string,
  x: number,
  baseline: number,
  characterSpacing: number,
  colorOps: string,
  color: string | undefined,
): void {
  if (line.length === 0) return;
  const font = pdf._font;
  const size = pdf._fontSize;
  const page = pdf.page;
  const height = page.height;
  const y = height - baseline;
  if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
  const shown = encodedLine(font, line);
  let { open, closed } = shown;
  if (open === null || closed === null) {
    open = `${glyphRuns(shown.hex, shown.positions, x, y, size / 1000)}ET\n`;
    closed = `${open}Q\n`;
  }
  // Where the line starts and its face: the only operators that change from line to line.
  const place = `BT\n1 0 0 1 ${num(x)} ${num(y)} Tm\n${fontOpsOf(font.id, size)}`;
  const content = page.content;
  let last = lastLines.get(pdf);
  if (!last) {
    last = { content: null, count: -1, color: undefined, tracked: false, closed: '', open: '' };
    lastLines.set(pdf, last);
  }
  const joins =
    last.content === content &&
    last.count === pieceCount(content) &&
    color !== undefined &&
    last.color === color &&
    !last.tracked &&
    !characterSpacing &&
    // The previous line's closing Q now closes this one.
    replaceLast(content, last.closed, last.open);
  // Otherwise what pdfkit writes for fillColor(), save(), transform(1, 0, 0, -1, 0, height), the text object
  // and restore(): the transformation is undone by the restore, so pdfkit's own matrix is left as it was.
  const written = joins
    ? appendText(content, place, closed)
    : characterSpacing
      ? appendText(content, colorOps, flipOps(height), place, `${num(characterSpacing)} Tc\n`, closed)
      : appendText(content, colorOps, flipOps(height), place, closed);
  if (written) {
    last.content = content;
    last.count = pieceCount(content);
    last.color = color;
    last.tracked = !!characterSpacing;
    last.closed = closed;
    last.open = open;
    return;
  }
  // A stream pdfkit writes itself: the line as one operator string, as before.
  last.content = null;
  const tracking = characterSpacing ? `${num(characterSpacing)} Tc\n` : '';
  pdf.addContent(`${colorOps}${flipOps(height)}${place}${tracking}${closed.slice(0, -1)}`);
}

/**
 * The TJ arrays of a shaped line, each operator followed by a newline: kerning as adjustments, glyphs moved
 * off the line by their own Tm. Without such moves the result does not depend on `startX`, `y` or `scale`.
 */
function glyphRuns(
  encoded: string[],
  positions: Position[],
  startX: number,
  y: number,
  scale: number,
): string {
  let out = '';
  const commands: string[] = [];
  let x = startX;
  let last = 0;
  let hadOffset = false;
  const addSegment = (cur: number) => {
    if (last < cur) {
      const hex = encoded.slice(last, cur).join('');
      const pos = positions[cur - 1] as Position;
      commands.push(`<${hex}> ${num(-(pos.xAdvance - pos.advanceWidth))}`);
    }
    last = cur;
  };
  const flush = (i: number) => {
    addSegment(i);
    if (commands.length > 0) {
      out += `[${commands.join(' ')}] TJ\n`;
      commands.length = 0;
    }
  };
  let i = 0;
  for (; i < positions.length; i++) {
    const pos = positions[i] as Position;
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      out += `1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm\n`;
      flush(i + 1);
      hadOffset = true;
    } else {
      if (hadOffset) {
        out += `1 0 0 1 ${num(x)} ${num(y)} Tm\n`;
        hadOffset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(i);
  return out;
}

/** A line as drawn: its glyphs' codes and hex, positions, and its TJ operators where they are fixed. */
interface EncodedLine {
  codes: number[];
  hex: string[];
  positions: Position[];
  /**
   * The operators and the end of the text object, when no glyph is moved off the line (they then do not
   * depend on where it is drawn): `open` ends `ET`, `closed` also restores the graphics state (`Q`).
   */
  open: string | null;
  closed: string | null;
}

// With glyph numbers fixed for the process (engine/glyph-codes.ts), a line is the same operators in every
// document: amounts, rates, units and labels repeat across rows and documents, so whole lines are kept per
// face. Bounded like the other caches: it starts over when full.
const ENCODED_LINES_LIMIT = 50_000;
const encodedLines = new WeakMap<object, Map<string, EncodedLine>>();

function encodedLine(font: EmbeddedFont, text: string): EncodedLine {
  const face = faceCodes(font.font);
  if (!face) {
    // A face pdfkit numbers per document: its own encode, nothing kept.
    const [hex, positions] = font.encode(text);
    return { codes: [], hex, positions, open: null, closed: null };
  }
  let lines = encodedLines.get(face);
  if (!lines) {
    lines = new Map();
    encodedLines.set(face, lines);
  }
  let line = lines.get(text);
  if (!line) {
    const { glyphs, positions } = font.layout(text);
    const codes = glyphs.map((glyph) => codeOf(face, glyph));
    const hex = codes.map((code) => face.hex[code] as string);
    const moved = positions.some((pos) => pos.xOffset || pos.yOffset);
    const open = moved ? null : `${glyphRuns(hex, positions, 0, 0, 0)}ET\n`;
    line = { codes, hex, positions, open, closed: open === null ? null : `${open}Q\n` };
    if (lines.size >= ENCODED_LINES_LIMIT) lines.clear();
    lines.set(text, line);
  }
  markUsed(font, face, line.codes);
  return line;
}
