// Filled rectangles and stroked rules, written with the operators pdfkit's `rect(...).fill(c)`, `lineWidth(w)
// .moveTo(...).lineTo(...).stroke(c)` and `lineWidth(w).rect(...).stroke(c)` write, as pieces of the page's
// content (engine/stream-fast-path.ts) instead of one pdfkit call per operator, each formatting its numbers,
// parsing the colour and converting it again: a table's zebra rows and rules were 5-7% of a render.
// What is written is byte for byte what pdfkit wrote (a test compares the two). A colour that is not hex,
// or a page content pdfkit writes itself, goes through pdfkit as before.
import { colorOps, num } from './content-ops';
import { appendText } from './stream-fast-path';

interface PdfKitShapes {
  page: { content: object };
}

/** `doc.rect(x, y, w, h).fill(color)`. */
export function fillRect(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, color: string) {
  const pdf = doc as unknown as PdfKitShapes;
  const ops = colorOps(pdf, color, false);
  const path = `${num(x)} ${num(y)} ${num(w)} ${num(h)} re\n`;
  if (ops === null || !appendText(pdf.page.content, path, ops, 'f\n')) doc.rect(x, y, w, h).fill(color);
}

/** `doc.lineWidth(width).moveTo(x1, y1).lineTo(x2, y2).stroke(color)`. */
export function strokeLine(
  doc: PDFKit.PDFDocument,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color: string,
  width: number,
) {
  const pdf = doc as unknown as PdfKitShapes;
  const ops = colorOps(pdf, color, true);
  const path = `${num(width)} w\n${num(x1)} ${num(y1)} m\n${num(x2)} ${num(y2)} l\n`;
  if (ops === null || !appendText(pdf.page.content, path, ops, 'S\n'))
    doc.lineWidth(width).moveTo(x1, y1).lineTo(x2, y2).stroke(color);
}

/** `doc.lineWidth(width).rect(x, y, w, h).stroke(color)`. */
export function strokeRect(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  width: number,
) {
  const pdf = doc as unknown as PdfKitShapes;
  const ops = colorOps(pdf, color, true);
  const path = `${num(width)} w\n${num(x)} ${num(y)} ${num(w)} ${num(h)} re\n`;
  if (ops === null || !appendText(pdf.page.content, path, ops, 'S\n'))
    doc.lineWidth(width).rect(x, y, w, h).stroke(color);
}
