// A QR code as vector squares (crisp at any zoom and print resolution, a few hundred bytes), encoded by the
// `qr` package. Dark modules of a row are merged into runs and filled as one path.
import encodeQR from 'qr';
import type { Layout } from './layout';
import { num } from './text-fast-path';

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
  const place = `${x}|${y}|${size}`;
  let drawn = drawnSymbols.get(matrix);
  if (!drawn) {
    drawn = new Map();
    drawnSymbols.set(matrix, drawn);
  }
  let squares = drawn.get(place);
  if (squares === undefined) {
    squares = squaresOf(matrix, x + QUIET_ZONE * module, y + QUIET_ZONE * module, module);
    drawn.set(place, squares);
  }
  if (squares) (doc as unknown as { addContent(ops: string): void }).addContent(squares);
  doc.fill(color);
}

// The symbol's squares as pdfkit's `rect` writes them, kept with the kept symbol by where it is drawn.
const drawnSymbols = new WeakMap<boolean[][], Map<string, string>>();

/** `x y w h re` per run of dark modules in a row, one operator a line. */
function squaresOf(matrix: boolean[][], ox: number, oy: number, module: number): string {
  const ops: string[] = [];
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c += 1;
      // A hair of overlap hides the seams some viewers draw between abutting squares.
      const [sx, sy, w, h] = [
        ox + start * module,
        oy + r * module,
        (c - start) * module + 0.01,
        module + 0.01,
      ];
      ops.push(`${num(sx)} ${num(sy)} ${num(w)} ${num(h)} re`);
    }
  });
  return ops.join('\n');
}
