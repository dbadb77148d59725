// One line of text, written with the same PDF operators pdfkit's `text(s, x, y, {lineBreak: false,
// baseline: 'alphabetic', characterSpacing})` writes, without the general machinery around them: pdfkit
// merges option objects, splits lines, and shapes the string three times per call (for its cursor, for
// underline and link boxes, and to encode it), where a line of an invoice needs it shaped once. What is
// drawn is byte for byte what pdfkit drew (a test compares the two); only the cursor (`doc.x`, `doc.y`),
// which nothing here reads, is no longer moved.

interface Position {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface Shaped {
  glyphs: Glyph[];
  positions: Position[];
}

interface EmbeddedFont {
  id: string;
  /** The parsed fontkit font, shared by every document's EmbeddedFont of the same face. */
  font: object;
  scale: number;
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
  layout(text: string): Shaped;
}

interface PdfKitInternals {
  _font: EmbeddedFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): unknown;
}

/** pdfkit's number format for content streams: six decimals at most. */
const num = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Draws `text` with its baseline at `baseline` (top-down page coordinates) in the current face and colour.
 * A newline does what it does in pdfkit: the next piece continues on the same line, after the first.
 */
export function drawTextLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  baseline: number,
  characterSpacing: number,
): void {
  if (!text.includes('\n')) {
    drawPiece(doc, text, x, baseline, characterSpacing);
    return;
  }
  let left = x;
  for (const piece of text.split('\n')) {
    drawPiece(doc, piece, left, baseline, characterSpacing);
    left += doc.widthOfString(piece, { characterSpacing });
  }
}

function drawPiece(
  doc: PDFKit.PDFDocument,
  line: string,
  x: number,
  baseline: number,
  characterSpacing: number,
): void {
  if (line.length === 0) return;
  const pdf = doc as unknown as PdfKitInternals;
  const font = pdf._font;
  const size = pdf._fontSize;
  doc.save();
  doc.transform(1, 0, 0, -1, 0, pdf.page.height);
  const y = pdf.page.height - baseline;
  if (pdf.page.fonts[font.id] == null) pdf.page.fonts[font.id] = font.ref();
  pdf.addContent('BT');
  pdf.addContent(`1 0 0 1 ${num(x)} ${num(y)} Tm`);
  pdf.addContent(`/${font.id} ${num(size)} Tf`);
  if (characterSpacing) pdf.addContent(`${num(characterSpacing)} Tc`);
  const [encoded, positions] = encode(font, line);
  writeGlyphRuns(pdf, encoded, positions, x, y, size / 1000);
  pdf.addContent('ET');
  doc.restore();
}

/** The TJ arrays of a shaped line: kerning as adjustments, glyphs moved off the line by their own Tm. */
function writeGlyphRuns(
  pdf: PdfKitInternals,
  encoded: string[],
  positions: Position[],
  startX: number,
  y: number,
  scale: number,
): void {
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
      pdf.addContent(`[${commands.join(' ')}] TJ`);
      commands.length = 0;
    }
  };
  let i = 0;
  for (; i < positions.length; i++) {
    const pos = positions[i] as Position;
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      pdf.addContent(`1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm`);
      flush(i + 1);
      hadOffset = true;
    } else {
      if (hadOffset) {
        pdf.addContent(`1 0 0 1 ${num(x)} ${num(y)} Tm`);
        hadOffset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(i);
}

// A line shaped by pdfkit (word by word, through its shared word cache) depends only on the face and the
// text, so whole lines are kept for the process: amounts, rates, units and labels repeat across rows and
// documents. Bounded like the other caches: it starts over when full.
const SHAPED_LINES_LIMIT = 50_000;
const shapedLines = new WeakMap<object, Map<string, Shaped>>();

function shape(font: EmbeddedFont, text: string): Shaped {
  let lines = shapedLines.get(font.font);
  if (!lines) {
    lines = new Map();
    shapedLines.set(font.font, lines);
  }
  let shaped = lines.get(text);
  if (!shaped) {
    shaped = font.layout(text);
    if (lines.size >= SHAPED_LINES_LIMIT) lines.clear();
    lines.set(text, shaped);
  }
  return shaped;
}

// A document's subset numbers glyphs in the order they are first used; the hex of each glyph's number in
// this subset is kept beside the subset, so a glyph seen before on the document costs one lookup.
const subsetHex = new WeakMap<object, Map<number, string>>();

/** pdfkit's EmbeddedFont.encode on a cached shaping: glyph ids of this document's subset, in hex. */
function encode(font: EmbeddedFont, text: string): [string[], Position[]] {
  const { glyphs, positions } = shape(font, text);
  let known = subsetHex.get(font.subset);
  if (!known) {
    known = new Map();
    subsetHex.set(font.subset, known);
  }
  const hex: string[] = new Array(glyphs.length);
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i] as Glyph;
    let code = known.get(glyph.id);
    if (code === undefined) {
      const gid = font.subset.includeGlyph(glyph.id);
      code = `0000${gid.toString(16)}`.slice(-4);
      known.set(glyph.id, code);
      if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * font.scale;
      if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints;
    }
    hex[i] = code;
  }
  return [hex, positions];
}
