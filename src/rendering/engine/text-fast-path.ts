// One line of text, written with the same PDF operators pdfkit's `fillColor(c)` and `text(s, x, y,
// {lineBreak: false, baseline: 'alphabetic', characterSpacing})` write, without the general machinery around
// them: pdfkit merges option objects, splits lines, and shapes the string three times per call (for its
// cursor, for underline and link boxes, and to encode it), then writes each operator on its own. Here a
// line's operators are kept per face once encoded (glyph numbers are the process's, engine/glyph-codes.ts)
// and written as one piece. What is drawn is byte for byte what pdfkit drew (a test compares the two); only
// the cursor (`doc.x`, `doc.y`), which nothing here reads, is no longer moved.

import { codeOf, type EmbeddedFont, faceCodes, markUsed } from './glyph-codes';

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

/** pdfkit's number format for content streams: six decimals at most. */
export const num = (n: number) => Math.round(n * 1e6) / 1e6;

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
 * content is kept as text until it ends (engine/stream-fast-path.ts).
 */
interface LastLine {
  content: PdfKitContent;
  /** The content's piece count right after the line: anything written since makes it differ. */
  count: number;
  color: string | undefined;
  /** The piece as written, ending `Q\n`. */
  piece: string;
  /** The line set tracking (Tc), which its Q resets. */
  tracked: boolean;
}
const lastLines = new WeakMap<object, LastLine>();

// The operators pdfkit's fillColor writes for a colour given as hex, kept per colour.
const COLOR_OPS_LIMIT = 1_000;
const colorOpsOf = new Map<string, string>();

/** What `doc.fillColor(color)` writes, as text to prefix the next operators with ('' once written). */
function fillColorOps(pdf: PdfKitInternals, color: string): string {
  let ops = colorOpsOf.get(color);
  if (ops === undefined) {
    const rgb = color.startsWith('#') ? pdf._normalizeColor(color) : null;
    if (!rgb) {
      pdf.fillColor(color);
      return '';
    }
    ops = `/${rgb.length === 4 ? 'DeviceCMYK' : 'DeviceRGB'} cs\n${rgb.join(' ')} scn\n`;
    if (colorOpsOf.size >= COLOR_OPS_LIMIT) colorOpsOf.clear();
    colorOpsOf.set(color, ops);
  }
  pdf._fillColor = [color, undefined];
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
  const content = page.content;
  const pieces = content.buffer;
  const last = lastLines.get(pdf);
  const joins =
    last !== undefined &&
    last.content === content &&
    Array.isArray(pieces) &&
    last.count === pieces.length &&
    pieces[last.count - 1] === last.piece &&
    color !== undefined &&
    last.color === color &&
    !last.tracked &&
    !characterSpacing;
  // What pdfkit writes for save(), transform(1, 0, 0, -1, 0, height), the text object and restore(), as
  // one piece: the transformation is undone by the restore, so pdfkit's own matrix is left as it was.
  let ops = joins
    ? `BT\n1 0 0 1 ${num(x)} ${num(y)} Tm\n/${font.id} ${num(size)} Tf\n`
    : `${colorOps}q\n1 0 0 -1 0 ${num(height)} cm\nBT\n1 0 0 1 ${num(x)} ${num(y)} Tm\n/${font.id} ${num(size)} Tf\n`;
  if (characterSpacing) ops += `${num(characterSpacing)} Tc\n`;
  const shown = encodedLine(font, line);
  const runs = shown.runs ?? glyphRuns(shown.hex, shown.positions, x, y, size / 1000);
  if (joins) {
    // The previous line's closing Q now closes this one.
    const previous = last.piece.slice(0, -2);
    pieces[last.count - 1] = previous;
    content.uncompressedLength -= 2;
    if (content.data.Length !== undefined) content.data.Length -= 2;
  }
  pdf.addContent(`${ops}${runs}ET\nQ`);
  const written = content.buffer;
  const piece = Array.isArray(written) ? written[written.length - 1] : undefined;
  if (typeof piece === 'string' && piece.endsWith('Q\n')) {
    lastLines.set(pdf, {
      content,
      count: (written as unknown[]).length,
      color,
      piece,
      tracked: !!characterSpacing,
    });
  } else lastLines.delete(pdf);
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
  /** The operators, when no glyph is moved off the line (they then do not depend on where it is drawn). */
  runs: string | null;
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
    return { codes: [], hex, positions, runs: null };
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
    line = { codes, hex, positions, runs: moved ? null : glyphRuns(hex, positions, 0, 0, 0) };
    if (lines.size >= ENCODED_LINES_LIMIT) lines.clear();
    lines.set(text, line);
  }
  markUsed(font, face, line.codes);
  return line;
}
