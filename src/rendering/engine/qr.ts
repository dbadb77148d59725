// A QR code as vector squares (crisp at any zoom and print resolution, a few hundred bytes), encoded by the
// `qr` package. Dark modules of a row are merged into runs, a run with the same columns in the next rows
// into one taller square, and all are filled as one path, in module units under one scaling.
import encodeQR from 'qr';
import { num } from './content-ops';
import type { Layout } from './layout';

/**
 * The symbol's modules without a quiet zone (drawQr paints its own). EPC069-12 asks for error correction
 * level M; `qr` picks the smallest version that holds the data. `qr` insists on a border of at least one
 * module, which is sliced off again here.
 */
export function qrMatrix(payload: string): boolean[][] {
  let matrix = recentMatrices.get(payload);
  if (!matrix) {
    const framed = encodeQR(payload, 'raw', { ecc: 'medium', border: 1 });
    matrix = framed.slice(1, -1).map((row) => row.slice(1, -1));
    if (recentMatrices.size >= RECENT_MATRICES) recentMatrices.clear();
    recentMatrices.set(payload, matrix);
  }
  return matrix;
}

// Encoding tries all eight masks and scores each (a tenth of a one-page invoice's drawing time); the same
// payload (a document drawn again: preview, download, resend, the batch's retry) gives the same symbol, so
// the last few are kept. A new invoice (another number or amount) is encoded anew. Read only by drawQr.
const RECENT_MATRICES = 256;
const recentMatrices = new Map<string, boolean[][]>();

/** Quiet zone the QR specification requires around the symbol, in modules. */
export const QUIET_ZONE = 4;

/**
 * Draws the symbol with its top-left corner at (x, y), `size` points wide including the quiet zone,
 * which is painted white so the code scans even on a tinted panel.
 */
export function drawQr(
  layout: Layout,
  matrix: boolean[][],
  x: number,
  y: number,
  size: number,
  color: string,
): void {
  const count = matrix.length;
  if (count === 0) return;
  const module = size / (count + 2 * QUIET_ZONE);
  const doc = layout.pdf.doc;
  layout.rect(x, y, size, size, '#ffffff');
  const hair = Math.round((HAIR / module) * 1e4) / 1e4;
  let drawn = drawnSymbols.get(matrix);
  if (!drawn) {
    drawn = new Map();
    drawnSymbols.set(matrix, drawn);
  }
  let squares = drawn.get(hair);
  if (squares === undefined) {
    squares = squaresOf(matrix, hair);
    drawn.set(hair, squares);
  }
  if (!squares) return;
  // Drawn in module units, scaled into place: each square is a few digits instead of four coordinates
  // with six decimals (the squares were a third of a 20-line invoice's page content, all to compress).
  const origin = `${num(x + QUIET_ZONE * module)} ${num(y + QUIET_ZONE * module)}`;
  doc.fillColor(color);
  (doc as unknown as { addContent(ops: string): void }).addContent(
    `q\n${num(module)} 0 0 ${num(module)} ${origin} cm\n${squares}\nf\nQ`,
  );
}

// A hair of overlap (in points) hides the seams some viewers draw between abutting squares.
const HAIR = 0.01;

// The symbol's squares by the hair they are drawn with (in modules), kept with the kept symbol.
const drawnSymbols = new WeakMap<boolean[][], Map<number, string>>();

/**
 * `column row width height re` per run of dark modules in a row, in module units; a run with the same
 * columns in the rows below it is one taller square.
 */
function squaresOf(matrix: boolean[][], hair: number): string {
  const squares: { column: number; row: number; width: number; height: number }[] = [];
  // The squares still open at the previous row, by their columns.
  let open = new Map<string, (typeof squares)[number]>();
  matrix.forEach((cells, row) => {
    const next = new Map<string, (typeof squares)[number]>();
    let c = 0;
    while (c < cells.length) {
      if (!cells[c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < cells.length && cells[c]) c += 1;
      const key = `${start}:${c}`;
      let square = open.get(key);
      if (square) square.height += 1;
      else {
        square = { column: start, row, width: c - start, height: 1 };
        squares.push(square);
      }
      next.set(key, square);
    }
    open = next;
  });
  return squares
    .map((s) => `${s.column} ${s.row} ${num(s.width + hair)} ${num(s.height + hair)} re`)
    .join('\n');
}
